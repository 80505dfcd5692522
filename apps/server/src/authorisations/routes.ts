import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  appAuthRequestSchema,
  authorisationPayloadSchema,
  authorisationResultSchema,
  challengeStatusSchema,
  changedMobileNumberVerificationSchema,
  requestTanQuerySchema,
  tanChallengeSchema,
  ticketVerificationSchema,
} from '@kontor/domain/auth-contracts';
import { checkMobileNumber } from '@kontor/domain/mobile-number';
import { checkMobileNumberRequestSchema, mobileNumberCheckSchema } from '@kontor/domain/phone';
import { customerOf } from '../platform/auth.ts';
import type { AuthorisationService } from './service.ts';

const tags = ['ticket'];
// Guessing TANs is bounded per challenge and per customer, and challenges per customer (service.ts,
// decision 030); this bounds asking for new challenges and answers per client address as well.
const limited = { rateLimit: { max: 60, timeWindow: '1 minute' } };

/** The ticket calls of spec §7: ask for a TAN (or the app), answer it, see where it stands. */
export const authorisationRoutes: FastifyPluginAsyncZod<{ service: AuthorisationService }> = async (app, { service }) => {
  app.post(
    '/api/ticket/requesttan',
    {
      schema: { tags, summary: 'Start a challenge for what the body authorises; the TAN goes by SMS, or by voice call with useSpeech=true', querystring: requestTanQuerySchema, body: authorisationPayloadSchema, response: { 200: tanChallengeSchema } },
      config: limited,
    },
    async (req) => service.requestTan(customerOf(req), req.body, { useSpeech: req.query.useSpeech === 'true' }),
  );
  app.post(
    '/api/ticket/verify',
    { schema: { tags, summary: 'Answer a challenge with its TAN, or with the authorizationId the app approved', body: ticketVerificationSchema, response: { 200: authorisationResultSchema } }, config: limited },
    async (req) => service.verify(customerOf(req), req.body),
  );
  app.post(
    '/api/ticket/verifychangedmobilenr',
    { schema: { tags, summary: 'Answer a challenge whose TAN went to a new mobile number', body: changedMobileNumberVerificationSchema, response: { 200: authorisationResultSchema } }, config: limited },
    async (req) => service.verifyChangedMobileNumber(customerOf(req), req.body),
  );
  app.post(
    '/api/ticket/requestauth',
    { schema: { tags, summary: 'Ask the Kontor app on an enrolled device to approve the challenge', body: appAuthRequestSchema, response: { 200: tanChallengeSchema } }, config: limited },
    async (req) => service.requestAuth(customerOf(req), req.body),
  );
  app.get(
    '/api/ticket/challenges/:ticket',
    { schema: { tags, summary: 'Where a challenge stands (polled while the app is asked)', params: z.object({ ticket: z.string().max(64) }), response: { 200: challengeStatusSchema } } },
    async (req) => service.status(customerOf(req), req.params.ticket),
  );
  app.post(
    '/api/user/checkmobilenr',
    { schema: { tags: ['user'], summary: 'Whether a number is a mobile number a TAN can be sent to, and if not why', body: checkMobileNumberRequestSchema, response: { 200: mobileNumberCheckSchema } } },
    async (req) => checkMobileNumber(req.body.mobileNumber),
  );
};
