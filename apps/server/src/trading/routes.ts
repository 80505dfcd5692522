import type { ServerResponse } from 'node:http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  orderListSchema,
  orderPreviewSchema,
  orderTicketSchema,
  rfqRequestSchema,
  tradingOrderSchema,
  type TradingOrder,
} from '@kontor/domain/trading-contracts';
import type { NotificationsStreamEvent } from '@kontor/domain/notifications';
import { customerOf } from '../platform/auth.ts';
import { idempotencyHeader, idempotencyKeyOf } from '../platform/idempotency.ts';
import type { TradingService } from './service.ts';

const tags = ['trading'];
const idParams = z.object({ id: z.string().max(64) });

/** The bell's live count rides on the same stream (event `notifications`). */
export type TradingRouteOptions = { service: TradingService; notifications?: { listen(sub: string, listener: (e: NotificationsStreamEvent) => void): () => void } };

export const tradingRoutes: FastifyPluginAsyncZod<TradingRouteOptions> = async (app, opts) => {
  const { service } = opts;
  // Open order streams end when the server shuts down, so that closing does not wait on them.
  const streams = new Set<ServerResponse>();
  // preClose: before the server waits for its connections to end.
  app.addHook('preClose', async () => {
    for (const res of streams) res.end();
  });

  app.post(
    '/api/trading',
    { config: { leader: true },
      schema: {
        tags,
        summary: 'Place an order; a repeat with the same Idempotency-Key returns the first answer',
        headers: idempotencyHeader,
        body: orderTicketSchema,
        response: { 201: tradingOrderSchema },
      },
    },
    async (req, reply) => {
      const key = idempotencyKeyOf(req)!;
      const result = await service.place(customerOf(req).sub, req.body, key);
      if (result.replayed) reply.header('idempotent-replayed', 'true');
      // A resting buy's answer is JSON already, the text stored for repeats: sent as it is, not
      // checked and serialized a second time (the contract is held by the server tests).
      if (result.json !== undefined) return reply.code(201).type('application/json; charset=utf-8').send(result.json as unknown as TradingOrder);
      return reply.code(result.statusCode as 201).send(result.body);
    },
  );

  app.post(
    '/api/trading/costs',
    { schema: { tags, summary: 'The ex-ante costs and what must be confirmed ("Order prüfen")', body: orderTicketSchema, response: { 200: orderPreviewSchema } } },
    async (req) => service.preview(customerOf(req).sub, req.body),
  );

  app.post(
    '/api/trading/rfq',
    { config: { leader: true }, schema: { tags, summary: 'Request a binding quote (RFQ) for side and quantity', headers: idempotencyHeader, body: rfqRequestSchema, response: { 201: tradingOrderSchema } } },
    async (req, reply) => {
      const result = await service.requestQuote(customerOf(req).sub, req.body, idempotencyKeyOf(req)!);
      if (result.replayed) reply.header('idempotent-replayed', 'true');
      return reply.code(201).send(result.body);
    },
  );

  app.post(
    '/api/trading/orders/:id/accept',
    { config: { leader: true }, schema: { tags, summary: 'Accept an RFQ quote: executes in full at the quoted price', params: idParams, response: { 200: tradingOrderSchema } } },
    async (req) => service.acceptQuote(customerOf(req).sub, req.params.id),
  );

  app.delete(
    '/api/trading/orders/:id',
    { config: { leader: true }, schema: { tags, summary: 'Cancel an order', params: idParams, response: { 200: tradingOrderSchema } } },
    async (req) => service.cancel(customerOf(req).sub, req.params.id),
  );

  app.get(
    '/api/trading/orders',
    {
      schema: {
        tags,
        summary: 'The customer’s orders, newest first',
        querystring: z.object({ state: z.enum(['open', 'done', 'all']).default('all') }),
        response: { 200: orderListSchema },
      },
    },
    async (req) => ({ orders: await service.orders(customerOf(req).sub, req.query.state) }),
  );

  app.get(
    '/api/trading/orders/:id',
    { schema: { tags, summary: 'One order with its executions', params: idParams, response: { 200: tradingOrderSchema } } },
    async (req) => service.order(customerOf(req).sub, req.params.id),
  );

  app.get(
    '/api/trading/stream',
    {
      schema: {
        tags,
        summary:
          'The customer’s live order messages as Server-Sent Events: `status`, `execution` and `tslupdate` (a trailing stop moved); `notifications` with the bell’s unread count after it changed',
      },
    },
    async (req, reply) => {
      const { sub } = customerOf(req);
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', 'x-accel-buffering': 'no', 'x-content-type-options': 'nosniff' });
      res.write('retry: 3000\n\n');
      const off = service.onOrderMessage(sub, ({ sub: _sub, ...message }) => {
        res.write(`event: ${message.type}\ndata: ${JSON.stringify(message)}\n\n`);
      });
      const offBell = opts.notifications?.listen(sub, (event) => res.write(`event: notifications\ndata: ${JSON.stringify(event)}\n\n`));
      // A comment line now and then keeps proxies from closing an idle stream.
      const keepAlive = setInterval(() => res.write(': \n\n'), 25_000);
      keepAlive.unref();
      streams.add(res);
      req.raw.on('close', () => {
        off();
        offBell?.();
        clearInterval(keepAlive);
        streams.delete(res);
      });
    },
  );

  for (const [kind, url] of [
    ['lowtrading', '/api/user/confirmlowtrading'],
    ['otc', '/api/user/confirmotctrading'],
  ] as const) {
    app.post(
      url,
      { schema: { tags: ['user'], summary: `One-time confirmation: ${kind === 'otc' ? 'OTC trading' : 'small orders in low-trading instruments'}` } },
      async (req, reply) => {
        await service.confirm(customerOf(req).sub, kind);
        return reply.code(204).send();
      },
    );
  }
};
