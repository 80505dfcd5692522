import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TradingService } from './service.ts';

/**
 * Development only (DEV_TOOLS): what the order engine holds in memory. The crash test compares it,
 * after a restart, with the open orders in the database it was rebuilt from.
 */
export const tradingDevRoutes: FastifyPluginAsyncZod<{ trading: TradingService }> = async (app, { trading }) => {
  app.get(
    '/api/dev/engine/open-orders',
    {
      schema: {
        tags: ['development'],
        summary: 'Development only: the open orders the order engine holds (id and status), after the queued writes',
        response: { 200: z.object({ orders: z.array(z.object({ id: z.string(), status: z.string() })) }) },
      },
    },
    async () => ({ orders: await trading.engineOpenOrders() }),
  );
};
