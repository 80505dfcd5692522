import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { depotSchema } from '@kontor/domain/trading-contracts';
import { customerOf } from '../platform/auth.ts';
import type { DepotService } from './service.ts';

export const depotRoutes: FastifyPluginAsyncZod<{ service: DepotService }> = async (app, { service }) => {
  app.get(
    '/api/trading/positions',
    { schema: { tags: ['trading'], summary: 'Positions and cash of the depot', response: { 200: depotSchema } } },
    async (req) => service.depot(customerOf(req).sub),
  );
};
