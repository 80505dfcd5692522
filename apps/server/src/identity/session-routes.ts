import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { decodeJwt } from 'jose';
import { z } from 'zod';
import { type AccessTokenVerifier, authMessages, customerOf, SESSION_COOKIE } from '../platform/auth.ts';
import type { Clock } from '../platform/clock.ts';
import { AppError } from '../platform/errors.ts';
import type { IdentityStore } from './store.ts';

const sessionBody = z.object({ accessToken: z.string().min(20).max(8192) });
const sessionResponse = z.object({ sub: z.string(), expiresAt: z.string() });
export const profileSchema = z.object({
  sub: z.string(),
  email: z.string().nullable(),
  givenName: z.string().nullable(),
  familyName: z.string().nullable(),
  phoneNumber: z.string().nullable(),
});

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
    return { sub: customer.sub, expiresAt: new Date(exp * 1000).toISOString() };
  };
  const opts = (summary: string) => ({
    schema: { tags: ['auth'], summary, body: sessionBody, response: { 200: sessionResponse } },
    config: { public: true, rateLimit: { max: 120, timeWindow: '1 minute' } },
  });
  app.post('/api/auth/login', opts('Open the API session with a fresh access token'), async (req, reply) => open(req.body.accessToken, reply));
  app.post('/api/auth/tokenrefresh', opts('Replace the session token after a refresh'), async (req, reply) => open(req.body.accessToken, reply));
  app.delete('/api/auth', { schema: { tags: ['auth'], summary: 'Close the API session' }, config: { public: true } }, async (_req, reply) => {
    reply.clearCookie(SESSION_COOKIE, { path: '/api' });
    return reply.code(204).send();
  });
  app.get('/api/auth', { schema: { tags: ['auth'], response: { 200: z.object({ sub: z.string() }) } } }, async (req) => ({ sub: customerOf(req).sub }));

  app.get('/api/user/me', { schema: { tags: ['user'], summary: 'The signed-in customer', response: { 200: profileSchema } } }, async (req) => {
    const { sub } = customerOf(req);
    const user = store ? await store.userBySub(sub) : undefined;
    const a = user?.attributes ?? {};
    return { sub, email: a.email ?? null, givenName: a.given_name ?? null, familyName: a.family_name ?? null, phoneNumber: a.phone_number ?? null };
  });
};
