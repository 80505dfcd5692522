import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@kontor/domain/endpoints';
import { customerOf } from '../platform/auth.ts';
import { route } from '../platform/endpoint-route.ts';
import type { CustomerSettingsService } from './service.ts';

const e = endpoints.customerSettings;

export const customerSettingsRoutes: FastifyPluginAsyncZod<{ service: CustomerSettingsService }> = async (app, { service }) => {
  route(app, e.settings, async (req) => service.settings(customerOf(req).sub));
  route(app, e.savePreferences, async (req) => service.setPreferences(customerOf(req).sub, req.body));
  route(app, e.language, async (req) => service.language(customerOf(req).sub));
  route(app, e.saveLanguage, async (req) => service.setLanguage(customerOf(req).sub, req.body.language));
  route(app, e.toggleAdAgree, async (req) => service.toggleAdAgree(customerOf(req).sub));
};
