import { IdentityError, idErr } from './errors.ts';
import { enabledMfas, type MfaMethod } from './mfa-methods.ts';
import { CODE_TEXTS } from './one-time-codes.ts';
import type { PoolKit } from './pool-kit.ts';
import type { AuthResult, Ctx } from './protocol.ts';
import type { UserRow } from './store.ts';

/** The steps after a verified password: a remembered device, a new password, or a second factor. */
export function signInSteps(kit: PoolKit) {
  const { store, pool, newSession, sendCode, succeeded, issueTokens } = kit;

  async function mfaChallenge(user: UserRow, which: MfaMethod, data: Record<string, unknown>): Promise<AuthResult> {
    if (which === 'SMS_MFA') {
      const delivery = await sendCode(user, 'SMS_MFA', 'sms', CODE_TEXTS.smsMfa);
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

  return { afterPassword, secondFactor, mfaChallenge };
}
export type SignInSteps = ReturnType<typeof signInSteps>;
