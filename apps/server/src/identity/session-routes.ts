import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { decodeJwt } from 'jose';
import { z } from 'zod';
import { endpoints } from '@kontor/domain/endpoints';
import { type AccessTokenVerifier, authMessages, customerOf, SESSION_COOKIE, SIGNED_IN_HINT_COOKIE } from '../platform/auth.ts';
import type { Clock } from '../platform/clock.ts';
import { route } from '../platform/endpoint-route.ts';
import { AppError } from '../platform/errors.ts';
import type { IdentityStore } from './store.ts';

const e = endpoints.session;

/**
 * The web app never sends the auth header (spec §9), so after sign-in and after every token
 * refresh it hands the access token to the server once, which keeps it in an httpOnly cookie that
 * scripts cannot read. Sign-out clears it.
 */
export const sessionRoutes: FastifyPluginAsyncZod<{ verify: AccessTokenVerifier; clock: Clock; secure: boolean; store: IdentityStore | null }> = async (
  app,
  { verify, clock, secure, store },
) => {
  const open = async (token: string, reply: { setCookie: (n: string, v: string, o: object) => unknown }) => {
    const customer = await verify(token);
    if (!customer) throw new AppError(401, authMessages.unauthorized);
    const exp = Number(decodeJwt(token).exp ?? 0);
    const maxAge = Math.max(0, exp - Math.floor(clock.now().getTime() / 1000));
    reply.setCookie(SESSION_COOKIE, token, { path: '/api', httpOnly: true, sameSite: 'strict', secure, maxAge });
    reply.setCookie(SIGNED_IN_HINT_COOKIE, '1', { path: '/', httpOnly: true, sameSite: 'strict', secure, maxAge });
    return { sub: customer.sub, expiresAt: new Date(exp * 1000).toISOString() };
  };
  const limited = { config: { public: true, rateLimit: { max: 120, timeWindow: '1 minute' } } };
  route(app, e.login, async (req, reply) => open(req.body.accessToken, reply), limited);
  route(app, e.tokenRefresh, async (req, reply) => open(req.body.accessToken, reply), limited);
  route(
    app,
    e.logout,
    async (_req, reply) => {
      reply.clearCookie(SESSION_COOKIE, { path: '/api' });
      reply.clearCookie(SIGNED_IN_HINT_COOKIE, { path: '/' });
    },
    { config: { public: true } },
  );
  app.get('/api/auth', { schema: { tags: ['auth'], response: { 200: z.object({ sub: z.string() }) } } }, async (req) => ({ sub: customerOf(req).sub }));

  route(app, e.me, async (req) => {
    const { sub } = customerOf(req);
    const user = store ? await store.userBySub(sub) : undefined;
    const a = user?.attributes ?? {};
    return { sub, email: a.email ?? null, givenName: a.given_name ?? null, familyName: a.family_name ?? null, phoneNumber: a.phone_number ?? null };
  });
};
