import type { PoolKit } from './pool-kit.ts';
import { type Action, str } from './protocol.ts';
import { hashToken } from './token-grants.ts';

/**
 * Refresh and revocation. Revoking goes through `revoking`, so an access token the API has
 * already accepted fails on its next request.
 */
export function tokenActions(kit: PoolKit): Record<string, Action> {
  const { store, now, checkClient, refresh, authenticated, revoking } = kit;

  return {
    async GetTokensFromRefreshToken(body) {
      const clientId = checkClient(body);
      return { AuthenticationResult: await refresh(str(body, 'RefreshToken', { max: 8192 }), clientId, str(body, 'DeviceKey', { optional: true })) };
    },

    async GlobalSignOut(body) {
      const { user } = await authenticated(body);
      await revoking(() => store.revokeAllRefreshTokens(user.sub, now()));
      return {};
    },

    async RevokeToken(body) {
      const clientId = checkClient(body);
      const row = await store.refreshTokenByHash(hashToken(str(body, 'Token', { max: 8192 })));
      if (row && row.clientId === clientId) await revoking(() => store.revokeRefreshToken(row.originJti, now()));
      return {};
    },
  };
}
