import { DEMO_OAUTH_CLIENT_ID, DEMO_OAUTH_REDIRECT_PATH } from '@kontor/domain/oauth-contracts';

/** A registered third-party application: public (no secret, PKCE instead), with its exact redirect URIs. */
export type OAuthClient = { id: string; name: string; redirectUris: string[] };

/**
 * The registered clients. Only the demo tool so far: its page is a dev tool under Kontor's own
 * origin, so it exists only where the dev tools do.
 */
export function registeredClients(opts: { publicUrl: string; devTools: boolean }): OAuthClient[] {
  if (!opts.devTools) return [];
  return [{ id: DEMO_OAUTH_CLIENT_ID, name: 'Depotanalyse (Demo)', redirectUris: [new URL(DEMO_OAUTH_REDIRECT_PATH, opts.publicUrl).toString()] }];
}
