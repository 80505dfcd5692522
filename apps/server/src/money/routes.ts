import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountHistoryQuerySchema,
  accountHistorySchema,
  directDebitRequestSchema,
  directDebitSchema,
  mandateSchema,
  moneyOverviewSchema,
  payoutRequestSchema,
  payoutSchema,
  referenceAccountSchema,
  setReferenceAccountSchema,
} from '@kontor/domain/money-contracts';
import { authorisationFieldSchema } from '@kontor/domain/auth-contracts';
import { customerOf } from '../platform/auth.ts';
import { notFound } from '../platform/errors.ts';
import { idempotencyHeader, idempotencyKeyOf } from '../platform/idempotency.ts';
import type { MoneyService } from './service.ts';

const tags = ['money'];
const idParams = z.object({ id: z.uuid() });

export const moneyRoutes: FastifyPluginAsyncZod<{ service: MoneyService }> = async (app, { service }) => {
  app.get(
    '/api/moneytransaction',
    { schema: { tags, summary: 'Cash figures, the accounts, the direct debit mandate, payouts and debits', response: { 200: moneyOverviewSchema } } },
    async (req) => service.overview(customerOf(req).sub),
  );

  app.get(
    '/api/moneytransaction/history',
    { schema: { tags, summary: 'Kontoumsätze: every booking with running balance, newest first; by month and kind', querystring: accountHistoryQuerySchema, response: { 200: accountHistorySchema } } },
    async (req) => service.history(customerOf(req).sub, req.query),
  );

  app.get(
    '/api/moneytransaction/history.csv',
    { schema: { tags, summary: 'Kontoumsätze as CSV (semicolons, German numbers)', querystring: accountHistoryQuerySchema, produces: ['text/csv'] } },
    async (req, reply) => {
      const csv = await service.historyCsv(customerOf(req).sub, req.query);
      const name = `Kontoumsaetze${req.query.month ? `-${req.query.month}` : ''}.csv`;
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'private, no-store')
        .send(csv);
    },
  );

  app.post(
    '/api/moneytransaction/payouts',
    { config: { leader: true, activeSession: true },
      schema: {
        tags,
        summary: 'Pay out to the reference account, authorised by TAN or app for exactly this amount and IBAN; Idempotency-Key',
        headers: idempotencyHeader,
        body: payoutRequestSchema,
        response: { 201: payoutSchema },
      },
    },
    async (req, reply) => {
      const result = await service.payout(customerOf(req).sub, req.body, idempotencyKeyOf(req)!);
      if (result.replayed) reply.header('idempotent-replayed', 'true');
      return reply.code(201).send(result.body);
    },
  );

  app.get(
    '/api/moneytransaction/payouts/:id',
    { schema: { tags, summary: 'One payout', params: idParams, response: { 200: payoutSchema } } },
    async (req) => service.payoutOf(customerOf(req).sub, req.params.id),
  );

  app.delete(
    '/api/moneytransaction/payouts/:id',
    { config: { leader: true, activeSession: true }, schema: { tags, summary: 'Cancel a payout before its execution day', params: idParams, response: { 200: payoutSchema } } },
    async (req) => service.cancelPayout(customerOf(req).sub, req.params.id),
  );

  app.post(
    '/api/moneytransaction/mandate',
    { config: { activeSession: true }, schema: { tags, summary: 'Sign the SEPA direct debit mandate for the reference account, by TAN', body: authorisationFieldSchema, response: { 201: mandateSchema } } },
    async (req, reply) => reply.code(201).send(await service.signMandate(customerOf(req).sub, req.body.authorisation)),
  );

  app.post(
    '/api/moneytransaction/debits',
    { config: { leader: true, activeSession: true }, schema: { tags, summary: 'Collect money from the reference account by direct debit; Idempotency-Key', headers: idempotencyHeader, body: directDebitRequestSchema, response: { 201: directDebitSchema } } },
    async (req, reply) => {
      const result = await service.requestDebit(customerOf(req).sub, req.body.amount, idempotencyKeyOf(req)!);
      if (result.replayed) reply.header('idempotent-replayed', 'true');
      return reply.code(201).send(result.body);
    },
  );

  app.get(
    '/api/user/account/iban',
    { schema: { tags, summary: 'The reference account (Referenzkonto); 404 while none is set', response: { 200: referenceAccountSchema } } },
    async (req) => {
      const found = await service.referenceAccount(customerOf(req).sub);
      if (!found) throw notFound( 'Sie haben noch kein Referenzkonto hinterlegt.');
      return found;
    },
  );

  app.put(
    '/api/user/account/iban',
    { config: { activeSession: true }, schema: { tags, summary: 'Set the reference account while none is set (a change is a service request)', body: setReferenceAccountSchema, response: { 200: referenceAccountSchema } } },
    async (req) => service.setReferenceAccount(customerOf(req).sub, req.body.iban),
  );
};
