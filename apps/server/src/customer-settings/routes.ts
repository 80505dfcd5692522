import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adAgreeSchema,
  customerSettingsSchema,
  languageSettingSchema,
  userPreferencesSchema,
  userPreferencesUpdateSchema,
} from '@kontor/domain/customer-settings-contracts';
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
  app.put(
    '/api/usersettings',
    {
      schema: {
        tags: ['user'],
        summary: 'Changes the customer’s own preferences: theme and the order ticket’s default validity',
        body: userPreferencesUpdateSchema,
        response: { 200: userPreferencesSchema },
      },
    },
    async (req) => service.setPreferences(customerOf(req).sub, req.body),
  );
  app.get(
    '/api/user/lc',
    { schema: { tags: ['user'], summary: 'The customer’s language', response: { 200: languageSettingSchema } } },
    async (req) => service.language(customerOf(req).sub),
  );
  app.put(
    '/api/user/lc',
    { schema: { tags: ['user'], summary: 'Stores the customer’s language (de or en)', body: languageSettingSchema, response: { 200: languageSettingSchema } } },
    async (req) => service.setLanguage(customerOf(req).sub, req.body.language),
  );
  app.post(
    '/api/user/toggleadagree',
    { schema: { tags: ['user'], summary: 'Switches the advertising consent; the new state and when it changed', response: { 200: adAgreeSchema } } },
    async (req) => service.toggleAdAgree(customerOf(req).sub),
  );
};
