import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@kontor/domain/endpoints';
import { customerOf } from '../platform/auth.ts';
import { route } from '../platform/endpoint-route.ts';
import type { TaxService } from './service.ts';

const e = endpoints.tax;

export const taxRoutes: FastifyPluginAsyncZod<{ service: TaxService }> = async (app, { service }) => {
  route(app, e.year, async (req) => service.view(customerOf(req).sub, req.query.year));
  route(app, e.settings, async (req) => service.settings(customerOf(req).sub));
  route(app, e.saveSettings, async (req) => service.setChurchTax(customerOf(req).sub, req.body.churchTax));
};
