import { randomUUID } from 'node:crypto';
import { idErr } from './errors.ts';
import { CODE_TEXTS, maskEmail } from './one-time-codes.ts';
import type { PoolKit } from './pool-kit.ts';
import { type Action, assertPassword, attributeList, str } from './protocol.ts';
import * as srp from './srp.ts';
import type { UserRow } from './store.ts';

export const ACCOUNT_TEXTS = {
  passwordChanged:
    'Das Passwort Ihres Kontor-Kontos wurde geändert. Alle anderen Anmeldungen wurden beendet. Waren Sie das nicht? Dann rufen Sie uns bitte sofort an.',
};

/**
 * Sign-up (closed unless the pool allows it: Kontor's users come from the account opening) and
 * its confirmation; the password forgotten, reset and changed. No answer says whether an address
 * belongs to a user: unknown names get the same answers and the same lockout as known ones.
 */
export function accountActions(kit: PoolKit): Record<string, Action> {
  const { store, pool, realm, now, pow, checkClient, sendCode, checkCode, authenticatedForChange, assertNotLocked, failed, revoking, events, tell } = kit;
  const { assertNameNotLocked, failedName } = kit;
  /** Every ForgotPassword and ResendConfirmationCode answers this, for a known name or not. */
  const delivery = (username: string) => ({ CodeDeliveryDetails: { Destination: maskEmail(username), DeliveryMedium: 'EMAIL', AttributeName: 'email' } });
  // Wrong and expired codes answer alike: "expired" would say that a code was ever sent.
  const wrongCode = () => idErr.codeMismatch('Invalid code provided, please request a code again.');

  /** A new password: other sign-ins end (their tokens fail at once), the log and the customer's address are told. */
  async function newPassword(user: UserRow, password: string, patch: Record<string, unknown>, keepSession?: string) {
    const { sub } = user;
    const verifier = await srp.createVerifier(realm, sub, password, pow);
    await revoking(async () => {
      await store.updateUser(sub, { ...verifier, ...patch, failedAttempts: 0, lockedUntil: null, updatedAt: now() });
      await store.revokeAllRefreshTokens(sub, now(), keepSession);
    });
    await events.record(sub, 'PASSWORD_CHANGED');
    await tell(user, ACCOUNT_TEXTS.passwordChanged);
  }

  return {
    async SignUp(body) {
      checkClient(body);
      if (pool.allowAdminCreateUserOnly) throw idErr.notAuthorized('SignUp is not permitted for this user pool');
      const username = str(body, 'Username', { max: 128 }).trim().toLowerCase();
      const password = str(body, 'Password', { max: 256 });
      const attrs: Record<string, string> = {};
      for (const a of attributeList(body, 'UserAttributes')) {
        if (a.Name !== 'email' && !pool.writeAttributes.includes(a.Name)) throw idErr.notAuthorized('A client attempted to write unauthorized attribute');
        attrs[a.Name] = a.Value;
      }
      if (!attrs.email && username.includes('@')) attrs.email = username;
      if (!attrs.email) throw idErr.invalidParameter('Attributes did not conform to the schema: email: The attribute is required');
      assertPassword(password);
      const existing = await store.findUser(pool.poolId, username);
      // An existing address gets the answer a new one gets; its owner is told instead of a code.
      if (existing) return { UserConfirmed: false, UserSub: randomUUID(), ...delivery(username) };
      const sub = randomUUID();
      const user = await store.insertUser({
        sub,
        poolId: pool.poolId,
        username,
        ...(await srp.createVerifier(realm, sub, password, pow)),
        status: 'UNCONFIRMED',
        attributes: { ...attrs, email_verified: 'false' },
        createdAt: now(),
        updatedAt: now(),
      });
      await sendCode(user, 'SIGN_UP', 'email', CODE_TEXTS.signUp);
      return { UserConfirmed: false, UserSub: sub, ...delivery(username) };
    },

    async ConfirmSignUp(body) {
      checkClient(body);
      const username = str(body, 'Username');
      const code = str(body, 'ConfirmationCode', { max: 16 });
      const user = await store.findUser(pool.poolId, username);
      if (!user || user.status !== 'UNCONFIRMED') {
        await assertNameNotLocked(username);
        return failedName(username, wrongCode());
      }
      await checkCode(user, 'SIGN_UP', code, wrongCode(), wrongCode());
      await store.updateUser(user.sub, { status: 'CONFIRMED', attributes: { ...user.attributes, email_verified: 'true' }, updatedAt: now() });
      return {};
    },

    async ResendConfirmationCode(body) {
      checkClient(body);
      const username = str(body, 'Username');
      const user = await store.findUser(pool.poolId, username);
      if (user?.status === 'UNCONFIRMED') await sendCode(user, 'SIGN_UP', 'email', CODE_TEXTS.signUp);
      return delivery(username);
    },

    // The code goes to the e-mail address the customer signs in with: the answer is the same for
    // every name, and a reset password still needs the second factor to sign in.
    async ForgotPassword(body) {
      checkClient(body);
      const username = str(body, 'Username');
      const user = await store.findUser(pool.poolId, username);
      if (user?.attributes.email) await sendCode(user, 'FORGOT_PASSWORD', 'email', CODE_TEXTS.forgot, pool.resetCodeTtlMs);
      return delivery(username);
    },

    async ConfirmForgotPassword(body) {
      checkClient(body);
      const username = str(body, 'Username');
      const user = await store.findUser(pool.poolId, username);
      const password = str(body, 'Password', { max: 256 });
      const code = str(body, 'ConfirmationCode', { max: 16 });
      assertPassword(password);
      if (!user) {
        await assertNameNotLocked(username);
        return failedName(username, wrongCode());
      }
      await checkCode(user, 'FORGOT_PASSWORD', code, wrongCode(), wrongCode());
      await newPassword(user, password, { status: user.status === 'UNCONFIRMED' ? 'UNCONFIRMED' : 'CONFIRMED' });
      return {};
    },

    async ChangePassword(body) {
      const { user, session } = await authenticatedForChange(body);
      const previous = str(body, 'PreviousPassword', { max: 256 });
      const proposed = str(body, 'ProposedPassword', { max: 256 });
      assertNotLocked(user);
      if (!(await srp.verifierMatches({ saltHex: user.saltHex, verifierHex: user.verifierHex }, realm, user.sub, previous, pow))) await failed(user, idErr.notAuthorized());
      assertPassword(proposed);
      // This sign-in goes on; every other one ends.
      await newPassword(user, proposed, {}, session);
      return {};
    },
  };
}
