import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { customerStatsSchema } from '@kontor/domain/stats-contracts';
import { customerOf } from '../platform/auth.ts';
import type { StatsService } from './service.ts';

export const statsRoutes: FastifyPluginAsyncZod<{ service: StatsService }> = async (app, { service }) => {
  app.get(
    '/api/stats',
    {
      schema: {
        tags: ['user'],
        summary: 'The customer’s figures of the current year: trades and volume, fees, savings-plan executions, dividends, tax withheld',
        response: { 200: customerStatsSchema },
      },
    },
    async (req) => service.ofThisYear(customerOf(req).sub),
  );
};
