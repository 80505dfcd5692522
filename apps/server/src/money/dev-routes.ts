import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { directDebitSchema, moneyAmountInputSchema } from '@kontor/domain/money-contracts';
import { cashSchema, depositRequestSchema } from '@kontor/domain/trading-contracts';
import { customerOf } from '../platform/auth.ts';
import { idempotencyKeyOf } from '../platform/idempotency.ts';
import type { MoneyService } from './service.ts';

const tags = ['development'];
const amountBody = z.object({ amount: moneyAmountInputSchema });

/** Development only (DEV_TOOLS): the simulated bank on the other side of Kontor's account. */
export const moneyDevRoutes: FastifyPluginAsyncZod<{ service: MoneyService }> = async (app, { service }) => {
  app.post(
    '/api/dev/deposit',
    {
      schema: {
        tags,
        summary: 'Development only: money arrives at once ("Einzahlung simulieren"); a repeat with the same Idempotency-Key books once',
        body: depositRequestSchema,
        response: { 200: cashSchema },
      },
    },
    async (req) => service.simulateDeposit(customerOf(req).sub, req.body.amount, idempotencyKeyOf(req, false)),
  );

  app.post(
    '/api/dev/money/incoming-transfer',
    {
      schema: {
        tags,
        summary: 'Development only: a SEPA credit transfer from the reference account arrives; booked on the next banking day',
        body: amountBody,
        response: { 202: z.object({ id: z.string(), bookingDate: z.iso.date() }) },
      },
    },
    async (req, reply) => reply.code(202).send(await service.simulateIncomingTransfer(customerOf(req).sub, req.body.amount)),
  );

  app.post(
    '/api/dev/money/debits/:id/return',
    {
      schema: {
        tags,
        summary: 'Development only: the customer’s bank returns a pending direct debit (Rücklastschrift)',
        params: z.object({ id: z.uuid() }),
        response: { 200: directDebitSchema },
      },
    },
    async (req) => service.returnDebit(customerOf(req).sub, req.params.id),
  );
};
