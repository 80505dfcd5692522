import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { stepUpRequestSchema } from '@kontor/domain/auth-contracts';
import { customerOf } from '../platform/auth.ts';
import type { StepUpService } from './step-up.ts';

const tags = ['auth'];

/** The session's activity, which money and authorisation calls need (PSD2 RTS Art. 4(3)(d)). */
export const stepUpRoutes: FastifyPluginAsyncZod<{ service: StepUpService }> = async (app, { service }) => {
  app.post(
    '/api/session/activity',
    {
      schema: { tags, summary: 'The customer used the app (pointer or keyboard), reported at most once a minute; refused with SESSION_IDLE once the session is idle', response: { 204: z.null() } },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (req, reply) => {
      await service.reportActivity(customerOf(req));
      return reply.code(204).send(null);
    },
  );
  app.post(
    '/api/session/stepup',
    {
      schema: { tags, summary: 'Confirm the session again after inactivity, with the result of the SESSION_AUTH or IDLE_STEP_UP challenge', body: stepUpRequestSchema, response: { 204: z.null() } },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (req, reply) => {
      await service.stepUp(customerOf(req), req.body);
      return reply.code(204).send(null);
    },
  );
};
