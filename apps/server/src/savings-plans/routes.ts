import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  savingsPlanChangeSchema,
  savingsPlanDetailSchema,
  savingsPlanInputSchema,
  savingsPlanListSchema,
  savingsPlanPreviewSchema,
  savingsPlanSchema,
} from '@kontor/domain/savings-plan-contracts';
import { customerOf } from '../platform/auth.ts';
import { idempotencyHeader, idempotencyKeyOf } from '../platform/idempotency.ts';
import type { SavingsPlanService } from './service.ts';

const idParams = z.object({ id: z.string().max(100) });
const tags = ['savingsplan'];
const planAnswer = { response: { 200: savingsPlanSchema } };

/** Sparpläne (contract: packages/domain/src/savings-plan-contracts.ts). */
export const savingsPlanRoutes: FastifyPluginAsyncZod<{ service: SavingsPlanService }> = async (app, { service }) => {
  app.get('/api/savingsplan', { schema: { tags, summary: 'The savings plans (deleted ones too) and the monthly savings rate', response: { 200: savingsPlanListSchema } } }, async (req) =>
    service.list(customerOf(req).sub),
  );
  app.post(
    '/api/savingsplan/preview',
    { schema: { tags, summary: 'Before setting up a plan: its first execution, the ex-ante costs and the next executions', body: savingsPlanInputSchema, response: { 200: savingsPlanPreviewSchema } } },
    async (req) => service.preview(customerOf(req).sub, req.body),
  );
  app.post(
    '/api/savingsplan',
    {
      schema: {
        tags,
        summary: 'Set up a savings plan; a repeat with the same Idempotency-Key returns the first answer',
        headers: idempotencyHeader,
        body: savingsPlanInputSchema,
        response: { 201: savingsPlanSchema },
      },
    },
    async (req, reply) => {
      const result = await service.create(customerOf(req).sub, req.body, idempotencyKeyOf(req, false));
      if (result.replayed) reply.header('idempotent-replayed', 'true');
      return reply.code(201).send(result.body);
    },
  );
  app.get(
    '/api/savingsplan/:id',
    { schema: { tags, summary: 'A plan with its executions, invested vs value, the next executions and its costs', params: idParams, response: { 200: savingsPlanDetailSchema } } },
    async (req) => service.detail(customerOf(req).sub, req.params.id),
  );
  app.patch(
    '/api/savingsplan/:id',
    { schema: { tags, summary: 'Change rate, interval or day (after the cut-off: from the execution after the next)', params: idParams, body: savingsPlanChangeSchema, ...planAnswer } },
    async (req) => service.change(customerOf(req).sub, req.params.id, req.body),
  );
  app.post('/api/savingsplan/:id/pause', { schema: { tags, summary: 'Pause a plan (inactive)', params: idParams, ...planAnswer } }, async (req) =>
    service.pause(customerOf(req).sub, req.params.id),
  );
  app.post('/api/savingsplan/:id/resume', { schema: { tags, summary: 'Resume a paused plan (active)', params: idParams, ...planAnswer } }, async (req) =>
    service.resume(customerOf(req).sub, req.params.id),
  );
  app.delete('/api/savingsplan/:id', { schema: { tags, summary: 'Delete a plan (it stays in the history)', params: idParams, ...planAnswer } }, async (req) =>
    service.remove(customerOf(req).sub, req.params.id),
  );
};
