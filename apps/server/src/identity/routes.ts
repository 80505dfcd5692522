import type { FastifyPluginAsync } from 'fastify';
import { depthLimitedJsonParser } from '../platform/json-body.ts';
import { admission } from './admission.ts';
import { IdentityError } from './errors.ts';
import type { IdentityService } from './service.ts';
import type { TokenIssuer } from './tokens.ts';

const AMZ_JSON = ['application/x-amz-json-1.1', 'application/x-amz-json-1.0'];
const TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';

/**
 * The user pool's wire protocol: one POST endpoint, the action in X-Amz-Target, JSON in and out,
 * errors as `{ "__type", "message" }` — what the provider's official clients speak.
 */
export const identityRoutes: FastifyPluginAsync<{ service: IdentityService; tokens: TokenIssuer; path: string; poolId: string; concurrency: number }> = async (
  app,
  { service, tokens, path, poolId, concurrency },
) => {
  const admit = admission(concurrency);
  app.addContentTypeParser(AMZ_JSON, { parseAs: 'string' }, depthLimitedJsonParser(app));

  app.post(path, { schema: { hide: true }, config: { rateLimit: { max: 600, timeWindow: '1 minute' } } }, async (req, reply) => {
    reply.header('content-type', 'application/x-amz-json-1.1');
    const target = String(req.headers['x-amz-target'] ?? '');
    const body = req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? (req.body as Record<string, unknown>) : {};
    try {
      if (!target.startsWith(TARGET_PREFIX)) throw new IdentityError('UnknownOperationException', 'Missing or unknown X-Amz-Target');
      const result = await admit(() => service.dispatch(target.slice(TARGET_PREFIX.length), body, { ip: req.ip }));
      return reply.code(200).send(JSON.stringify(result));
    } catch (err) {
      if (err instanceof IdentityError) {
        req.log.info({ action: target.slice(TARGET_PREFIX.length), error: err.type }, 'identity request refused');
        return reply.code(err.status).header('x-amzn-errortype', err.type).send(JSON.stringify({ __type: err.type, message: err.message }));
      }
      req.log.error({ err }, 'identity request failed');
      return reply
        .code(500)
        .header('x-amzn-errortype', 'InternalErrorException')
        .send(JSON.stringify({ __type: 'InternalErrorException', message: 'Internal server error' }));
    }
  });

  const base = path.replace(/\/$/, '');
  app.get(`${base}/${poolId}/.well-known/jwks.json`, { schema: { hide: true } }, async (_req, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return tokens.jwks;
  });
};
