import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { documentListQuerySchema, documentPageSchema, markReadSchema, posteingangUnreadSchema } from '@kontor/domain/posteingang-contracts';
import { customerOf } from '../platform/auth.ts';
import type { InboxService } from './service.ts';

const tags = ['inbox'];
const params = z.object({ id: z.string().max(64) });

export const inboxRoutes: FastifyPluginAsyncZod<{ service: InboxService }> = async (app, { service }) => {
  app.get(
    '/api/posteingang',
    {
      schema: {
        tags,
        summary: 'The customer’s documents, newest first, a page at a time (filter mode, categories, search, dates, unread)',
        querystring: documentListQuerySchema,
        response: { 200: documentPageSchema },
      },
    },
    async (req) => service.list(customerOf(req).sub, req.query),
  );

  app.get(
    '/api/posteingang/unread',
    { schema: { tags, summary: 'How many documents and messages are unread', response: { 200: posteingangUnreadSchema } } },
    async (req) => service.unread(customerOf(req).sub),
  );

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

  app.put(
    '/api/posteingang/:id/read',
    { schema: { tags, summary: 'Marks a document read or unread again', params, body: markReadSchema, response: { 204: z.null() } } },
    async (req, reply) => {
      await service.setRead(customerOf(req).sub, req.params.id, req.body.read);
      return reply.status(204).send(null);
    },
  );
};
