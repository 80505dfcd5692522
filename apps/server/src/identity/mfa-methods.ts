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
  return totpStep(secret, code, at) !== null;
}

/** The 30-second step an authenticator code belongs to, or null when it is wrong (RFC 6238: a code is used once). */
export function totpStep(secret: string, code: string, at: Date): number | null {
  if (!/^\d{6}$/.test(code.trim())) return null;
  const delta = totpFor(secret).validate({ token: code.trim(), timestamp: at.getTime(), window: 1 });
  return delta === null ? null : Math.floor(at.getTime() / 30_000) + delta;
}
function totpFor(secret: string) {
  return new TOTP({ issuer: 'Kontor', label: 'Kontor', algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });
}
