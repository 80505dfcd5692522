import type { AreaBase } from '../platform/area-context.ts';
import type { FastifyInstance } from 'fastify';
import { registeredClients } from './clients.ts';
import { oauthRoutes } from './routes.ts';
import { loadOAuthKeys, oauthService, type OAuthService } from './service.ts';
import { oauthStore } from './store.ts';

/** Third-party applications the customer connected (OAuth 2): their tokens read positions and orders, nothing else. */
export async function registerOAuth(app: FastifyInstance, ctx: AreaBase): Promise<{ oauth: OAuthService }> {
  const { config, db, clock } = ctx;
  const store = oauthStore(db);
  const oauth = oauthService({
    store,
    clock,
    issuer: new URL('/api/oauth2', config.publicUrl).toString(),
    clients: registeredClients(config),
    keys: await loadOAuthKeys(store, clock),
  });
  await app.register(oauthRoutes, { service: oauth });
  return { oauth };
}
