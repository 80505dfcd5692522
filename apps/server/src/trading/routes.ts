import type { ServerResponse } from 'node:http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routePath } from '@kontor/domain/endpoint';
import { endpoints } from '@kontor/domain/endpoints';
import type { TradingOrder } from '@kontor/domain/trading-contracts';
import type { NotificationsStreamEvent } from '@kontor/domain/notifications';
import { customerOf } from '../platform/auth.ts';
import { route } from '../platform/endpoint-route.ts';
import { idempotencyKeyOf } from '../platform/idempotency.ts';
import type { TradingService } from './service.ts';

const e = endpoints.trading;
const tags = ['trading'];
// Order changes go to the instance that runs the order engine.
const leader = { config: { leader: true } };

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

  // The answer of a resting buy is JSON already, the text stored for repeats: sent as it is, not
  // checked and serialized a second time (the contract is held by the server tests). route() sends
  // the handler's answer itself, so this one route is declared from its entry by hand.
  app.route({
    method: e.place.method,
    url: routePath(e.place),
    config: { leader: true },
    schema: { tags: [...e.place.tags], summary: e.place.summary, headers: e.place.headers, body: e.place.body, response: { 201: e.place.response } },
    handler: async (req, reply) => {
      const key = idempotencyKeyOf(req)!;
      const result = await service.place(customerOf(req).sub, req.body, key);
      if (result.replayed) reply.header('idempotent-replayed', 'true');
      if (result.json !== undefined) return reply.code(201).type('application/json; charset=utf-8').send(result.json as unknown as TradingOrder);
      return reply.code(result.statusCode as 201).send(result.body);
    },
  });

  route(app, e.costs, async (req) => service.preview(customerOf(req).sub, req.body));

  route(
    app,
    e.requestQuote,
    async (req, reply) => {
      const result = await service.requestQuote(customerOf(req).sub, req.body, idempotencyKeyOf(req)!);
      if (result.replayed) reply.header('idempotent-replayed', 'true');
      return result.body;
    },
    leader,
  );

  route(app, e.acceptQuote, async (req) => service.acceptQuote(customerOf(req).sub, req.params.id), leader);
  route(app, e.cancel, async (req) => service.cancel(customerOf(req).sub, req.params.id), leader);
  route(app, e.orders, async (req) => ({ orders: await service.orders(customerOf(req).sub, req.query.state) }));
  route(app, e.order, async (req) => service.order(customerOf(req).sub, req.params.id));

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

  route(app, e.confirmLowTrading, async (req) => service.confirm(customerOf(req).sub, 'lowtrading'));
  route(app, e.confirmOtcTrading, async (req) => service.confirm(customerOf(req).sub, 'otc'));
};
