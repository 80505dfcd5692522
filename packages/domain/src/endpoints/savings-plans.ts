import { z } from 'zod';
import { defineEndpoint, idempotencyHeaderSchema } from '../endpoint';
import {
  savingsPlanChangeSchema,
  savingsPlanDetailSchema,
  savingsPlanInputSchema,
  savingsPlanListSchema,
  savingsPlanPreviewSchema,
  savingsPlanSchema,
} from '../savings-plan-contracts';

const tags = ['savingsplan'];
const idParams = z.object({ id: z.string().max(100) });

/** Sparpläne (contract: savings-plan-contracts.ts). */
export const savingsPlanEndpoints = {
  list: defineEndpoint({ method: 'GET', path: '/api/savingsplan', tags, summary: 'The savings plans (deleted ones too) and the monthly savings rate', status: 200, response: savingsPlanListSchema }),
  preview: defineEndpoint({
    method: 'POST',
    path: '/api/savingsplan/preview',
    tags,
    summary: 'Before setting up a plan: its first execution, the ex-ante costs and the next executions',
    body: savingsPlanInputSchema,
    status: 200,
    response: savingsPlanPreviewSchema,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/savingsplan',
    tags,
    summary: 'Set up a savings plan; a repeat with the same Idempotency-Key returns the first answer',
    headers: idempotencyHeaderSchema,
    body: savingsPlanInputSchema,
    status: 201,
    response: savingsPlanSchema,
  }),
  detail: defineEndpoint({
    method: 'GET',
    path: '/api/savingsplan/{id}',
    tags,
    summary: 'A plan with its executions, invested vs value, the next executions and its costs',
    params: idParams,
    status: 200,
    response: savingsPlanDetailSchema,
  }),
  change: defineEndpoint({
    method: 'PATCH',
    path: '/api/savingsplan/{id}',
    tags,
    summary: 'Change rate, interval or day (after the cut-off: from the execution after the next)',
    params: idParams,
    body: savingsPlanChangeSchema,
    status: 200,
    response: savingsPlanSchema,
  }),
  pause: defineEndpoint({ method: 'POST', path: '/api/savingsplan/{id}/pause', tags, summary: 'Pause a plan (inactive)', params: idParams, status: 200, response: savingsPlanSchema }),
  resume: defineEndpoint({ method: 'POST', path: '/api/savingsplan/{id}/resume', tags, summary: 'Resume a paused plan (active)', params: idParams, status: 200, response: savingsPlanSchema }),
  remove: defineEndpoint({ method: 'DELETE', path: '/api/savingsplan/{id}', tags, summary: 'Delete a plan (it stays in the history)', params: idParams, status: 200, response: savingsPlanSchema }),
};
