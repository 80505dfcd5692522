import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { endpoints } from '@kontor/domain/endpoints';
import { authorizationRequestSchema, oauthErrorSchema, tokenRequestSchema, tokenResponseSchema } from '@kontor/domain/oauth-contracts';
import { customerOf } from '../platform/auth.ts';
import { route } from '../platform/endpoint-route.ts';
import { AppError } from '../platform/errors.ts';
import type { OAuthService } from './service.ts';

const tags = ['oauth'];
const e = endpoints.oauth;
const jwksSchema = z.object({ keys: z.array(z.record(z.string(), z.unknown())) });

/** The customer's own session may confirm a grant or end one; an application's token may not (it would grant itself more). */
function ownSession(req: Parameters<typeof customerOf>[0]) {
  const customer = customerOf(req);
  if (customer.grantId) throw new AppError(403, 'Eine verbundene Anwendung darf das nicht.');
  return customer;
}

/** Kontor as an OAuth 2 authorization server (decision 023): code flow with PKCE, JWT access tokens, grants the customer can end. */
export const oauthRoutes: FastifyPluginAsyncZod<{ service: OAuthService }> = async (app, { service }) => {
  // RFC 6749 wants the token request form-encoded; only inside this plugin.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 8 * 1024 }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  app.get(
    '/api/oauth2/authorize',
    {
      schema: {
        tags,
        summary: 'Authorization endpoint: a well-formed request goes on to the consent page, a flawed one back to the client',
        querystring: authorizationRequestSchema,
      },
      config: { public: true },
    },
    async (req, reply) => reply.redirect((await service.authorize(req.query)).location, 302),
  );
  route(app, e.consentInfo, async (req) => service.consentInfo(ownSession(req).sub, req.query));
  route(app, e.decide, async (req) => service.decide(ownSession(req).sub, req.body));
  app.post(
    '/api/oauth2/token',
    {
      schema: {
        tags,
        summary: 'Token endpoint: an authorization code and its PKCE verifier for a JWT access token',
        description: 'A refused code answers 400 with RFC 6749 `{ error, error_description }`; a malformed request 400 as every route does.',
        body: tokenRequestSchema,
        response: { 200: tokenResponseSchema, 400: z.union([oauthErrorSchema, z.looseObject({ message: z.string() })]) },
      },
      config: { public: true, rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      const result = await service.token(req.body);
      if (!result.ok) return reply.code(400).send({ error: result.error, error_description: result.description });
      return result.response;
    },
  );
  app.get(
    '/api/oauth2/key',
    { schema: { tags, summary: 'JWKS: the public key the access tokens are signed with', response: { 200: jwksSchema } }, config: { public: true } },
    async () => service.jwks(),
  );

  route(app, e.grants, async (req) => service.grants(ownSession(req).sub));
  route(app, e.revoke, async (req) => service.revoke(ownSession(req).sub, req.params.id));
};
