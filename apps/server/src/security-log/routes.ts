import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { securityLogPageSchema, securityLogQuerySchema } from '@kontor/domain/security-log-contracts';
import { customerOf } from '../platform/auth.ts';
import type { SecurityLogService } from './service.ts';

/** The customer's security log (Einstellungen → Sicherheitsprotokoll). */
export const securityLogRoutes: FastifyPluginAsyncZod<{ service: SecurityLogService }> = async (app, { service }) => {
  app.get(
    '/api/security-log',
    {
      schema: {
        tags: ['user'],
        summary: 'The security log: sign-ins, failed sign-ins, lockouts, second-factor, app, payout, reference-account, e-mail and application events, newest first',
        querystring: securityLogQuerySchema,
        response: { 200: securityLogPageSchema },
      },
    },
    async (req) => service.page(customerOf(req).sub, req.query),
  );
};
