import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { typedText } from '@kontor/domain/text';
import { customerOf } from '../platform/auth.ts';
import type { MessageService } from './service.ts';

const devMessageSchema = z.object({
  /** TEXT for a plain message; any other form is kept and listed as kind `unknown` if Kontor does not know it. */
  textForm: z.string().trim().min(1).max(40).regex(/^[A-Z0-9_]+$/, 'Nur Großbuchstaben, Ziffern und _').default('TEXT'),
  title: typedText().trim().min(1).max(200),
  body: typedText({ multiline: true }).trim().max(4000).default(''),
});

/** Development only (DEV_TOOLS): sends the signed-in customer a message from Kontor. */
export const messageDevRoutes: FastifyPluginAsyncZod<{ service: MessageService }> = async (app, { service }) => {
  app.post(
    '/api/dev/messages',
    { schema: { tags: ['development'], summary: 'Development only: send yourself a message (any text form; an unknown one is listed as kind unknown)', body: devMessageSchema } },
    async (req, reply) => {
      await service.send(customerOf(req).sub, req.body);
      return reply.code(204).send();
    },
  );
};
