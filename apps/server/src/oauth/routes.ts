import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  authorizationRequestSchema,
  consentDecisionSchema,
  consentInfoSchema,
  consentResultSchema,
  oauthErrorSchema,
  oauthGrantSchema,
  tokenRequestSchema,
  tokenResponseSchema,
} from '@kontor/domain/oauth-contracts';
import { customerOf } from '../platform/auth.ts';
import { AppError } from '../platform/errors.ts';
import type { OAuthService } from './service.ts';

const tags = ['oauth'];
const idParams = z.object({ id: z.uuid('Unbekannte Verbindung') });
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
    async (req, reply) => reply.redirect(service.authorize(req.query).location, 302),
  );
  app.get(
    '/api/oauth2/authenticate',
    { schema: { tags, summary: 'What the consent page shows: the application and what it asks to read', querystring: authorizationRequestSchema, response: { 200: consentInfoSchema } } },
    async (req) => {
      ownSession(req);
      return service.consentInfo(req.query);
    },
  );
  app.post(
    '/api/oauth2/authenticate',
    { schema: { tags, summary: 'The signed-in customer allows or denies the request; gives where the browser goes next', body: consentDecisionSchema, response: { 200: consentResultSchema } } },
    async (req) => service.decide(ownSession(req).sub, req.body),
  );
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

  app.get('/api/oauthsession', { schema: { tags, summary: 'The customer’s connected applications (grants)', response: { 200: z.array(oauthGrantSchema) } } }, async (req) =>
    service.grants(ownSession(req).sub),
  );
  app.delete('/api/oauthsession/:id', { schema: { tags, summary: 'Revoke a grant: its tokens stop working at once', params: idParams } }, async (req, reply) => {
    await service.revoke(ownSession(req).sub, req.params.id);
    return reply.code(204).send();
  });
};
