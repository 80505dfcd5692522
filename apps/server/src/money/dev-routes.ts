import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cashSchema, depositRequestSchema } from '@kontor/domain/trading-contracts';
import { customerOf } from '../platform/auth.ts';
import { idempotencyKeyOf } from '../platform/idempotency.ts';
import type { MoneyService } from './service.ts';

/** Development only (DEV_TOOLS): the "Einzahlung simulieren" button. */
export const moneyDevRoutes: FastifyPluginAsyncZod<{ service: MoneyService }> = async (app, { service }) => {
  app.post(
    '/api/dev/deposit',
    {
      schema: {
        tags: ['development'],
        summary: 'Development only: simulate an incoming transfer ("Einzahlung simulieren"); a repeat with the same Idempotency-Key books once',
        body: depositRequestSchema,
        response: { 200: cashSchema },
      },
    },
    async (req) => service.simulateDeposit(customerOf(req).sub, req.body.amount, idempotencyKeyOf(req, false)),
  );
};
