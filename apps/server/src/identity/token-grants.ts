import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { idErr } from './errors.ts';
import type { AuthResult } from './protocol.ts';
import type { SecurityEvents } from './pool-kit.ts';
import type { IdentityStore, UserRow } from './store.ts';
import { REFRESH_TOKEN_DAYS, type TokenIssuer } from './tokens.ts';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Tokens handed out: a new family at the end of a sign-in, new id and access tokens for a refresh token. */
export function tokenGrants(deps: { store: IdentityStore; tokens: TokenIssuer; now: () => Date; region: string; events: SecurityEvents }) {
  const { store, tokens, now, region, events } = deps;

  // Like the provider's email-alias pools, the protocol names a user by the internal id (sub):
  // clients key their device storage by USER_ID_FOR_SRP and by USERNAME and need both equal.
  const signFor = (user: UserRow, clientId: string, family: { originJti: string; authTime: Date; deviceKey?: string | null }) =>
    tokens.issue({ sub: user.sub, username: user.sub, clientId, ...family, attributes: { ...user.attributes, sub: user.sub } });

  async function issueTokens(user: UserRow, clientId: string, opts: { deviceKey?: string | null; ip: string; newDevice: boolean }): Promise<AuthResult> {
    // A sign-in that gets this far clears a count of failed attempts (nothing to write when there is none).
    if (user.failedAttempts !== 0 || user.lockedUntil) await store.updateUser(user.sub, { failedAttempts: 0, lockedUntil: null, updatedAt: now() });
    // A new device's key is in the tokens of the sign-in that made it, as with the provider: the
    // client confirms and remembers that device as part of signing in.
    const newDevice = opts.newDevice ? { deviceKey: `${region}_${randomUUID()}`, groupKey: `-${randomBytes(6).toString('base64url')}` } : null;
    const deviceKey = opts.deviceKey ?? newDevice?.deviceKey ?? null;
    const originJti = randomUUID();
    const refreshToken = `${randomBytes(8).toString('hex')}.${randomBytes(48).toString('base64url')}`;
    await store.insertSignIn(
      {
        originJti,
        sub: user.sub,
        clientId,
        tokenHash: hashToken(refreshToken),
        deviceKey,
        authTime: now(),
        createdAt: now(),
        expiresAt: new Date(now().getTime() + REFRESH_TOKEN_DAYS * 86_400_000),
        revokedAt: null,
      },
      newDevice && { ...newDevice, lastIp: opts.ip },
    );
    const issued = await signFor(user, clientId, { originJti, authTime: now(), deviceKey });
    const result: AuthResult = {
      AccessToken: issued.accessToken,
      IdToken: issued.idToken,
      RefreshToken: refreshToken,
      ExpiresIn: issued.expiresIn,
      TokenType: 'Bearer',
    };
    if (opts.deviceKey) await store.updateDevice(opts.deviceKey, { lastAuthenticatedAt: now(), lastIp: opts.ip });
    if (newDevice) result.NewDeviceMetadata = { DeviceKey: newDevice.deviceKey, DeviceGroupKey: newDevice.groupKey };
    await events.record(user.sub, 'SIGN_IN');
    return { AuthenticationResult: result, ChallengeParameters: {} };
  }

  async function refresh(refreshToken: string, clientId: string, deviceKey: string): Promise<AuthResult> {
    const row = await store.refreshTokenByHash(hashToken(refreshToken));
    if (!row || row.revokedAt || row.expiresAt <= now() || row.clientId !== clientId) throw idErr.notAuthorized('Invalid Refresh Token');
    const user = await store.userBySub(row.sub);
    if (!user || !user.enabled) throw idErr.notAuthorized('Invalid Refresh Token');
    if (row.deviceKey && deviceKey && row.deviceKey !== deviceKey) throw idErr.notAuthorized('Invalid Refresh Token');
    const issued = await signFor(user, clientId, { originJti: row.originJti, authTime: row.authTime, deviceKey: row.deviceKey });
    return { AccessToken: issued.accessToken, IdToken: issued.idToken, ExpiresIn: issued.expiresIn, TokenType: 'Bearer' };
  }

  return { issueTokens, refresh };
}
