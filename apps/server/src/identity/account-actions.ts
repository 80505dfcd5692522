import { randomUUID } from 'node:crypto';
import { IdentityError, idErr } from './errors.ts';
import { CODE_TEXTS, maskEmail } from './one-time-codes.ts';
import type { PoolKit } from './pool-kit.ts';
import { type Action, assertPassword, attributeList, EDITABLE_ATTRIBUTES, str } from './protocol.ts';
import * as srp from './srp.ts';

/** Sign-up and its confirmation by email code; the password forgotten, reset and changed. */
export function accountActions(kit: PoolKit): Record<string, Action> {
  const { store, pool, realm, now, pow, checkClient, sendCode, checkCode, authenticated, assertNotLocked, failed } = kit;
  // An unknown username gets a plausible delivery, not an error (no user enumeration).
  const unknownUserDelivery = (username: string) => ({ CodeDeliveryDetails: { Destination: maskEmail(username), DeliveryMedium: 'EMAIL', AttributeName: 'email' } });

  return {
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
        ...(await srp.createVerifier(realm, sub, password, pow)),
        status: 'UNCONFIRMED',
        attributes: { ...attrs, email_verified: 'false', ...(attrs.phone_number ? { phone_number_verified: 'false' } : {}) },
        createdAt: now(),
        updatedAt: now(),
      });
      const delivery = await sendCode(user, 'SIGN_UP', 'email', CODE_TEXTS.signUp);
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
      if (!user) return unknownUserDelivery(str(body, 'Username'));
      if (user.status !== 'UNCONFIRMED') throw idErr.invalidParameter('User is already confirmed.');
      return { CodeDeliveryDetails: await sendCode(user, 'SIGN_UP', 'email', CODE_TEXTS.signUp) };
    },

    async ForgotPassword(body) {
      checkClient(body);
      const username = str(body, 'Username');
      const user = await store.findUser(pool.poolId, username);
      if (!user) return unknownUserDelivery(username);
      const bySms = user.attributes.phone_number && user.attributes.phone_number_verified === 'true';
      return { CodeDeliveryDetails: await sendCode(user, 'FORGOT_PASSWORD', bySms ? 'sms' : 'email', CODE_TEXTS.forgot) };
    },

    async ConfirmForgotPassword(body) {
      checkClient(body);
      const user = await store.findUser(pool.poolId, str(body, 'Username'));
      const password = str(body, 'Password', { max: 256 });
      if (!user) throw idErr.codeMismatch();
      assertPassword(password);
      await checkCode(user, 'FORGOT_PASSWORD', str(body, 'ConfirmationCode', { max: 16 }), idErr.codeMismatch());
      await store.updateUser(user.sub, {
        ...(await srp.createVerifier(realm, user.sub, password, pow)),
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
      if (!(await srp.verifierMatches({ saltHex: user.saltHex, verifierHex: user.verifierHex }, realm, user.sub, previous, pow))) await failed(user, idErr.notAuthorized());
      assertPassword(proposed);
      await store.updateUser(user.sub, { ...(await srp.createVerifier(realm, user.sub, proposed, pow)), failedAttempts: 0, updatedAt: now() });
      return {};
    },
  };
}
