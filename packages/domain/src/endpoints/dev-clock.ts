import { advanceClockRequestSchema, advanceClockResultSchema, devClockSchema } from '../dev-clock';
import { defineEndpoint } from '../endpoint';

const tags = ['development'];

/** Development only (DEV_TOOLS): the simulated clock and "Zeit vorspulen". */
export const devClockEndpoints = {
  clock: defineEndpoint({ method: 'GET', path: '/api/dev/clock', tags, summary: 'Development only: the simulated time and how far it was moved', status: 200, response: devClockSchema }),
  advance: defineEndpoint({
    method: 'POST',
    path: '/api/dev/clock/advance',
    tags,
    summary: 'Development only: move the simulated time forward ("Zeit vorspulen") and run the jobs that fell due',
    body: advanceClockRequestSchema,
    status: 200,
    response: advanceClockResultSchema,
  }),
  nextQuarter: defineEndpoint({
    method: 'POST',
    path: '/api/dev/clock/next-quarter',
    tags,
    summary: 'Development only: move the simulated time to the start of the next quarter (Berlin) and run the jobs that fell due (the Depotauszug appears)',
    status: 200,
    response: advanceClockResultSchema,
  }),
  nextSavingsDay: defineEndpoint({
    method: 'POST',
    path: '/api/dev/clock/next-savings-day',
    tags,
    summary: 'Development only: move the simulated time to the next savings-plan execution (09:00 Berlin) and run the jobs that fell due',
    status: 200,
    response: advanceClockResultSchema,
  }),
};
