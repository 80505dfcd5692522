import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@kontor/domain/endpoints';
import { checkMobileNumber } from '@kontor/domain/mobile-number';
import { checkMobileNumberRequestSchema, mobileNumberCheckSchema } from '@kontor/domain/phone';
import { customerOf } from '../platform/auth.ts';
import { route } from '../platform/endpoint-route.ts';
import type { AuthorisationService } from './service.ts';

const e = endpoints.authorisations;
// Guessing TANs is bounded per challenge and per customer, and challenges per customer (service.ts,
// decision 030); this bounds asking for new challenges and answers per client address as well.
const limited = { config: { rateLimit: { max: 60, timeWindow: '1 minute' } } };

/** The ticket calls of spec §7: ask for a TAN (or the app), answer it, see where it stands. */
export const authorisationRoutes: FastifyPluginAsyncZod<{ service: AuthorisationService }> = async (app, { service }) => {
  route(app, e.requestTan, async (req) => service.requestTan(customerOf(req), req.body, { useSpeech: req.query.useSpeech === 'true' }), limited);
  route(app, e.verify, async (req) => service.verify(customerOf(req), req.body), limited);
  route(app, e.verifyChangedMobileNumber, async (req) => service.verifyChangedMobileNumber(customerOf(req), req.body), limited);
  route(app, e.requestAppAuth, async (req) => service.requestAuth(customerOf(req), req.body), limited);
  route(app, e.challengeStatus, async (req) => service.status(customerOf(req), req.params.ticket));
  // Not in the catalogue: its schema brings libphonenumber into the web's bundles.
  app.post(
    '/api/user/checkmobilenr',
    { schema: { tags: ['user'], summary: 'Whether a number is a mobile number a TAN can be sent to, and if not why', body: checkMobileNumberRequestSchema, response: { 200: mobileNumberCheckSchema } } },
    async (req) => checkMobileNumber(req.body.mobileNumber),
  );
};
