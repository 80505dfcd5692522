import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@kontor/domain/endpoints';
import { customerOf } from '../platform/auth.ts';
import { route } from '../platform/endpoint-route.ts';
import { idempotencyKeyOf } from '../platform/idempotency.ts';
import type { SavingsPlanService } from './service.ts';

const e = endpoints.savingsPlans;

/** Sparpläne (contract: packages/domain/src/savings-plan-contracts.ts). */
export const savingsPlanRoutes: FastifyPluginAsyncZod<{ service: SavingsPlanService }> = async (app, { service }) => {
  route(app, e.list, async (req) => service.list(customerOf(req).sub));
  route(app, e.preview, async (req) => service.preview(customerOf(req).sub, req.body));
  route(app, e.create, async (req, reply) => {
    const result = await service.create(customerOf(req).sub, req.body, idempotencyKeyOf(req, false));
    if (result.replayed) reply.header('idempotent-replayed', 'true');
    return result.body;
  });
  route(app, e.detail, async (req) => service.detail(customerOf(req).sub, req.params.id));
  route(app, e.change, async (req) => service.change(customerOf(req).sub, req.params.id, req.body));
  route(app, e.pause, async (req) => service.pause(customerOf(req).sub, req.params.id));
  route(app, e.resume, async (req) => service.resume(customerOf(req).sub, req.params.id));
  route(app, e.remove, async (req) => service.remove(customerOf(req).sub, req.params.id));
};
