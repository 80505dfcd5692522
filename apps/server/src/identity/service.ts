import { createHash, createHmac, randomBytes, randomInt, randomUUID } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { passwordProblems } from '@kontor/domain/password';
import { DEVICE_LIST_LIMIT } from '@kontor/domain/constants';
import type { Clock } from '../platform/clock.ts';
import type { Messenger } from '../outbox/service.ts';
import { IdentityError, idErr, LOCKED_MESSAGE, lastAttemptMessage } from './errors.ts';
import * as srp from './srp.ts';
import type { IdentityStore, UserRow } from './store.ts';
import { REFRESH_TOKEN_DAYS, type TokenIssuer } from './tokens.ts';

export type PoolSettings = {
  poolId: string;
  clientIds: readonly string[];
  /** ON: every user must have a second factor; users without one set up TOTP at sign-in. */
  mfa: 'ON' | 'OPTIONAL';
  maxFailedAttempts: number;
  lockMs: number;
  smsCodeTtlMs: number;
  emailCodeTtlMs: number;
  challengeTtlMs: number;
};

export const DEFAULT_POOL_SETTINGS = {
  mfa: 'ON',
  maxFailedAttempts: 5,
  lockMs: 15 * 60_000,
  smsCodeTtlMs: 5 * 60_000,
  emailCodeTtlMs: 24 * 60 * 60_000,
  challengeTtlMs: 5 * 60_000,
} as const;

/** The pluggable custom-auth hook (CUSTOM_AUTH flow). */
export interface CustomAuthHook {
  createChallenge(user: UserRow): Promise<{ publicParameters: Record<string, string>; privateState: Record<string, string> }>;
  verify(answer: string, privateState: Record<string, string>): Promise<boolean>;
}

type Body = Record<string, unknown>;
type Ctx = { ip: string };
type AuthResult = Record<string, unknown>;

const TEXTS = {
  smsMfa: (code: string) => `Ihr Kontor-Anmeldecode lautet ${code}. Er ist 5 Minuten gültig. Geben Sie ihn niemals weiter.`,
  signUp: (code: string) => `Willkommen bei Kontor! Ihr Bestätigungscode lautet ${code}.`,
  forgot: (code: string) => `Ihr Kontor-Code zum Zurücksetzen des Passworts lautet ${code}. Er ist nur kurz gültig.`,
  verify: (code: string) => `Ihr Kontor-Bestätigungscode lautet ${code}.`,
  custom: (code: string) => `Ihr Kontor-Einmalcode lautet ${code}.`,
};

function str(body: Body, key: string, opts: { optional?: boolean; max?: number } = {}): string {
  const v = body[key];
  if (v === undefined || v === null || v === '') {
    if (opts.optional) return '';
    throw idErr.invalidParameter(`Missing required parameter ${key}`);
  }
  if (typeof v !== 'string' || v.length > (opts.max ?? 2048)) throw idErr.invalidParameter(`Invalid value for parameter ${key}`);
  return v;
}
function record(body: Body, key: string): Record<string, string> {
  const v = body[key];
  if (v === undefined || v === null) return {};
  if (typeof v !== 'object' || Array.isArray(v)) throw idErr.invalidParameter(`Invalid value for parameter ${key}`);
  return Object.fromEntries(Object.entries(v).filter(([, x]) => typeof x === 'string')) as Record<string, string>;
}
function attributeList(body: Body, key: string): { Name: string; Value: string }[] {
  const v = body[key];
  if (v === undefined) return [];
  if (!Array.isArray(v)) throw idErr.invalidParameter(`Invalid value for parameter ${key}`);
  return v.map((a) => {
    if (!a || typeof a.Name !== 'string' || typeof a.Value !== 'string') throw idErr.invalidParameter(`Invalid value for parameter ${key}`);
    return { Name: a.Name, Value: a.Value };
  });
}

const hashCode = (sub: string, code: string) => createHash('sha256').update(`${sub}:${code}`).digest('hex');
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const sixDigits = () => String(randomInt(0, 1_000_000)).padStart(6, '0');
const maskPhone = (p: string) => `+${'*'.repeat(Math.max(0, p.length - 5))}${p.slice(-4)}`;
const maskEmail = (e: string) => {
  const [local = '', domain = ''] = e.split('@');
  return `${local.slice(0, 1)}***@${domain.slice(0, 1)}***`;
};
const EDITABLE_ATTRIBUTES = new Set(['email', 'phone_number', 'given_name', 'family_name', 'locale', 'name', 'address']);

