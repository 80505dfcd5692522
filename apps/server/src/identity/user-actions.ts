import { idErr } from './errors.ts';
import { enabledMfas } from './mfa-methods.ts';
import { CODE_TEXTS } from './one-time-codes.ts';
import type { PoolKit } from './pool-kit.ts';
import { type Action, attributeList, EDITABLE_ATTRIBUTES, str } from './protocol.ts';

/** The signed-in user's own record: reading it, its attributes and their verification, deleting it. */
export function userActions(kit: PoolKit): Record<string, Action> {
  const { store, now, authenticated, sendCode, checkCode, revoking } = kit;

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
      const { user } = await authenticated(body);
      const attrs = { ...user.attributes };
      const toVerify: string[] = [];
      for (const a of attributeList(body, 'UserAttributes')) {
        if (!EDITABLE_ATTRIBUTES.has(a.Name) && !a.Name.startsWith('custom:')) throw idErr.invalidParameter(`Cannot modify attribute ${a.Name}`);
        if ((a.Name === 'email' || a.Name === 'phone_number') && attrs[a.Name] !== a.Value) {
          attrs[`${a.Name}_verified`] = 'false';
          toVerify.push(a.Name);
        }
        attrs[a.Name] = a.Value;
      }
      await store.updateUser(user.sub, { attributes: attrs, updatedAt: now() });
      const updated = (await store.userBySub(user.sub))!;
      const list = [];
      for (const name of toVerify) {
        list.push(await sendCode(updated, `VERIFY_${name}`, name === 'email' ? 'email' : 'sms', CODE_TEXTS.verify));
      }
      return list.length ? { CodeDeliveryDetailsList: list } : {};
    },

    async DeleteUserAttributes(body) {
      const { user } = await authenticated(body);
      const names = body.UserAttributeNames;
      if (!Array.isArray(names) || names.some((n) => typeof n !== 'string')) throw idErr.invalidParameter('Invalid UserAttributeNames');
      const attrs = { ...user.attributes };
      for (const n of names as string[]) {
        if (n === 'email' || n === 'sub') throw idErr.invalidParameter(`Cannot delete required attribute ${n}`);
        delete attrs[n];
        delete attrs[`${n}_verified`];
      }
      await store.updateUser(user.sub, { attributes: attrs, ...(attrs.phone_number ? {} : { smsMfaEnabled: false }), updatedAt: now() });
      return {};
    },

    async DeleteUser(body) {
      const { user } = await authenticated(body);
      // Deleting the user deletes its refresh-token families too: its access tokens fail at once.
      await revoking(() => store.deleteUser(user.sub));
      return {};
    },

    async GetUserAttributeVerificationCode(body) {
      const { user } = await authenticated(body);
      const name = str(body, 'AttributeName');
      if (name !== 'email' && name !== 'phone_number') throw idErr.invalidParameter(`Cannot verify attribute ${name}`);
      return { CodeDeliveryDetails: await sendCode(user, `VERIFY_${name}`, name === 'email' ? 'email' : 'sms', CODE_TEXTS.verify) };
    },

    async VerifyUserAttribute(body) {
      const { user } = await authenticated(body);
      const name = str(body, 'AttributeName');
      await checkCode(user, `VERIFY_${name}`, str(body, 'Code', { max: 16 }), idErr.codeMismatch());
      await store.updateUser(user.sub, { attributes: { ...user.attributes, [`${name}_verified`]: 'true' }, updatedAt: now() });
      return {};
    },
  };
}
