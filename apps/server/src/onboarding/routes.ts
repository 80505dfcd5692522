import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ONBOARDING_STEPS } from '@kontor/domain/onboarding';
import {
  BOT_PROTECTION_HEADER,
  devIdentificationRequestSchema,
  identificationRequestSchema,
  ONBOARDING_TOKEN_HEADER,
  onboardingApplicationSchema,
  pendingIdentificationsSchema,
  registrationConfirmationRequestSchema,
  registrationConfirmationResponseSchema,
  resendConfirmationMailRequestSchema,
  resendConfirmationMailResponseSchema,
  signupUserRequestSchema,
  signupUserResponseSchema,
  startOnboardingRequestSchema,
  startOnboardingResponseSchema,
  userExperienceSchema,
} from '@kontor/domain/onboarding-contracts';
import { customerOf } from '../platform/auth.ts';
import type { BotProtection } from './bot-protection.ts';
import type { OnboardingService } from './service.ts';

const tags = ['onboarding'];
/** Public: the customer has no account yet. Limited per client address on top of the per-e-mail code limit. */
const open = { public: true, rateLimit: { max: 60, timeWindow: '1 minute' } };
const botHeader = z.object({ [BOT_PROTECTION_HEADER]: z.string().max(400).optional().describe('Solved bot-protection challenge (single use)') });
const tokenHeader = z.object({ [ONBOARDING_TOKEN_HEADER]: z.string().max(100).optional().describe('The application token from registrationconfirmation') });
const bothHeaders = botHeader.extend(tokenHeader.shape);
const tokenOf = (req: FastifyRequest): string | undefined => {
  const value = req.headers[ONBOARDING_TOKEN_HEADER];
  return typeof value === 'string' ? value : undefined;
};
/** A step's data is checked by the domain rules, so every field's German message comes back at once. */
const stepBody = z.record(z.string(), z.unknown()).describe('The step’s data (schemas in packages/domain/src/onboarding.ts)');

/** Account opening (Kontoeröffnung): public routes; every POST/PUT carries a bot-protection token. */
export const onboardingRoutes: FastifyPluginAsyncZod<{ service: OnboardingService; bot: BotProtection }> = async (app, { service, bot }) => {
  const guarded = { config: open, preHandler: bot.require };

  app.post(
    '/api/onboarding/startOnboarding',
    { ...guarded, schema: { tags, summary: 'Start (or resume) an application: a code goes to the e-mail address', headers: botHeader, body: startOnboardingRequestSchema, response: { 200: startOnboardingResponseSchema } } },
    async (req) => service.start(req.body.email),
  );

  app.post(
    '/api/onboarding/resendConfirmationMail',
    { ...guarded, schema: { tags, summary: 'Send the e-mail code again (at most 5 an hour)', headers: botHeader, body: resendConfirmationMailRequestSchema, response: { 200: resendConfirmationMailResponseSchema } } },
    async (req) => service.resend(req.body.applicationId),
  );

  app.post(
    '/api/onboarding/registrationconfirmation',
    {
      ...guarded,
      schema: { tags, summary: 'Confirm the e-mail address by its code: the application token', headers: botHeader, body: registrationConfirmationRequestSchema, response: { 200: registrationConfirmationResponseSchema } },
    },
    async (req) => service.confirm(req.body.applicationId, req.body.code),
  );

  app.get(
    '/api/onboarding/application',
    { config: open, schema: { tags, summary: 'The application of the token', headers: tokenHeader, response: { 200: onboardingApplicationSchema } } },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return service.application(tokenOf(req));
    },
  );

  for (const step of ONBOARDING_STEPS) {
    app.put(
      `/api/onboarding/application/${step}`,
      { ...guarded, schema: { tags, summary: `Save the step "${step}"`, headers: bothHeaders, body: stepBody, response: { 200: onboardingApplicationSchema } } },
      async (req) => service.saveStep(tokenOf(req), step, req.body),
    );
  }

  app.post(
    '/api/onboarding/application/identification',
    { ...guarded, schema: { tags, summary: 'Start the identification (video ident or eID)', headers: bothHeaders, body: identificationRequestSchema, response: { 200: onboardingApplicationSchema } } },
    async (req) => service.startIdentification(tokenOf(req), req.body.method),
  );

  app.post(
    '/api/onboarding/signupuser',
    { ...guarded, schema: { tags, summary: 'Open the account: user, reference account, documents (idempotent)', headers: bothHeaders, body: signupUserRequestSchema, response: { 200: signupUserResponseSchema } } },
    async (req) => service.signup(tokenOf(req), req.body.password),
  );

  app.get(
    '/api/user/registrationpdf',
    { schema: { tags, summary: 'The account-opening document of the signed-in customer', produces: ['application/pdf'] } },
    async (req, reply) => {
      const pdf = await service.registrationPdf(customerOf(req).sub);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', 'inline; filename="Kontoeroeffnung.pdf"')
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );

  app.get(
    '/api/user/experience',
    { schema: { tags, summary: 'The appropriateness test (§63(10) WpHG): answers and each product class’s verdict', response: { 200: userExperienceSchema } } },
    async (req) => service.experience(customerOf(req).sub),
  );
};

/** Development only (DEV_TOOLS): the simulated identification provider of /dev/identifizierung. */
export const onboardingDevRoutes: FastifyPluginAsyncZod<{ service: OnboardingService }> = async (app, { service }) => {
  const devTags = ['development'];
  app.get(
    '/api/dev/onboarding/identifications',
    { config: { public: true }, schema: { tags: devTags, summary: 'Development only: identifications waiting for a verdict', response: { 200: pendingIdentificationsSchema } } },
    async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      return { items: await service.pendingIdentifications() };
    },
  );
  app.post(
    '/api/dev/onboarding/identification',
    {
      config: { public: true },
      schema: { tags: devTags, summary: 'Development only: the identification provider approves or rejects', body: devIdentificationRequestSchema, response: { 200: onboardingApplicationSchema } },
    },
    async (req) => service.decideIdentification(req.body.applicationId, req.body.result),
  );
};
