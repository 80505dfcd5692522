import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@kontor/domain/endpoints';
import { onboardingStepEndpoints } from '@kontor/domain/endpoints/onboarding';
import { ONBOARDING_STEPS } from '@kontor/domain/onboarding';
import { ONBOARDING_TOKEN_HEADER } from '@kontor/domain/onboarding-contracts';
import { customerOf } from '../platform/auth.ts';
import { route } from '../platform/endpoint-route.ts';
import type { BotProtection } from './bot-protection.ts';
import type { OnboardingService } from './service.ts';

const e = endpoints.onboarding;
const tags = ['onboarding'];
/** Public: the customer has no account yet. Limited per client address on top of the per-e-mail code limit. */
const open = { public: true, rateLimit: { max: 60, timeWindow: '1 minute' } };
const tokenOf = (req: FastifyRequest): string | undefined => {
  const value = req.headers[ONBOARDING_TOKEN_HEADER];
  return typeof value === 'string' ? value : undefined;
};

/** Account opening (Kontoeröffnung): public routes; every POST/PUT carries a bot-protection token. */
export const onboardingRoutes: FastifyPluginAsyncZod<{ service: OnboardingService; bot: BotProtection }> = async (app, { service, bot }) => {
  // The state-changing calls in a scope of their own, so that the bot check runs before each of them.
  await app.register(async (guarded) => {
    guarded.addHook('preHandler', bot.require);
    route(guarded, e.start, async (req) => service.start(req.body.email), { config: open });
    route(guarded, e.resendConfirmationMail, async (req) => service.resend(req.body.applicationId), { config: open });
    route(guarded, e.confirmRegistration, async (req) => service.confirm(req.body.applicationId, req.body.code), { config: open });
    for (const step of ONBOARDING_STEPS) {
      route(guarded, onboardingStepEndpoints[step], async (req) => service.saveStep(tokenOf(req), step, req.body), { config: open });
    }
    route(guarded, e.startIdentification, async (req) => service.startIdentification(tokenOf(req), req.body.method), { config: open });
    route(guarded, e.cancelIdentification, async (req) => service.cancelIdentification(tokenOf(req)), { config: open });
    route(guarded, e.signUpUser, async (req) => service.signup(tokenOf(req), req.body.password), { config: open });
  });

  route(
    app,
    e.application,
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return service.application(tokenOf(req));
    },
    { config: open },
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

  route(app, e.experience, async (req) => service.experience(customerOf(req).sub));
};

/** Development only (DEV_TOOLS): the simulated identification provider of /dev/identifizierung. */
export const onboardingDevRoutes: FastifyPluginAsyncZod<{ service: OnboardingService }> = async (app, { service }) => {
  route(
    app,
    e.devIdentifications,
    async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      return { items: await service.pendingIdentifications() };
    },
    { config: { public: true } },
  );
  route(app, e.devDecideIdentification, async (req) => service.decideIdentification(req.body.applicationId, req.body.result), { config: { public: true } });
};