export function identityService(deps: {
  store: IdentityStore;
  clock: Clock;
  messenger: Messenger;
  tokens: TokenIssuer;
  pool: PoolSettings;
  customAuth?: CustomAuthHook;
}) {
  const { store, clock, messenger, tokens, pool } = deps;
  // The API guard verifies the token of every request and remembers a verified token until it
  // expires. What can make it invalid sooner is a revoked refresh-token family or a deleted user;
  // every action that writes one of those runs the write through `revoking`, so that it takes
  // effect at once in this process. The generation moves before and after the write, so a check
  // that overlaps it is not remembered either.
  let generation = 0;
  async function revoking(write: () => Promise<void>): Promise<void> {
    generation++;
    try {
      await write();
    } finally {
      generation++;
    }
  }
  const verified = new Map<string, { result: { user: UserRow; deviceKey?: string }; generation: number; expiresMs: number }>();
  const realm = pool.poolId.split('_')[1] ?? pool.poolId;
  const region = pool.poolId.split('_')[0] ?? 'eu-central-1';
  const fakeSecret = randomBytes(32);
  const now = () => clock.now();

  const customAuth: CustomAuthHook = deps.customAuth ?? {
    // Default hook: a one-time code by SMS to the verified number (passwordless step-up).
    async createChallenge(user) {
      const phone = user.attributes.phone_number;
      if (!phone) throw idErr.invalidParameter('No verified phone number for a custom challenge');
      const code = sixDigits();
      await messenger.send({ recipient: phone, channel: 'sms', text: TEXTS.custom(code), code });
      return { publicParameters: { CODE_DELIVERY_DESTINATION: maskPhone(phone) }, privateState: { codeHash: hashCode(user.sub, code) } };
    },
    async verify(answer, state) {
      return typeof state.codeHash === 'string' && state.codeHash.length > 0 && hashCode(String(state.sub), answer) === state.codeHash;
    },
  };

  function checkClient(body: Body): string {
    const clientId = str(body, 'ClientId');
    if (!pool.clientIds.includes(clientId)) throw idErr.resourceNotFound(`User pool client ${clientId} does not exist.`);
    return clientId;
  }

  // ── failed attempts and lockout ──────────────────────────────────────────────────────────
  function assertNotLocked(user: UserRow) {
    if (user.lockedUntil && user.lockedUntil > now()) throw idErr.notAuthorized(LOCKED_MESSAGE);
  }
  async function failed(user: UserRow, error: IdentityError): Promise<never> {
    const n = await store.countFailure(user.sub, now());
    if (n >= pool.maxFailedAttempts) {
      await store.updateUser(user.sub, { failedAttempts: 0, lockedUntil: new Date(now().getTime() + pool.lockMs) });
      throw idErr.notAuthorized(LOCKED_MESSAGE);
    }
    if (n === pool.maxFailedAttempts - 1) throw new IdentityError(error.type, lastAttemptMessage(error.message));
    throw error;
  }
  async function succeeded(user: UserRow) {
    if (user.failedAttempts !== 0 || user.lockedUntil) await store.updateUser(user.sub, { failedAttempts: 0, lockedUntil: null });
  }

  // ── codes ────────────────────────────────────────────────────────────────────────────────
  async function sendCode(user: UserRow, purpose: string, channel: 'sms' | 'email', text: (c: string) => string) {
    const recipient = channel === 'sms' ? user.attributes.phone_number : user.attributes.email;
    if (!recipient) throw idErr.invalidParameter(`No ${channel === 'sms' ? 'phone number' : 'email'} to deliver the code to`);
    const code = sixDigits();
    const ttl = channel === 'sms' ? pool.smsCodeTtlMs : pool.emailCodeTtlMs;
    await store.insertCode({ sub: user.sub, purpose, codeHash: hashCode(user.sub, code), expiresAt: new Date(now().getTime() + ttl), createdAt: now() });
    await messenger.send({ recipient, channel, text: text(code), code });
    return channel === 'sms'
      ? { Destination: maskPhone(recipient), DeliveryMedium: 'SMS', AttributeName: 'phone_number' }
      : { Destination: maskEmail(recipient), DeliveryMedium: 'EMAIL', AttributeName: 'email' };
  }
  async function checkCode(user: UserRow, purpose: string, code: string, mismatch: IdentityError): Promise<void> {
    assertNotLocked(user);
    const open = await store.openCode(user.sub, purpose);
    if (!open) throw idErr.expiredCode();
    if (open.expiresAt <= now()) throw idErr.expiredCode();
    if (open.codeHash !== hashCode(user.sub, code.trim())) await failed(user, mismatch);
    if (!(await store.useCode(open.id, now()))) throw idErr.expiredCode();
    await succeeded(user);
  }

  // ── sessions (challenge state) ───────────────────────────────────────────────────────────
  // Abandoned sign-ins leave challenge state behind; it is cleared at most once a minute, by
  // whichever process signs someone in (the delete is idempotent).
  let lastPurge = 0;
  async function purgeExpiredSessions() {
    if (now().getTime() - lastPurge < 60_000) return;
    lastPurge = now().getTime();
    await store.purgeSessions(now());
  }
  async function newSession(user: UserRow, challenge: string, data: Record<string, unknown>) {
    const id = randomBytes(48).toString('base64');
    await store.insertSession({ id, sub: user.sub, challenge, data, expiresAt: new Date(now().getTime() + pool.challengeTtlMs) });
    return id;
  }
  async function sessionFor(id: string, challenge: string) {
    const s = await store.peekSession(id, now());
    if (!s || s.challenge !== challenge) throw idErr.notAuthorized('Invalid session for the user, session is expired.');
    const user = await store.userBySub(s.sub);
    if (!user) throw idErr.notAuthorized('Invalid session for the user, session is expired.');
    return { session: s, user };
  }

  // ── tokens ───────────────────────────────────────────────────────────────────────────────
  // Like the provider's email-alias pools, the protocol names a user by the internal id (sub):
  // clients key their device storage by USER_ID_FOR_SRP and by USERNAME and need both equal.
  async function issueTokens(user: UserRow, clientId: string, opts: { deviceKey?: string | null; ip: string; newDevice: boolean }): Promise<AuthResult> {
    await store.updateUser(user.sub, { failedAttempts: 0, lockedUntil: null, updatedAt: now() });
    const originJti = randomUUID();
    const refreshToken = `${randomBytes(8).toString('hex')}.${randomBytes(48).toString('base64url')}`;
    await store.insertRefreshToken({
      originJti,
      sub: user.sub,
      clientId,
      tokenHash: hashToken(refreshToken),
      deviceKey: opts.deviceKey ?? null,
      authTime: now(),
      createdAt: now(),
      expiresAt: new Date(now().getTime() + REFRESH_TOKEN_DAYS * 86_400_000),
      revokedAt: null,
    });
    const issued = await tokens.issue({
      sub: user.sub,
      username: user.sub,
      clientId,
      originJti,
      authTime: now(),
      deviceKey: opts.deviceKey,
      attributes: { ...user.attributes, sub: user.sub },
    });
    const result: AuthResult = {
      AccessToken: issued.accessToken,
      IdToken: issued.idToken,
      RefreshToken: refreshToken,
      ExpiresIn: issued.expiresIn,
      TokenType: 'Bearer',
    };
    if (opts.deviceKey) await store.updateDevice(opts.deviceKey, { lastAuthenticatedAt: now(), lastIp: opts.ip });
    if (opts.newDevice) {
      const deviceKey = `${region}_${randomUUID()}`;
      const groupKey = `-${randomBytes(6).toString('base64url')}`;
      await store.insertDevice({ deviceKey, sub: user.sub, groupKey, createdAt: now(), lastModifiedAt: now(), lastIp: opts.ip });
      result.NewDeviceMetadata = { DeviceKey: deviceKey, DeviceGroupKey: groupKey };
    }
    return { AuthenticationResult: result, ChallengeParameters: {} };
  }

  async function refresh(refreshToken: string, clientId: string, deviceKey: string): Promise<AuthResult> {
    const row = await store.refreshTokenByHash(hashToken(refreshToken));
    if (!row || row.revokedAt || row.expiresAt <= now() || row.clientId !== clientId) throw idErr.notAuthorized('Invalid Refresh Token');
    const user = await store.userBySub(row.sub);
    if (!user || !user.enabled) throw idErr.notAuthorized('Invalid Refresh Token');
    if (row.deviceKey && deviceKey && row.deviceKey !== deviceKey) throw idErr.notAuthorized('Invalid Refresh Token');
    const issued = await tokens.issue({
      sub: user.sub,
      username: user.sub,
      clientId,
      originJti: row.originJti,
      authTime: row.authTime,
      deviceKey: row.deviceKey,
      attributes: { ...user.attributes, sub: user.sub },
    });
    return { AccessToken: issued.accessToken, IdToken: issued.idToken, ExpiresIn: issued.expiresIn, TokenType: 'Bearer' };
  }

  /** A valid, unrevoked access token of an existing user (for actions that take AccessToken). */
  async function authenticated(body: Body): Promise<{ user: UserRow; deviceKey?: string; expiresMs: number }> {
    const claims = await tokens.verifyAccess(str(body, 'AccessToken', { max: 8192 }), pool.clientIds);
    if (!claims) throw idErr.notAuthorized('Invalid Access Token');
    const family = await store.refreshTokenByOrigin(claims.origin_jti);
    if (!family || family.revokedAt) throw idErr.notAuthorized('Access Token has been revoked');
    const user = await store.userBySub(claims.sub);
    if (!user || !user.enabled) throw idErr.notAuthorized('Invalid Access Token');
    return { user, deviceKey: claims.device_key, expiresMs: (claims.exp ?? 0) * 1000 };
  }

  // ── the steps after a verified password ──────────────────────────────────────────────────
  function enabledMfas(user: UserRow): ('SMS_MFA' | 'SOFTWARE_TOKEN_MFA')[] {
    const list: ('SMS_MFA' | 'SOFTWARE_TOKEN_MFA')[] = [];
    if (user.smsMfaEnabled && user.attributes.phone_number) list.push('SMS_MFA');
    if (user.totpMfaEnabled && user.totpSecret) list.push('SOFTWARE_TOKEN_MFA');
    return list;
  }

  async function mfaChallenge(user: UserRow, which: 'SMS_MFA' | 'SOFTWARE_TOKEN_MFA', data: Record<string, unknown>): Promise<AuthResult> {
    if (which === 'SMS_MFA') {
      const delivery = await sendCode(user, 'SMS_MFA', 'sms', TEXTS.smsMfa);
      return {
        ChallengeName: 'SMS_MFA',
        Session: await newSession(user, 'SMS_MFA', data),
        ChallengeParameters: { CODE_DELIVERY_DELIVERY_MEDIUM: 'SMS', CODE_DELIVERY_DESTINATION: delivery.Destination, USER_ID_FOR_SRP: user.sub },
      };
    }
    return { ChallengeName: 'SOFTWARE_TOKEN_MFA', Session: await newSession(user, 'SOFTWARE_TOKEN_MFA', data), ChallengeParameters: { USER_ID_FOR_SRP: user.sub } };
  }

  async function secondFactor(user: UserRow, data: { clientId: string; deviceKey: string | null; ip: string }): Promise<AuthResult> {
    const mfas = enabledMfas(user);
    if (mfas.length === 0) {
      if (pool.mfa === 'ON') {
        return {
          ChallengeName: 'MFA_SETUP',
          Session: await newSession(user, 'MFA_SETUP', data),
          ChallengeParameters: { MFAS_CAN_SETUP: '["SOFTWARE_TOKEN_MFA"]', USER_ID_FOR_SRP: user.sub },
        };
      }
      return issueTokens(user, data.clientId, { deviceKey: data.deviceKey, ip: data.ip, newDevice: !data.deviceKey });
    }
    const preferred = mfas.find((m) => m === user.preferredMfa);
    if (!preferred && mfas.length > 1) {
      return {
        ChallengeName: 'SELECT_MFA_TYPE',
        Session: await newSession(user, 'SELECT_MFA_TYPE', data),
        ChallengeParameters: { MFAS_CAN_CHOOSE: JSON.stringify(mfas), USER_ID_FOR_SRP: user.sub },
      };
    }
    return mfaChallenge(user, preferred ?? mfas[0]!, data);
  }

  async function afterPassword(user: UserRow, clientId: string, deviceKeyIn: string, ctx: Ctx): Promise<AuthResult> {
    if (!user.enabled) throw idErr.notAuthorized('User is disabled.');
    if (user.status === 'UNCONFIRMED') throw new IdentityError('UserNotConfirmedException', 'User is not confirmed.');
    if (user.status === 'RESET_REQUIRED') throw new IdentityError('PasswordResetRequiredException', 'Password reset required for the user');
    await succeeded(user);
    let deviceKey: string | null = null;
    if (deviceKeyIn) {
      const device = await store.device(user.sub, deviceKeyIn);
      if (!device) throw idErr.resourceNotFound('Device does not exist.');
      deviceKey = device.deviceKey;
      if (user.status !== 'FORCE_CHANGE_PASSWORD' && device.confirmed && device.rememberedStatus === 'remembered' && device.verifierHex) {
        // A remembered device proves itself by device SRP instead of a second factor.
        return { ChallengeName: 'DEVICE_SRP_AUTH', Session: await newSession(user, 'DEVICE_SRP_AUTH', { clientId, deviceKey }), ChallengeParameters: {} };
      }
    }
    const data = { clientId, deviceKey, ip: ctx.ip };
    if (user.status === 'FORCE_CHANGE_PASSWORD') {
      const { sub: _sub, ...shown } = user.attributes;
      return {
        ChallengeName: 'NEW_PASSWORD_REQUIRED',
        Session: await newSession(user, 'NEW_PASSWORD_REQUIRED', data),
        ChallengeParameters: { USER_ID_FOR_SRP: user.sub, requiredAttributes: '[]', userAttributes: JSON.stringify(shown) },
      };
    }
    return secondFactor(user, data);
  }

  function checkTimestamp(ts: string) {
    // "Tue Sep 25 00:09:40 UTC 2018" — the clients' clock must be within 15 minutes of ours.
    const parsed = Date.parse(ts.replace(/ UTC (\d{4})$/, ' $1 UTC'));
    if (Number.isNaN(parsed) || Math.abs(parsed - now().getTime()) > 15 * 60_000) throw idErr.notAuthorized('Incorrect username or password.');
  }

  function assertPassword(password: string) {
    const problems = passwordProblems(password);
    if (problems.length) throw new IdentityError('InvalidPasswordException', `Password does not conform to policy: ${problems.join('; ')}`);
  }

  function totpFor(secret: string) {
    return new TOTP({ issuer: 'Kontor', label: 'Kontor', algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });
  }
  function totpValid(secret: string, code: string) {
    return /^\d{6}$/.test(code.trim()) && totpFor(secret).validate({ token: code.trim(), timestamp: now().getTime(), window: 1 }) !== null;
  }

  /** A user who does not exist gets the same answers as a wrong password (no user enumeration). */
  function fakeSalt(username: string) {
    return srp.padHex(BigInt(`0x${createHmac('sha256', fakeSecret).update(username.toLowerCase()).digest('hex').slice(0, 32)}`));
  }

  const actions: Record<string, (body: Body, ctx: Ctx) => Promise<unknown>> = {
    async InitiateAuth(body, ctx) {
      const clientId = checkClient(body);
      await purgeExpiredSessions();
      const flow = str(body, 'AuthFlow');
      const params = record(body, 'AuthParameters');
      if (flow === 'USER_SRP_AUTH') {
        const username = params.USERNAME ?? '';
        const AHex = params.SRP_A ?? '';
        if (!username) throw idErr.invalidParameter('Missing required parameter USERNAME');
        if (!/^[0-9a-f]+$/i.test(AHex) || BigInt(`0x${AHex}`) % srp.N === 0n) throw idErr.invalidParameter('Invalid SRP_A');
        const user = await store.findUser(pool.poolId, username);
        const saltHex = user ? user.saltHex : fakeSalt(username);
        const verifierHex = user ? user.verifierHex : srp.padHex(srp.modPow(srp.g, BigInt(`0x${saltHex}`), srp.N));
        const { bHex, BHex } = srp.serverEphemeral(verifierHex);
        const userId = user?.sub ?? username.toLowerCase();
        const secretBlock = randomBytes(96).toString('base64');
        if (user) {
          await store.insertSession({
            id: secretBlock,
            sub: user.sub,
            challenge: 'PASSWORD_VERIFIER',
            data: { AHex, BHex, bHex, clientId, deviceKey: params.DEVICE_KEY ?? '' },
            expiresAt: new Date(now().getTime() + pool.challengeTtlMs),
          });
        }
        return {
          ChallengeName: 'PASSWORD_VERIFIER',
          ChallengeParameters: { SALT: saltHex, SRP_B: BHex, SECRET_BLOCK: secretBlock, USERNAME: userId, USER_ID_FOR_SRP: userId },
        };
      }
      if (flow === 'USER_PASSWORD_AUTH') {
        const user = await store.findUser(pool.poolId, params.USERNAME ?? '');
        if (!params.PASSWORD) throw idErr.invalidParameter('Missing required parameter PASSWORD');
        if (!user) throw idErr.notAuthorized();
        assertNotLocked(user);
        if (!srp.verifierMatches({ saltHex: user.saltHex, verifierHex: user.verifierHex }, realm, user.sub, params.PASSWORD)) await failed(user, idErr.notAuthorized());
        return afterPassword(user, clientId, params.DEVICE_KEY ?? '', ctx);
      }
      if (flow === 'REFRESH_TOKEN_AUTH' || flow === 'REFRESH_TOKEN') {
        return { AuthenticationResult: await refresh(params.REFRESH_TOKEN ?? '', clientId, params.DEVICE_KEY ?? ''), ChallengeParameters: {} };
      }
      if (flow === 'CUSTOM_AUTH') {
        const user = await store.findUser(pool.poolId, params.USERNAME ?? '');
        if (!user) throw idErr.notAuthorized();
        assertNotLocked(user);
        const challenge = await customAuth.createChallenge(user);
        return {
          ChallengeName: 'CUSTOM_CHALLENGE',
          Session: await newSession(user, 'CUSTOM_CHALLENGE', { clientId, deviceKey: params.DEVICE_KEY ?? null, ip: ctx.ip, privateState: { ...challenge.privateState, sub: user.sub } }),
          ChallengeParameters: { ...challenge.publicParameters, USERNAME: user.sub },
        };
      }
      throw idErr.invalidParameter(`Initiate Auth method not supported: ${flow}`);
    },

    async RespondToAuthChallenge(body, ctx) {
      const clientId = checkClient(body);
      const name = str(body, 'ChallengeName');
      const r = record(body, 'ChallengeResponses');
      const sessionId = str(body, 'Session', { optional: true, max: 4096 });

      if (name === 'PASSWORD_VERIFIER' || name === 'DEVICE_PASSWORD_VERIFIER') {
        const block = r.PASSWORD_CLAIM_SECRET_BLOCK ?? '';
        const s = block ? await store.peekSession(block, now()) : undefined;
        if (!s || s.challenge !== name) throw idErr.notAuthorized();
        const user = await store.userBySub(s.sub);
        if (!user) throw idErr.notAuthorized();
        assertNotLocked(user);
        const d = s.data as { AHex: string; BHex: string; bHex: string; deviceKey: string; groupKey?: string; verifierHex?: string };
        checkTimestamp(r.TIMESTAMP ?? '');
        const consume = async () => {
          // Single use, also when two answers race: only the one that takes the session goes on.
          if (!(await store.takeSession(block, now()))) throw idErr.notAuthorized();
        };
        if (name === 'PASSWORD_VERIFIER') {
          const key = srp.serverSessionKey({ AHex: d.AHex, BHex: d.BHex, bHex: d.bHex, verifierHex: user.verifierHex });
          const expected = key && srp.passwordClaimSignature(key, realm, user.sub, block, r.TIMESTAMP ?? '');
          if (!expected || !srp.signaturesEqual(expected, r.PASSWORD_CLAIM_SIGNATURE ?? '')) {
            await consume();
            await failed(user, idErr.notAuthorized());
          }
          // An unknown device leaves the session open: the client forgets its device and answers
          // the same challenge again without it (spec §8).
          // The device is the one named in this answer (both official clients send it here); a retry
          // without it, or with null, signs in without the device.
          const deviceKey = r.DEVICE_KEY ?? '';
          if (deviceKey && !(await store.device(user.sub, deviceKey))) throw idErr.resourceNotFound('Device does not exist.');
          await consume();
          return afterPassword(user, clientId, deviceKey, ctx);
        }
        await consume();
        const key = srp.serverSessionKey({ AHex: d.AHex, BHex: d.BHex, bHex: d.bHex, verifierHex: d.verifierHex ?? '' });
        const expected = key && srp.passwordClaimSignature(key, d.groupKey ?? '', d.deviceKey, block, r.TIMESTAMP ?? '');
        if (!expected || !srp.signaturesEqual(expected, r.PASSWORD_CLAIM_SIGNATURE ?? '')) await failed(user, idErr.notAuthorized('Incorrect device credentials.'));
        return issueTokens(user, clientId, { deviceKey: d.deviceKey, ip: ctx.ip, newDevice: false });
      }

      if (name === 'DEVICE_SRP_AUTH') {
        const { session, user } = await sessionFor(sessionId, name);
        const d = session.data as { deviceKey: string };
        const device = await store.device(user.sub, r.DEVICE_KEY ?? d.deviceKey);
        if (!device || !device.verifierHex || !device.saltHex || device.rememberedStatus !== 'remembered') throw idErr.resourceNotFound('Device does not exist.');
        const AHex = r.SRP_A ?? '';
        if (!/^[0-9a-f]+$/i.test(AHex) || BigInt(`0x${AHex}`) % srp.N === 0n) throw idErr.invalidParameter('Invalid SRP_A');
        await store.takeSession(session.id, now());
        const { bHex, BHex } = srp.serverEphemeral(device.verifierHex);
        const secretBlock = randomBytes(96).toString('base64');
        await store.insertSession({
          id: secretBlock,
          sub: user.sub,
          challenge: 'DEVICE_PASSWORD_VERIFIER',
          data: { AHex, BHex, bHex, deviceKey: device.deviceKey, groupKey: device.groupKey, verifierHex: device.verifierHex },
          expiresAt: new Date(now().getTime() + pool.challengeTtlMs),
        });
        return {
          ChallengeName: 'DEVICE_PASSWORD_VERIFIER',
          ChallengeParameters: { SALT: device.saltHex, SRP_B: BHex, SECRET_BLOCK: secretBlock, USERNAME: user.sub, DEVICE_KEY: device.deviceKey },
        };
      }

      const { session, user } = await sessionFor(sessionId, name);
      const data = session.data as { clientId: string; deviceKey: string | null; ip: string; totpVerified?: boolean; privateState?: Record<string, string> };
      const finish = async () => {
        await store.takeSession(session.id, now());
        return issueTokens(user, clientId, { deviceKey: data.deviceKey, ip: ctx.ip, newDevice: !data.deviceKey });
      };

      switch (name) {
        case 'NEW_PASSWORD_REQUIRED': {
          const password = r.NEW_PASSWORD ?? '';
          if (!password) throw idErr.invalidParameter('Missing required parameter NEW_PASSWORD');
          assertPassword(password);
          const attrs = { ...user.attributes };
          for (const [k, v] of Object.entries(r)) {
            const attr = k.startsWith('userAttributes.') ? k.slice('userAttributes.'.length) : '';
            if (attr && EDITABLE_ATTRIBUTES.has(attr)) attrs[attr] = v;
          }
          const verifier = srp.createVerifier(realm, user.sub, password);
          await store.updateUser(user.sub, { ...verifier, status: 'CONFIRMED', attributes: attrs, updatedAt: now() });
          await store.takeSession(session.id, now());
          const updated = (await store.userBySub(user.sub))!;
          return secondFactor(updated, { clientId, deviceKey: data.deviceKey, ip: ctx.ip });
        }
        case 'SMS_MFA': {
          await checkCode(user, 'SMS_MFA', r.SMS_MFA_CODE ?? '', idErr.codeMismatch('Invalid code or auth state for the user.'));
          return finish();
        }
        case 'SOFTWARE_TOKEN_MFA': {
          assertNotLocked(user);
          if (!user.totpSecret || !totpValid(user.totpSecret, r.SOFTWARE_TOKEN_MFA_CODE ?? '')) {
            await failed(user, idErr.codeMismatch('Invalid code or auth state for the user.'));
          }
          await succeeded(user);
          return finish();
        }
        case 'SELECT_MFA_TYPE': {
          const answer = r.ANSWER ?? '';
          if (answer !== 'SMS_MFA' && answer !== 'SOFTWARE_TOKEN_MFA') throw idErr.invalidParameter('Invalid ANSWER for SELECT_MFA_TYPE');
          if (!enabledMfas(user).includes(answer)) throw idErr.invalidParameter(`${answer} is not enabled for the user`);
          await store.takeSession(session.id, now());
          return mfaChallenge(user, answer, { clientId: data.clientId, deviceKey: data.deviceKey, ip: data.ip });
        }
        case 'MFA_SETUP': {
          if (!data.totpVerified) throw idErr.invalidParameter('Software token MFA has not been verified for this session');
          return finish();
        }
        case 'CUSTOM_CHALLENGE': {
          assertNotLocked(user);
          if (!(await customAuth.verify(r.ANSWER ?? '', data.privateState ?? {}))) await failed(user, idErr.notAuthorized('Incorrect answer.'));
          await succeeded(user);
          return finish();
        }
        default:
          throw idErr.invalidParameter(`Unsupported challenge ${name}`);
      }
    },

    async GetTokensFromRefreshToken(body) {
      const clientId = checkClient(body);
      return { AuthenticationResult: await refresh(str(body, 'RefreshToken', { max: 8192 }), clientId, str(body, 'DeviceKey', { optional: true })) };
    },

    async SignUp(body) {
      checkClient(body);
      const username = str(body, 'Username', { max: 128 }).trim().toLowerCase();
      const password = str(body, 'Password', { max: 256 });
      const attrs: Record<string, string> = {};
      for (const a of attributeList(body, 'UserAttributes')) if (EDITABLE_ATTRIBUTES.has(a.Name) || a.Name.startsWith('custom:')) attrs[a.Name] = a.Value;
      if (!attrs.email && username.includes('@')) attrs.email = username;
      if (!attrs.email) throw idErr.invalidParameter('Attributes did not conform to the schema: email: The attribute is required');
      assertPassword(password);
      if (await store.findUser(pool.poolId, username)) throw new IdentityError('UsernameExistsException', 'An account with the given email already exists.');
      const sub = randomUUID();
      const user = await store.insertUser({
        sub,
        poolId: pool.poolId,
        username,
        ...srp.createVerifier(realm, sub, password),
        status: 'UNCONFIRMED',
        attributes: { ...attrs, email_verified: 'false', ...(attrs.phone_number ? { phone_number_verified: 'false' } : {}) },
        createdAt: now(),
        updatedAt: now(),
      });
      const delivery = await sendCode(user, 'SIGN_UP', 'email', TEXTS.signUp);
      return { UserConfirmed: false, UserSub: sub, CodeDeliveryDetails: delivery };
    },

    async ConfirmSignUp(body) {
      checkClient(body);
      const user = await store.findUser(pool.poolId, str(body, 'Username'));
      if (!user) throw idErr.codeMismatch();
      if (user.status !== 'UNCONFIRMED') throw idErr.notAuthorized(`User cannot be confirmed. Current status is ${user.status}`);
      await checkCode(user, 'SIGN_UP', str(body, 'ConfirmationCode', { max: 16 }), idErr.codeMismatch());
      await store.updateUser(user.sub, { status: 'CONFIRMED', attributes: { ...user.attributes, email_verified: 'true' }, updatedAt: now() });
      return {};
    },

    async ResendConfirmationCode(body) {
      checkClient(body);
      const user = await store.findUser(pool.poolId, str(body, 'Username'));
      if (!user) return { CodeDeliveryDetails: { Destination: maskEmail(str(body, 'Username')), DeliveryMedium: 'EMAIL', AttributeName: 'email' } };
      if (user.status !== 'UNCONFIRMED') throw idErr.invalidParameter('User is already confirmed.');
      return { CodeDeliveryDetails: await sendCode(user, 'SIGN_UP', 'email', TEXTS.signUp) };
    },

    async ForgotPassword(body) {
      checkClient(body);
      const username = str(body, 'Username');
      const user = await store.findUser(pool.poolId, username);
      if (!user) return { CodeDeliveryDetails: { Destination: maskEmail(username), DeliveryMedium: 'EMAIL', AttributeName: 'email' } };
      const bySms = user.attributes.phone_number && user.attributes.phone_number_verified === 'true';
      return { CodeDeliveryDetails: await sendCode(user, 'FORGOT_PASSWORD', bySms ? 'sms' : 'email', TEXTS.forgot) };
    },

    async ConfirmForgotPassword(body) {
      checkClient(body);
      const user = await store.findUser(pool.poolId, str(body, 'Username'));
      const password = str(body, 'Password', { max: 256 });
      if (!user) throw idErr.codeMismatch();
      assertPassword(password);
      await checkCode(user, 'FORGOT_PASSWORD', str(body, 'ConfirmationCode', { max: 16 }), idErr.codeMismatch());
      await store.updateUser(user.sub, {
        ...srp.createVerifier(realm, user.sub, password),
        status: user.status === 'UNCONFIRMED' ? 'UNCONFIRMED' : 'CONFIRMED',
        failedAttempts: 0,
        lockedUntil: null,
        updatedAt: now(),
      });
      return {};
    },

    async ChangePassword(body) {
      const { user } = await authenticated(body);
      const previous = str(body, 'PreviousPassword', { max: 256 });
      const proposed = str(body, 'ProposedPassword', { max: 256 });
      assertNotLocked(user);
      if (!srp.verifierMatches({ saltHex: user.saltHex, verifierHex: user.verifierHex }, realm, user.sub, previous)) await failed(user, idErr.notAuthorized());
      assertPassword(proposed);
      await store.updateUser(user.sub, { ...srp.createVerifier(realm, user.sub, proposed), failedAttempts: 0, updatedAt: now() });
      return {};
    },

    async GetUser(body) {
      const { user } = await authenticated(body);
      const mfas = enabledMfas(user);
      return {
        Username: user.sub,
        UserAttributes: Object.entries({ sub: user.sub, ...user.attributes }).map(([Name, Value]) => ({ Name, Value })),
        ...(user.smsMfaEnabled ? { MFAOptions: [{ DeliveryMedium: 'SMS', AttributeName: 'phone_number' }] } : {}),
        ...(mfas.length ? { UserMFASettingList: mfas } : {}),
        ...(user.preferredMfa && mfas.includes(user.preferredMfa as 'SMS_MFA') ? { PreferredMfaSetting: user.preferredMfa } : {}),
      };
    },

    async UpdateUserAttributes(body) {
      const { user } = await authenticated(body);
      const attrs = { ...user.attributes };
      const toVerify: string[] = [];
      for (const a of attributeList(body, 'UserAttributes')) {
        if (!EDITABLE_ATTRIBUTES.has(a.Name) && !a.Name.startsWith('custom:')) throw idErr.invalidParameter(`Cannot modify attribute ${a.Name}`);
        if ((a.Name === 'email' || a.Name === 'phone_number') && attrs[a.Name] !== a.Value) {
          attrs[`${a.Name}_verified`] = 'false';
          toVerify.push(a.Name);
        }
        attrs[a.Name] = a.Value;
      }
      await store.updateUser(user.sub, { attributes: attrs, updatedAt: now() });
      const updated = (await store.userBySub(user.sub))!;
      const list = [];
      for (const name of toVerify) {
        list.push(await sendCode(updated, `VERIFY_${name}`, name === 'email' ? 'email' : 'sms', TEXTS.verify));
      }
      return list.length ? { CodeDeliveryDetailsList: list } : {};
    },

    async DeleteUserAttributes(body) {
      const { user } = await authenticated(body);
      const names = body.UserAttributeNames;
      if (!Array.isArray(names) || names.some((n) => typeof n !== 'string')) throw idErr.invalidParameter('Invalid UserAttributeNames');
      const attrs = { ...user.attributes };
      for (const n of names as string[]) {
        if (n === 'email' || n === 'sub') throw idErr.invalidParameter(`Cannot delete required attribute ${n}`);
        delete attrs[n];
        delete attrs[`${n}_verified`];
      }
      await store.updateUser(user.sub, { attributes: attrs, ...(attrs.phone_number ? {} : { smsMfaEnabled: false }), updatedAt: now() });
      return {};
    },

    async DeleteUser(body) {
      const { user } = await authenticated(body);
      await revoking(() => store.deleteUser(user.sub));
      return {};
    },

    async GetUserAttributeVerificationCode(body) {
      const { user } = await authenticated(body);
      const name = str(body, 'AttributeName');
      if (name !== 'email' && name !== 'phone_number') throw idErr.invalidParameter(`Cannot verify attribute ${name}`);
      return { CodeDeliveryDetails: await sendCode(user, `VERIFY_${name}`, name === 'email' ? 'email' : 'sms', TEXTS.verify) };
    },

    async VerifyUserAttribute(body) {
      const { user } = await authenticated(body);
      const name = str(body, 'AttributeName');
      await checkCode(user, `VERIFY_${name}`, str(body, 'Code', { max: 16 }), idErr.codeMismatch());
      await store.updateUser(user.sub, { attributes: { ...user.attributes, [`${name}_verified`]: 'true' }, updatedAt: now() });
      return {};
    },

    async SetUserSettings(body) {
      const { user } = await authenticated(body);
      const options = Array.isArray(body.MFAOptions) ? body.MFAOptions : [];
      const sms = options.some((o: { DeliveryMedium?: string }) => o?.DeliveryMedium === 'SMS');
      if (sms && !user.attributes.phone_number) throw idErr.invalidParameter('No phone number for SMS MFA');
      if (!sms && pool.mfa === 'ON' && !user.totpMfaEnabled) throw idErr.invalidParameter('At least one MFA method must remain enabled.');
      await store.updateUser(user.sub, { smsMfaEnabled: sms, updatedAt: now() });
      return {};
    },

    async SetUserMFAPreference(body) {
      const { user } = await authenticated(body);
      const sms = (body.SMSMfaSettings ?? undefined) as { Enabled?: boolean; PreferredMfa?: boolean } | undefined;
      const totp = (body.SoftwareTokenMfaSettings ?? undefined) as { Enabled?: boolean; PreferredMfa?: boolean } | undefined;
      let smsEnabled = user.smsMfaEnabled;
      let totpEnabled = user.totpMfaEnabled;
      let preferred = user.preferredMfa;
      if (sms?.Enabled !== undefined) smsEnabled = sms.Enabled;
      if (totp?.Enabled !== undefined) totpEnabled = totp.Enabled;
      if (smsEnabled && !user.attributes.phone_number) throw idErr.invalidParameter('No phone number for SMS MFA');
      if (totpEnabled && !user.totpSecret) throw idErr.invalidParameter('User has not verified software token mfa');
      if (pool.mfa === 'ON' && !smsEnabled && !totpEnabled) throw idErr.invalidParameter('At least one MFA method must remain enabled.');
      if (sms?.PreferredMfa) preferred = 'SMS_MFA';
      if (totp?.PreferredMfa) preferred = 'SOFTWARE_TOKEN_MFA';
      if ((preferred === 'SMS_MFA' && !smsEnabled) || (preferred === 'SOFTWARE_TOKEN_MFA' && !totpEnabled)) preferred = null;
      await store.updateUser(user.sub, { smsMfaEnabled: smsEnabled, totpMfaEnabled: totpEnabled, preferredMfa: preferred, updatedAt: now() });
      return {};
    },

    async AssociateSoftwareToken(body) {
      const secret = new Secret({ size: 20 }).base32;
      if (body.AccessToken) {
        const { user } = await authenticated(body);
        await store.updateUser(user.sub, { pendingTotpSecret: secret, updatedAt: now() });
        return { SecretCode: secret };
      }
      const { session, user } = await sessionFor(str(body, 'Session', { max: 4096 }), 'MFA_SETUP');
      await store.takeSession(session.id, now());
      const next = await newSession(user, 'MFA_SETUP', { ...session.data, pendingTotpSecret: secret });
      return { SecretCode: secret, Session: next };
    },

    async VerifySoftwareToken(body) {
      const code = str(body, 'UserCode', { max: 16 });
      const mismatch = new IdentityError('EnableSoftwareTokenMFAException', 'Code mismatch and fail enable Software Token MFA');
      if (body.AccessToken) {
        const { user } = await authenticated(body);
        assertNotLocked(user);
        if (!user.pendingTotpSecret || !totpValid(user.pendingTotpSecret, code)) await failed(user, mismatch);
        await store.updateUser(user.sub, { totpSecret: user.pendingTotpSecret, pendingTotpSecret: null, failedAttempts: 0, updatedAt: now() });
        return { Status: 'SUCCESS' };
      }
      const { session, user } = await sessionFor(str(body, 'Session', { max: 4096 }), 'MFA_SETUP');
      const pending = (session.data as { pendingTotpSecret?: string }).pendingTotpSecret;
      assertNotLocked(user);
      if (!pending || !totpValid(pending, code)) await failed(user, mismatch);
      await store.updateUser(user.sub, { totpSecret: pending, totpMfaEnabled: true, preferredMfa: 'SOFTWARE_TOKEN_MFA', failedAttempts: 0, updatedAt: now() });
      await store.takeSession(session.id, now());
      const next = await newSession(user, 'MFA_SETUP', { ...session.data, pendingTotpSecret: null, totpVerified: true });
      return { Status: 'SUCCESS', Session: next };
    },

    async ConfirmDevice(body) {
      const { user } = await authenticated(body);
      const deviceKey = str(body, 'DeviceKey');
      const device = await store.device(user.sub, deviceKey);
      if (!device) throw idErr.resourceNotFound('Device does not exist.');
      const config = (body.DeviceSecretVerifierConfig ?? {}) as { PasswordVerifier?: string; Salt?: string };
      if (typeof config.PasswordVerifier !== 'string' || typeof config.Salt !== 'string') throw idErr.invalidParameter('Missing DeviceSecretVerifierConfig');
      const saltHex = srp.padHex(BigInt(`0x${Buffer.from(config.Salt, 'base64').toString('hex') || '0'}`));
      const verifierHex = Buffer.from(config.PasswordVerifier, 'base64').toString('hex');
      await store.updateDevice(deviceKey, {
        saltHex,
        verifierHex,
        confirmed: true,
        name: str(body, 'DeviceName', { optional: true, max: 256 }) || null,
        lastModifiedAt: now(),
      });
      return { UserConfirmationNecessary: true };
    },

    async GetDevice(body) {
      const { user } = await authenticated(body);
      const device = await store.device(user.sub, str(body, 'DeviceKey'));
      if (!device) throw idErr.resourceNotFound('Device does not exist.');
      return { Device: deviceView(device) };
    },

    async ListDevices(body) {
      const { user } = await authenticated(body);
      const limit = body.Limit === undefined ? DEVICE_LIST_LIMIT : Number(body.Limit);
      if (!Number.isInteger(limit) || limit < 0 || limit > DEVICE_LIST_LIMIT) throw idErr.invalidParameter(`Limit must be between 0 and ${DEVICE_LIST_LIMIT}`);
      return { Devices: (await store.devices(user.sub, limit)).map(deviceView) };
    },

    async ForgetDevice(body) {
      const { user } = await authenticated(body);
      const deviceKey = str(body, 'DeviceKey');
      if (!(await store.device(user.sub, deviceKey))) throw idErr.resourceNotFound('Device does not exist.');
      await store.deleteDevice(user.sub, deviceKey);
      return {};
    },

    async UpdateDeviceStatus(body) {
      const { user } = await authenticated(body);
      const deviceKey = str(body, 'DeviceKey');
      const status = str(body, 'DeviceRememberedStatus', { optional: true }) || 'not_remembered';
      if (status !== 'remembered' && status !== 'not_remembered') throw idErr.invalidParameter('DeviceRememberedStatus must be remembered or not_remembered');
      if (!(await store.device(user.sub, deviceKey))) throw idErr.resourceNotFound('Device does not exist.');
      await store.updateDevice(deviceKey, { rememberedStatus: status, lastModifiedAt: now() });
      return {};
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

  function deviceView(d: NonNullable<Awaited<ReturnType<IdentityStore['device']>>>) {
    const seconds = (t: Date | null) => (t ? t.getTime() / 1000 : undefined);
    return {
      DeviceKey: d.deviceKey,
      DeviceAttributes: [
        { Name: 'device_status', Value: 'valid' },
        { Name: 'device_name', Value: d.name ?? 'Unbekanntes Gerät' },
        { Name: 'dev:device_remembered_status', Value: d.rememberedStatus },
        ...(d.lastIp ? [{ Name: 'last_ip_used', Value: d.lastIp }] : []),
      ],
      DeviceCreateDate: seconds(d.createdAt),
      DeviceLastModifiedDate: seconds(d.lastModifiedAt),
      DeviceLastAuthenticatedDate: seconds(d.lastAuthenticatedAt),
    };
  }

  return {
    actions,
    realm,
    async dispatch(action: string, body: Body, ctx: Ctx): Promise<unknown> {
      const handler = Object.hasOwn(actions, action) ? actions[action] : undefined;
      if (!handler) throw new IdentityError('UnknownOperationException', `Unknown operation ${action}`);
      return handler(body, ctx);
    },
    /** For the API guard: a valid, unrevoked access token of an enabled user, or null. */
    async verifyAccessToken(token: string) {
      const hit = verified.get(token);
      if (hit && hit.generation === generation && hit.expiresMs > now().getTime()) return hit.result;
      const before = generation;
      try {
        const { expiresMs, ...result } = await authenticated({ AccessToken: token });
        if (before === generation) {
          if (verified.size >= 10_000) verified.clear();
          verified.set(token, { result, generation: before, expiresMs });
        }
        return result;
      } catch {
        return null;
      }
    },
    /** Creates a confirmed user directly (seed, tests); the password is turned into a verifier. */
    async createUser(p: { username: string; password: string; attributes: Record<string, string>; smsMfa?: boolean; status?: string }) {
      const sub = randomUUID();
      return store.insertUser({
        sub,
        poolId: pool.poolId,
        username: p.username.toLowerCase(),
        ...srp.createVerifier(realm, sub, p.password),
        status: p.status ?? 'CONFIRMED',
        attributes: p.attributes,
        smsMfaEnabled: p.smsMfa ?? false,
        preferredMfa: p.smsMfa ? 'SMS_MFA' : null,
        createdAt: now(),
        updatedAt: now(),
      });
    },
  };
}
export type IdentityService = ReturnType<typeof identityService>;
