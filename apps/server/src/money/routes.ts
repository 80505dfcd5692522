import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@kontor/domain/endpoints';
import { accountHistoryQuerySchema } from '@kontor/domain/money-contracts';
import { customerOf } from '../platform/auth.ts';
import { route } from '../platform/endpoint-route.ts';
import { notFound } from '../platform/errors.ts';
import { idempotencyKeyOf } from '../platform/idempotency.ts';
import type { MoneyService } from './service.ts';

const tags = ['money'];
const e = endpoints.money;
/** Payouts and debits move money: only the leader instance, and not from an idle session (step-up). */
const moving = { config: { leader: true, activeSession: true } };
const active = { config: { activeSession: true } };

export const moneyRoutes: FastifyPluginAsyncZod<{ service: MoneyService }> = async (app, { service }) => {
  route(app, e.overview, async (req) => service.overview(customerOf(req).sub));
  route(app, e.history, async (req) => service.history(customerOf(req).sub, req.query));

  // A download, not JSON: stays out of the catalogue.
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

  route(
    app,
    e.payout,
    async (req, reply) => {
      const result = await service.payout(customerOf(req).sub, req.body, idempotencyKeyOf(req)!);
      if (result.replayed) reply.header('idempotent-replayed', 'true');
      return result.body;
    },
    moving,
  );
  route(app, e.payoutOf, async (req) => service.payoutOf(customerOf(req).sub, req.params.id));
  route(app, e.cancelPayout, async (req) => service.cancelPayout(customerOf(req).sub, req.params.id), moving);
  route(app, e.signMandate, async (req) => service.signMandate(customerOf(req).sub, req.body.authorisation), active);
  route(
    app,
    e.debit,
    async (req, reply) => {
      const result = await service.requestDebit(customerOf(req).sub, req.body.amount, idempotencyKeyOf(req)!);
      if (result.replayed) reply.header('idempotent-replayed', 'true');
      return result.body;
    },
    moving,
  );
  route(app, e.referenceAccount, async (req) => {
    const found = await service.referenceAccount(customerOf(req).sub);
    if (!found) throw notFound('Sie haben noch kein Referenzkonto hinterlegt.');
    return found;
  });
  route(app, e.setReferenceAccount, async (req) => service.setReferenceAccount(customerOf(req).sub, req.body.iban), active);
};
