import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { inboxListSchema } from '@kontor/domain/trading-contracts';
import { customerOf } from '../platform/auth.ts';
import type { InboxService } from './service.ts';

const tags = ['inbox'];

export const inboxRoutes: FastifyPluginAsyncZod<{ service: InboxService }> = async (app, { service }) => {
  app.get(
    '/api/posteingang',
    { schema: { tags, summary: 'The customer’s documents, newest first', response: { 200: inboxListSchema } } },
    async (req) => ({ documents: await service.list(customerOf(req).sub) }),
  );

  app.get(
    '/api/posteingang/:id/pdf',
    { schema: { tags, summary: 'A document as PDF', params: z.object({ id: z.string().max(64) }) } },
    async (req, reply) => {
      const { pdf, filename } = await service.pdf(customerOf(req).sub, req.params.id);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="${filename}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
};
