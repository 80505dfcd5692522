import { createHmac, randomBytes } from 'node:crypto';
import { idErr } from './errors.ts';
import type { PoolKit } from './pool-kit.ts';
import type { AuthResult, Ctx } from './protocol.ts';
import type { SignInSteps } from './sign-in-steps.ts';
import * as srp from './srp.ts';

/** The session of a name no user has (the column takes a uuid; no user has this one). */
const NO_USER = '00000000-0000-0000-0000-000000000000';

/**
 * Sign-in by SRP: the client proves it knows the password, and later a remembered device proves
 * it holds its secret, without either crossing the wire.
 */
export function srpSignIn(kit: PoolKit, steps: SignInSteps) {
  const { store, pool, realm, now, pow, assertNotLocked, failed, sessionFor, issueTokens, assertNameNotLocked, failedName } = kit;
  const fakeSecret = randomBytes(32);

  /** A user who does not exist gets the same answers as a wrong password (no user enumeration). */
  function fakeSalt(username: string) {
    return srp.padHex(BigInt(`0x${createHmac('sha256', fakeSecret).update(username.toLowerCase()).digest('hex').slice(0, 32)}`));
  }

  function checkTimestamp(ts: string) {
    // "Tue Sep 25 00:09:40 UTC 2018" — the clients' clock must be within 15 minutes of ours.
    const parsed = Date.parse(ts.replace(/ UTC (\d{4})$/, ' $1 UTC'));
    if (Number.isNaN(parsed) || Math.abs(parsed - now().getTime()) > 15 * 60_000) throw idErr.notAuthorized('Incorrect username or password.');
  }

  function assertClientEphemeral(AHex: string) {
    if (!/^[0-9a-f]+$/i.test(AHex) || BigInt(`0x${AHex}`) % srp.N === 0n) throw idErr.invalidParameter('Invalid SRP_A');
  }

  /** The state the verifier's answer takes, named by the SECRET_BLOCK the client signs. */
  async function verifierSession(sub: string, challenge: string, data: Record<string, unknown>) {
    const secretBlock = randomBytes(96).toString('base64');
    await store.insertSession({ id: secretBlock, sub, challenge, data, expiresAt: new Date(now().getTime() + pool.challengeTtlMs) });
    return secretBlock;
  }

  /** InitiateAuth with USER_SRP_AUTH: the server's half of the exchange, as PASSWORD_VERIFIER. */
  async function start(params: Record<string, string>, clientId: string): Promise<AuthResult> {
    const username = params.USERNAME ?? '';
    const AHex = params.SRP_A ?? '';
    if (!username) throw idErr.invalidParameter('Missing required parameter USERNAME');
    assertClientEphemeral(AHex);
    const user = await store.findUser(pool.poolId, username);
    const saltHex = user ? user.saltHex : fakeSalt(username);
    const verifierHex = user ? user.verifierHex : srp.padHex(await pow(srp.g, BigInt(`0x${saltHex}`)));
    const { bHex, BHex } = await srp.serverEphemeral(verifierHex, pow);
    const userId = user?.sub ?? username.toLowerCase();
    // An unknown name gets a session too: its answer is counted and locked like a wrong password.
    const secretBlock = user
      ? await verifierSession(user.sub, 'PASSWORD_VERIFIER', { AHex, BHex, bHex, clientId, deviceKey: params.DEVICE_KEY ?? '' })
      : await verifierSession(NO_USER, 'PASSWORD_VERIFIER', { unknownName: username.toLowerCase() });
    return {
      ChallengeName: 'PASSWORD_VERIFIER',
      ChallengeParameters: { SALT: saltHex, SRP_B: BHex, SECRET_BLOCK: secretBlock, USERNAME: userId, USER_ID_FOR_SRP: userId },
    };
  }

  /** The client's proof for PASSWORD_VERIFIER (the password) or DEVICE_PASSWORD_VERIFIER (the device). */
  async function answerVerifier(
    name: 'PASSWORD_VERIFIER' | 'DEVICE_PASSWORD_VERIFIER',
    r: Record<string, string>,
    clientId: string,
    ctx: Ctx,
  ): Promise<AuthResult> {
    const block = r.PASSWORD_CLAIM_SECRET_BLOCK ?? '';
    const found = block ? await store.sessionWithUser(block, now()) : undefined;
    if (!found || found.session.challenge !== name) throw idErr.notAuthorized();
    const s = found.session;
    const unknownName = (s.data as { unknownName?: string }).unknownName;
    if (unknownName !== undefined) {
      await assertNameNotLocked(unknownName);
      checkTimestamp(r.TIMESTAMP ?? '');
      await store.takeSession(block, now());
      return failedName(unknownName, idErr.notAuthorized());
    }
    const user = found.user;
    if (!user) throw idErr.notAuthorized();
    assertNotLocked(user);
    const d = s.data as { AHex: string; BHex: string; bHex: string; deviceKey: string; groupKey?: string; verifierHex?: string };
    checkTimestamp(r.TIMESTAMP ?? '');
    const consume = async () => {
      // Single use, also when two answers race: only the one that takes the session goes on.
      if (!(await store.takeSession(block, now()))) throw idErr.notAuthorized();
    };
    if (name === 'PASSWORD_VERIFIER') {
      const key = await srp.serverSessionKey({ AHex: d.AHex, BHex: d.BHex, bHex: d.bHex, verifierHex: user.verifierHex }, pow);
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
      return steps.afterPassword(user, clientId, deviceKey, ctx);
    }
    await consume();
    const key = await srp.serverSessionKey({ AHex: d.AHex, BHex: d.BHex, bHex: d.bHex, verifierHex: d.verifierHex ?? '' }, pow);
    const expected = key && srp.passwordClaimSignature(key, d.groupKey ?? '', d.deviceKey, block, r.TIMESTAMP ?? '');
    if (!expected || !srp.signaturesEqual(expected, r.PASSWORD_CLAIM_SIGNATURE ?? '')) await failed(user, idErr.notAuthorized('Incorrect device credentials.'));
    return issueTokens(user, clientId, { deviceKey: d.deviceKey, ip: ctx.ip, newDevice: false });
  }

  /** DEVICE_SRP_AUTH: a remembered device starts its own exchange, answered by DEVICE_PASSWORD_VERIFIER. */
  async function answerDeviceSrp(sessionId: string, r: Record<string, string>): Promise<AuthResult> {
    const { session, user } = await sessionFor(sessionId, 'DEVICE_SRP_AUTH');
    const d = session.data as { deviceKey: string };
    const device = await store.device(user.sub, r.DEVICE_KEY ?? d.deviceKey);
    if (!device || !device.verifierHex || !device.saltHex || device.rememberedStatus !== 'remembered') throw idErr.resourceNotFound('Device does not exist.');
    const AHex = r.SRP_A ?? '';
    assertClientEphemeral(AHex);
    await store.takeSession(session.id, now());
    const { bHex, BHex } = await srp.serverEphemeral(device.verifierHex, pow);
    const secretBlock = await verifierSession(user.sub, 'DEVICE_PASSWORD_VERIFIER', {
      AHex,
      BHex,
      bHex,
      deviceKey: device.deviceKey,
      groupKey: device.groupKey,
      verifierHex: device.verifierHex,
    });
    return {
      ChallengeName: 'DEVICE_PASSWORD_VERIFIER',
      ChallengeParameters: { SALT: device.saltHex, SRP_B: BHex, SECRET_BLOCK: secretBlock, USERNAME: user.sub, DEVICE_KEY: device.deviceKey },
    };
  }

  return { start, answerVerifier, answerDeviceSrp };
}
