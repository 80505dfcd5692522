import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { APP_VERSIONS } from '@kontor/domain/constants';
import type { Config } from '../config.ts';
import type { Db } from './db.ts';
import { installCanonicalPaths } from './canonical-path.ts';
import { frameworkErrors, installErrorHandler } from './error-handler.ts';
import { installJsonDepthLimit } from './json-body.ts';
import { loggerOptions, requestLogger } from './logger.ts';
import { rateLimitStorage } from './rate-limit-store.ts';
import { installSecurityHeaders } from './security-headers.ts';
import { installXsrf } from './xsrf.ts';

// Field errors reach the customer, so validation messages are German.
z.config(z.locales.de());

/**
 * The HTTP server before any area: validation, errors, body limits, security headers, cookies,
 * rate limits, the XSRF check and the API's documentation. `installRequestOrigin` (security log) may follow at once.
 */
export async function createHttpApp(deps: {
  config: Config;
  db: Db;
  /** Tests pass false to keep their output quiet, or a stream to read what was logged. */
  logger?: boolean | { write(line: string): void };
}): Promise<FastifyInstance> {
  const { config, db } = deps;
  const app = Fastify({
    logger: deps.logger === false ? false : loggerOptions(config.logLevel, typeof deps.logger === 'object' ? deps.logger : undefined),
    // Rate limits count per client address, so only the configured hops may name the client.
    // Fastify ignores a bare hop count (it trusts nothing then), so the count is a trust function.
    trustProxy: config.trustProxyHops > 0 ? (_address: string, hop: number) => hop < config.trustProxyHops : false,
    bodyLimit: 1024 * 1024,
    genReqId: () => crypto.randomUUID(),
    childLoggerFactory: requestLogger,
    frameworkErrors,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  // Before any route: every JSON body passes the depth check (the user pool's parser too).
  installJsonDepthLimit(app);
  installSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(config.botProtectionScriptUrl ? [new URL(config.botProtectionScriptUrl).origin] : [])],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: [
          "'self'",
          ...(config.errorReportingDsn ? [new URL(config.errorReportingDsn).origin] : []),
          // A real user pool is called from the browser at the provider's regional endpoint.
          ...(config.identity.provider === 'cognito' ? [`https://cognito-idp.${config.identity.region}.amazonaws.com`] : []),
        ],
        workerSrc: ["'self'", 'blob:'],
        upgradeInsecureRequests: config.secureCookies ? [] : null,
      },
    },
    strictTransportSecurity: config.secureCookies,
  });
  // Before every check that reads the URL (XSRF, the auth guard): the router decodes what they see raw.
  installCanonicalPaths(app);
  await app.register(fastifyCookie);
  // Only routes with a limit of their own count, in a store every process shares (decision 029).
  const limits = await rateLimitStorage({ db, redisUrl: config.redisUrl, log: app.log });
  app.addHook('onClose', () => limits.close());
  await app.register(fastifyRateLimit, { global: false, ...limits.options });
  installXsrf(app, { secure: config.secureCookies, exemptPaths: ['/api/oauth2/token'] });
  // The OpenAPI document and its viewer at /api/docs: every route registered after this is in it
  // (the user pool's wire protocol hides its own).
  await app.register(fastifySwagger, {
    openapi: { info: { title: 'Kontor API', description: 'API of the Kontor web application', version: APP_VERSIONS.api } },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  return app;
}
