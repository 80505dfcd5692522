import { idErr } from './errors.ts';
import { enabledMfas, totpStep } from './mfa-methods.ts';
import type { PoolKit } from './pool-kit.ts';
import { type Action, assertPassword, record, str } from './protocol.ts';
import { signInSteps } from './sign-in-steps.ts';
import * as srp from './srp.ts';
import { srpSignIn } from './srp-sign-in.ts';

/** Sign-in: the auth flows InitiateAuth starts and the challenges RespondToAuthChallenge answers. */
export function signInActions(kit: PoolKit): Record<string, Action> {
  const { store, pool, realm, now, pow, checkClient, purgeExpiredSessions, assertNotLocked, failed, succeeded, checkCode, sessionFor, newSession } = kit;
  const { assertNameNotLocked, failedName } = kit;
  const flowEnabled = (flow: string) => (pool.authFlows as readonly string[]).includes(flow);
  const { issueTokens, refresh, customAuth } = kit;
  const steps = signInSteps(kit);
  const bySrp = srpSignIn(kit, steps);

  return {
    async InitiateAuth(body, ctx) {
      const clientId = checkClient(body);
      await purgeExpiredSessions();
      const flow = str(body, 'AuthFlow');
      const params = record(body, 'AuthParameters');
      if ((flow === 'USER_SRP_AUTH' || flow === 'USER_PASSWORD_AUTH' || flow === 'CUSTOM_AUTH') && !flowEnabled(flow)) {
        throw idErr.invalidParameter(`${flow} flow not enabled for this client`);
      }
      if (flow === 'USER_SRP_AUTH') return bySrp.start(params, clientId);
      if (flow === 'USER_PASSWORD_AUTH') {
        const user = await store.findUser(pool.poolId, params.USERNAME ?? '');
        if (!params.PASSWORD) throw idErr.invalidParameter('Missing required parameter PASSWORD');
        if (!user) {
          await assertNameNotLocked(params.USERNAME ?? '');
          return failedName(params.USERNAME ?? '', idErr.notAuthorized());
        }
        assertNotLocked(user);
        if (!(await srp.verifierMatches({ saltHex: user.saltHex, verifierHex: user.verifierHex }, realm, user.sub, params.PASSWORD, pow))) await failed(user, idErr.notAuthorized());
        return steps.afterPassword(user, clientId, params.DEVICE_KEY ?? '', ctx);
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

      if (name === 'PASSWORD_VERIFIER' || name === 'DEVICE_PASSWORD_VERIFIER') return bySrp.answerVerifier(name, r, clientId, ctx);
      if (name === 'DEVICE_SRP_AUTH') return bySrp.answerDeviceSrp(sessionId, r);

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
            if (attr && pool.writeAttributes.includes(attr)) attrs[attr] = v;
          }
          const verifier = await srp.createVerifier(realm, user.sub, password, pow);
          await store.updateUser(user.sub, { ...verifier, status: 'CONFIRMED', attributes: attrs, updatedAt: now() });
          await store.takeSession(session.id, now());
          const updated = (await store.userBySub(user.sub))!;
          return steps.secondFactor(updated, { clientId, deviceKey: data.deviceKey, ip: ctx.ip });
        }
        case 'SMS_MFA': {
          await checkCode(user, 'SMS_MFA', r.SMS_MFA_CODE ?? '', idErr.codeMismatch('Invalid code or auth state for the user.'));
          return finish();
        }
        case 'SOFTWARE_TOKEN_MFA': {
          assertNotLocked(user);
          const step = user.totpSecret ? totpStep(user.totpSecret, r.SOFTWARE_TOKEN_MFA_CODE ?? '', now()) : null;
          // A code already used (or one older than the last used) is a wrong code.
          if (step === null || !(await store.takeTotpStep(user.sub, step))) {
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
          return steps.mfaChallenge(user, answer, { clientId: data.clientId, deviceKey: data.deviceKey, ip: data.ip });
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
  };
}
