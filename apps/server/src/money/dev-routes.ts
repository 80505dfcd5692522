import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@kontor/domain/endpoints';
import { customerOf } from '../platform/auth.ts';
import { route } from '../platform/endpoint-route.ts';
import { idempotencyKeyOf } from '../platform/idempotency.ts';
import type { MoneyService } from './service.ts';

/** Development only (DEV_TOOLS): the simulated bank on the other side of Kontor's account. */
export const moneyDevRoutes: FastifyPluginAsyncZod<{ service: MoneyService }> = async (app, { service }) => {
  route(app, endpoints.money.devDeposit, async (req) => service.simulateDeposit(customerOf(req).sub, req.body.amount, idempotencyKeyOf(req, false)));
  route(app, endpoints.money.devIncomingTransfer, async (req) => service.simulateIncomingTransfer(customerOf(req).sub, req.body.amount));
  route(app, endpoints.money.devReturnDebit, async (req) => service.returnDebit(customerOf(req).sub, req.params.id));
};
