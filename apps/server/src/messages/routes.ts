import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { markReadSchema, messageListQuerySchema, messagePageSchema } from '@kontor/domain/posteingang-contracts';
import { customerOf } from '../platform/auth.ts';
import type { MessageService } from './service.ts';

const tags = ['posteingang'];
const idParams = z.object({ id: z.uuid('Unbekannte Kennung') });

export const messageRoutes: FastifyPluginAsyncZod<{ service: MessageService }> = async (app, { service }) => {
  app.get(
    '/api/posteingang/messages',
    { schema: { tags, summary: 'Messages (orders, RFQs, tickets, plain text), newest first, a page at a time', querystring: messageListQuerySchema, response: { 200: messagePageSchema } } },
    async (req) => service.page(customerOf(req).sub, req.query),
  );
  app.put(
    '/api/posteingang/messages/:id/read',
    { schema: { tags, summary: 'Mark a message read or unread again', params: idParams, body: markReadSchema } },
    async (req, reply) => {
      await service.markRead(customerOf(req).sub, req.params.id, req.body.read);
      return reply.code(204).send();
    },
  );
};
