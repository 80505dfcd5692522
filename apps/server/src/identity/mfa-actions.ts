import { Secret } from 'otpauth';
import { IdentityError, idErr } from './errors.ts';
import { totpValid } from './mfa-methods.ts';
import type { PoolKit } from './pool-kit.ts';
import { type Action, str } from './protocol.ts';

export const MFA_CHANGED_TEXT =
  'Die Zwei-Faktor-Authentifizierung Ihres Kontor-Kontos wurde geändert. Waren Sie das nicht? Dann rufen Sie uns bitte sofort an.';

/**
 * Second factors: which are on and preferred, and setting up an authenticator app (TOTP), either
 * signed in (AccessToken) or during the sign-in that requires it (an MFA_SETUP Session).
 */
export function mfaActions(kit: PoolKit): Record<string, Action> {
  const { store, pool, now, authenticatedForChange, assertNotLocked, failed, sessionFor, newSession, events, tell } = kit;
  /** Second factors changed: the security log and the customer's address are told. */
  const changed = async (user: { sub: string; attributes: Record<string, string> }) => {
    await events.record(user.sub, 'MFA_CHANGED');
    await tell(user, MFA_CHANGED_TEXT);
  };

  return {
    async SetUserSettings(body) {
      const { user } = await authenticatedForChange(body);
      const options = Array.isArray(body.MFAOptions) ? body.MFAOptions : [];
      const sms = options.some((o: { DeliveryMedium?: string }) => o?.DeliveryMedium === 'SMS');
      if (sms && !user.attributes.phone_number) throw idErr.invalidParameter('No phone number for SMS MFA');
      if (!sms && pool.mfa === 'ON' && !user.totpMfaEnabled) throw idErr.invalidParameter('At least one MFA method must remain enabled.');
      await store.updateUser(user.sub, { smsMfaEnabled: sms, updatedAt: now() });
      await changed(user);
      return {};
    },

    async SetUserMFAPreference(body) {
      const { user } = await authenticatedForChange(body);
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
      await changed(user);
      return {};
    },

    async AssociateSoftwareToken(body) {
      const secret = new Secret({ size: 20 }).base32;
      if (body.AccessToken) {
        const { user } = await authenticatedForChange(body);
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
        const { user } = await authenticatedForChange(body);
        assertNotLocked(user);
        if (!user.pendingTotpSecret || !totpValid(user.pendingTotpSecret, code, now())) await failed(user, mismatch);
        await store.updateUser(user.sub, { totpSecret: user.pendingTotpSecret, pendingTotpSecret: null, totpLastStep: null, failedAttempts: 0, updatedAt: now() });
        await changed(user);
        return { Status: 'SUCCESS' };
      }
      const { session, user } = await sessionFor(str(body, 'Session', { max: 4096 }), 'MFA_SETUP');
      const pending = (session.data as { pendingTotpSecret?: string }).pendingTotpSecret;
      assertNotLocked(user);
      if (!pending || !totpValid(pending, code, now())) await failed(user, mismatch);
      await store.updateUser(user.sub, { totpSecret: pending, totpLastStep: null, totpMfaEnabled: true, preferredMfa: 'SOFTWARE_TOKEN_MFA', failedAttempts: 0, updatedAt: now() });
      await changed(user);
      await store.takeSession(session.id, now());
      const next = await newSession(user, 'MFA_SETUP', { ...session.data, pendingTotpSecret: null, totpVerified: true });
      return { Status: 'SUCCESS', Session: next };
    },
  };
}
