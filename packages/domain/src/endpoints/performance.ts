import { defineEndpoint } from '../endpoint';
import { performanceQuerySchema, performanceSchema } from '../performance-contracts';

/** The depot's performance (a card of its own, loaded when shown). */
export const performanceEndpoints = {
  depot: defineEndpoint({
    method: 'GET',
    path: '/api/depot/performance',
    tags: ['trading'],
    summary: 'Performance of the depot and its positions (TTWROR, IRR) and its value history over a range',
    query: performanceQuerySchema,
    status: 200,
    response: performanceSchema,
  }),
};
