import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { trackingPayloadSchema } from '../tracking';

/** What any visitor's app asks without signing in: whether it is outdated, and a campaign landing. */
export const systemEndpoints = {
  versionCheck: defineEndpoint({
    method: 'GET',
    path: '/api/versions/check',
    tags: ['system'],
    summary: 'The current versions of the web app and the API, and whether the calling app is outdated',
    query: z.object({ version: z.string().max(40).optional() }),
    status: 200,
    response: z.object({
      web: z.string().describe('Current version of the web app'),
      api: z.string().describe('Current version of the API'),
      updateRequired: z.boolean().describe('True when the calling app is older than the current web app'),
    }),
  }),
  tracking: defineEndpoint({
    method: 'POST',
    path: '/api/user/tracking',
    tags: ['tracking'],
    summary: 'Record a campaign landing (fz* parameters)',
    body: trackingPayloadSchema,
    status: 204,
  }),
};
