import { endpoints } from '@kontor/domain/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { customerOf } from '../platform/auth.ts';
import type { SecurityLogService } from './service.ts';
import { route } from '../platform/endpoint-route.ts';

/** The customer's security log (Einstellungen → Sicherheitsprotokoll). */
export const securityLogRoutes: FastifyPluginAsyncZod<{ service: SecurityLogService }> = async (app, { service }) => {
  route(app, endpoints.user.securityLog, async (req) => service.page(customerOf(req).sub, req.query));
};
