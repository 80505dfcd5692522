import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { endpoints } from '@kontor/domain/endpoints';
import { customerOf } from '../platform/auth.ts';
import { route } from '../platform/endpoint-route.ts';
import type { InboxService } from './service.ts';

const tags = ['inbox'];
const params = z.object({ id: z.string().max(64) });
const e = endpoints.inbox;

export const inboxRoutes: FastifyPluginAsyncZod<{ service: InboxService }> = async (app, { service }) => {
  route(app, e.documents, async (req) => service.list(customerOf(req).sub, req.query));
  route(app, e.unread, async (req) => service.unread(customerOf(req).sub));

  // A PDF, not JSON: declared here.
  app.get(
    '/api/posteingang/:id/pdf',
    {
      schema: {
        tags,
        summary: 'A document as the PDF it was sent as (opening it marks it read); download=1 as an attachment',
        params,
        querystring: z.object({ download: z.enum(['0', '1']).optional() }),
      },
    },
    async (req, reply) => {
      const { pdf, filename } = await service.pdf(customerOf(req).sub, req.params.id);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `${req.query.download === '1' ? 'attachment' : 'inline'}; filename="${filename}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );

  route(app, e.markDocumentRead, async (req) => service.setRead(customerOf(req).sub, req.params.id, req.body.read));
};
