import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { customerSettingsSchema } from '@kontor/domain/customer-settings-contracts';
import { customerOf } from '../platform/auth.ts';
import type { CustomerSettingsService } from './service.ts';

export const customerSettingsRoutes: FastifyPluginAsyncZod<{ service: CustomerSettingsService }> = async (app, { service }) => {
  app.get(
    '/api/usersettings',
    {
      schema: {
        tags: ['user'],
        summary: 'The customer’s data that service requests change: address, tax residences, Freistellungsaufträge, due date, confirmations',
        response: { 200: customerSettingsSchema },
      },
    },
    async (req) => service.settings(customerOf(req).sub),
  );
};
