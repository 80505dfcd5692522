import { idErr } from './errors.ts';
import { enabledMfas } from './mfa-methods.ts';
import { CODE_TEXTS } from './one-time-codes.ts';
import type { PoolKit } from './pool-kit.ts';
import { type Action, attributeList, str } from './protocol.ts';

/** The signed-in user's own record: reading it, its attributes and their verification, deleting it. */
export function userActions(kit: PoolKit): Record<string, Action> {
  const { store, pool, now, authenticated, authenticatedForChange, sendCode, checkCode, revoking } = kit;
  /** The app client writes only what the pool lets it (WriteAttributes); Kontor's flows change the rest. */
  const assertWritable = (name: string) => {
    if (!pool.writeAttributes.includes(name)) throw idErr.notAuthorized('A client attempted to write unauthorized attribute');
  };

  return {
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
      const { user } = await authenticatedForChange(body);
      const attrs = { ...user.attributes };
      const list = attributeList(body, 'UserAttributes');
      // All or nothing: one attribute the client may not write refuses the whole call.
      for (const a of list) assertWritable(a.Name);
      for (const a of list) attrs[a.Name] = a.Value;
      await store.updateUser(user.sub, { attributes: attrs, updatedAt: now() });
      return {};
    },

    async DeleteUserAttributes(body) {
      const { user } = await authenticatedForChange(body);
      const names = body.UserAttributeNames;
      if (!Array.isArray(names) || names.some((n) => typeof n !== 'string')) throw idErr.invalidParameter('Invalid UserAttributeNames');
      for (const n of names as string[]) assertWritable(n);
      const attrs = { ...user.attributes };
      for (const n of names as string[]) delete attrs[n];
      await store.updateUser(user.sub, { attributes: attrs, updatedAt: now() });
      return {};
    },

    async DeleteUser(body) {
      const { user } = await authenticatedForChange(body);
      // Deleting the user deletes its refresh-token families too: its access tokens fail at once.
      await revoking(() => store.deleteUser(user.sub));
      return {};
    },

    // Verifying proves the value Kontor set (the account opening, a service request) reaches the
    // customer: the client cannot write these attributes, so no value of its own is ever verified.
    async GetUserAttributeVerificationCode(body) {
      const { user } = await authenticatedForChange(body);
      const name = str(body, 'AttributeName');
      if (name !== 'email' && name !== 'phone_number') throw idErr.invalidParameter(`Cannot verify attribute ${name}`);
      if (!user.attributes[name]) throw idErr.invalidParameter(`No ${name} to verify`);
      return { CodeDeliveryDetails: await sendCode(user, `VERIFY_${name}`, name === 'email' ? 'email' : 'sms', CODE_TEXTS.verify) };
    },

    async VerifyUserAttribute(body) {
      const { user } = await authenticatedForChange(body);
      const name = str(body, 'AttributeName');
      if (name !== 'email' && name !== 'phone_number') throw idErr.invalidParameter(`Cannot verify attribute ${name}`);
      await checkCode(user, `VERIFY_${name}`, str(body, 'Code', { max: 16 }), idErr.codeMismatch());
      await store.updateUser(user.sub, { attributes: { ...user.attributes, [`${name}_verified`]: 'true' }, updatedAt: now() });
      return {};
    },
  };
}
