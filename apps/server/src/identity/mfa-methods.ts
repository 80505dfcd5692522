import { Secret, TOTP } from 'otpauth';
import type { UserRow } from './store.ts';

export type MfaMethod = 'SMS_MFA' | 'SOFTWARE_TOKEN_MFA';

/** The second factors a user can be asked for: switched on and usable. */
export function enabledMfas(user: UserRow): MfaMethod[] {
  const list: MfaMethod[] = [];
  if (user.smsMfaEnabled && user.attributes.phone_number) list.push('SMS_MFA');
  if (user.totpMfaEnabled && user.totpSecret) list.push('SOFTWARE_TOKEN_MFA');
  return list;
}

/** An authenticator app's code, one 30-second step of clock drift either way allowed. */
export function totpValid(secret: string, code: string, at: Date) {
  return /^\d{6}$/.test(code.trim()) && totpFor(secret).validate({ token: code.trim(), timestamp: at.getTime(), window: 1 }) !== null;
}
function totpFor(secret: string) {
  return new TOTP({ issuer: 'Kontor', label: 'Kontor', algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });
}
