import { createHash, randomInt } from 'node:crypto';
import type { Messenger } from '../outbox/service.ts';
import { type IdentityError, idErr } from './errors.ts';
import type { Lockout } from './lockout.ts';
import type { CustomAuthHook, PoolSettings } from './pool-settings.ts';
import type { IdentityStore, UserRow } from './store.ts';

export const CODE_TEXTS = {
  smsMfa: (code: string) => `Ihr Kontor-Anmeldecode lautet ${code}. Er ist 5 Minuten gültig. Geben Sie ihn niemals weiter.`,
  signUp: (code: string) => `Willkommen bei Kontor! Ihr Bestätigungscode lautet ${code}.`,
  forgot: (code: string) => `Ihr Kontor-Code zum Zurücksetzen des Passworts lautet ${code}. Er ist nur kurz gültig.`,
  verify: (code: string) => `Ihr Kontor-Bestätigungscode lautet ${code}.`,
  custom: (code: string) => `Ihr Kontor-Einmalcode lautet ${code}.`,
};

const hashCode = (sub: string, code: string) => createHash('sha256').update(`${sub}:${code}`).digest('hex');
const sixDigits = () => String(randomInt(0, 1_000_000)).padStart(6, '0');
const maskPhone = (p: string) => `+${'*'.repeat(Math.max(0, p.length - 5))}${p.slice(-4)}`;
export const maskEmail = (e: string) => {
  const [local = '', domain = ''] = e.split('@');
  return `${local.slice(0, 1)}***@${domain.slice(0, 1)}***`;
};

/** Six-digit codes by SMS or email: stored hashed, single use, and wrong ones count towards the lockout. */
export function oneTimeCodes(deps: { store: IdentityStore; messenger: Messenger; pool: PoolSettings; now: () => Date; lockout: Lockout }) {
  const { store, messenger, pool, now } = deps;
  const { assertNotLocked, failed, succeeded } = deps.lockout;
  async function sendCode(user: UserRow, purpose: string, channel: 'sms' | 'email', text: (c: string) => string, ttlMs?: number) {
    const recipient = channel === 'sms' ? user.attributes.phone_number : user.attributes.email;
    if (!recipient) throw idErr.invalidParameter(`No ${channel === 'sms' ? 'phone number' : 'email'} to deliver the code to`);
    const code = sixDigits();
    const ttl = ttlMs ?? (channel === 'sms' ? pool.smsCodeTtlMs : pool.emailCodeTtlMs);
    await store.insertCode({ sub: user.sub, purpose, codeHash: hashCode(user.sub, code), expiresAt: new Date(now().getTime() + ttl), createdAt: now() });
    await messenger.send({ recipient, channel, text: text(code), code });
    return channel === 'sms'
      ? { Destination: maskPhone(recipient), DeliveryMedium: 'SMS', AttributeName: 'phone_number' }
      : { Destination: maskEmail(recipient), DeliveryMedium: 'EMAIL', AttributeName: 'email' };
  }
  /** `expired`: the answer when no code is open (by default ExpiredCodeException). */
  async function checkCode(user: UserRow, purpose: string, code: string, mismatch: IdentityError, expired: IdentityError = idErr.expiredCode()): Promise<void> {
    assertNotLocked(user);
    const taken = await store.takeCode(user.sub, purpose, hashCode(user.sub, code.trim()), now());
    if (taken === 'none' || taken === 'expired') {
      // Where "no code" must look like a wrong one, it counts like one too.
      if (expired.type === mismatch.type) await failed(user, expired);
      throw expired;
    }
    if (taken === 'mismatch') await failed(user, mismatch);
    if (taken === 'taken') throw expired;
    await succeeded(user);
  }
  return { sendCode, checkCode };
}

/** The default custom-auth hook: a one-time code by SMS to the verified number (passwordless step-up). */
export function smsCodeChallenge(messenger: Messenger): CustomAuthHook {
  return {
    async createChallenge(user) {
      const phone = user.attributes.phone_number;
      if (!phone) throw idErr.invalidParameter('No verified phone number for a custom challenge');
      const code = sixDigits();
      await messenger.send({ recipient: phone, channel: 'sms', text: CODE_TEXTS.custom(code), code });
      return { publicParameters: { CODE_DELIVERY_DESTINATION: maskPhone(phone) }, privateState: { codeHash: hashCode(user.sub, code) } };
    },
    async verify(answer, state) {
      return typeof state.codeHash === 'string' && state.codeHash.length > 0 && hashCode(String(state.sub), answer) === state.codeHash;
    },
  };
}
