import { DEVICE_LIST_LIMIT } from '@kontor/domain/constants';
import { idErr } from './errors.ts';
import type { PoolKit } from './pool-kit.ts';
import { type Action, str } from './protocol.ts';
import * as srp from './srp.ts';
import type { DeviceRow } from './store.ts';

export const DEVICE_FORGOTTEN_TEXT = (name: string) =>
  `Das Gerät „${name}“ ist für Ihr Kontor-Konto nicht mehr gemerkt: Bei der nächsten Anmeldung dort fragen wir wieder nach einem Code. Waren Sie das nicht? Dann rufen Sie uns bitte sofort an.`;

/**
 * Devices of the signed-in user: confirming one with its SRP verifier, remembering it (it then
 * stands in for the second factor), listing and forgetting.
 */
export function deviceActions(kit: PoolKit): Record<string, Action> {
  const { store, now, authenticated, authenticatedForChange, events, tell } = kit;
  /**
   * Confirming and remembering the device this sign-in happens on is part of signing in; any
   * other device is a change of the account, which a sign-in waiting for approval may not make.
   */
  async function forDevice(body: Parameters<typeof authenticated>[0], deviceKey: string) {
    const verified = await authenticated(body);
    return verified.deviceKey === deviceKey ? verified : authenticatedForChange(body);
  }

  /** The user's device, or the provider's answer for any key that is not theirs. */
  async function ownDevice(sub: string, deviceKey: string): Promise<DeviceRow> {
    const device = await store.device(sub, deviceKey);
    if (!device) throw idErr.resourceNotFound('Device does not exist.');
    return device;
  }

  return {
    async ConfirmDevice(body) {
      const deviceKey = str(body, 'DeviceKey');
      const { user } = await forDevice(body, deviceKey);
      await ownDevice(user.sub, deviceKey);
      const config = (body.DeviceSecretVerifierConfig ?? {}) as { PasswordVerifier?: string; Salt?: string };
      if (typeof config.PasswordVerifier !== 'string' || typeof config.Salt !== 'string') throw idErr.invalidParameter('Missing DeviceSecretVerifierConfig');
      const saltHex = srp.padHex(BigInt(`0x${Buffer.from(config.Salt, 'base64').toString('hex') || '0'}`));
      const verifierHex = Buffer.from(config.PasswordVerifier, 'base64').toString('hex');
      await store.updateDevice(deviceKey, {
        saltHex,
        verifierHex,
        confirmed: true,
        name: str(body, 'DeviceName', { optional: true, max: 256 }) || null,
        lastModifiedAt: now(),
      });
      return { UserConfirmationNecessary: true };
    },

    async GetDevice(body) {
      const { user } = await authenticated(body);
      return { Device: deviceView(await ownDevice(user.sub, str(body, 'DeviceKey'))) };
    },

    async ListDevices(body) {
      const { user } = await authenticated(body);
      const limit = body.Limit === undefined ? DEVICE_LIST_LIMIT : Number(body.Limit);
      if (!Number.isInteger(limit) || limit < 0 || limit > DEVICE_LIST_LIMIT) throw idErr.invalidParameter(`Limit must be between 0 and ${DEVICE_LIST_LIMIT}`);
      return { Devices: (await store.devices(user.sub, limit)).map(deviceView) };
    },

    async ForgetDevice(body) {
      const { user } = await authenticatedForChange(body);
      const deviceKey = str(body, 'DeviceKey');
      const device = await ownDevice(user.sub, deviceKey);
      await store.deleteDevice(user.sub, deviceKey);
      await events.record(user.sub, 'DEVICE_FORGOTTEN');
      await tell(user, DEVICE_FORGOTTEN_TEXT(device.name ?? 'Unbekanntes Gerät'));
      return {};
    },

    async UpdateDeviceStatus(body) {
      const deviceKey = str(body, 'DeviceKey');
      const { user } = await forDevice(body, deviceKey);
      const status = str(body, 'DeviceRememberedStatus', { optional: true }) || 'not_remembered';
      if (status !== 'remembered' && status !== 'not_remembered') throw idErr.invalidParameter('DeviceRememberedStatus must be remembered or not_remembered');
      await ownDevice(user.sub, deviceKey);
      await store.updateDevice(deviceKey, { rememberedStatus: status, lastModifiedAt: now() });
      return {};
    },
  };
}

function deviceView(d: DeviceRow) {
  const seconds = (t: Date | null) => (t ? t.getTime() / 1000 : undefined);
  return {
    DeviceKey: d.deviceKey,
    DeviceAttributes: [
      { Name: 'device_status', Value: 'valid' },
      { Name: 'device_name', Value: d.name ?? 'Unbekanntes Gerät' },
      { Name: 'dev:device_remembered_status', Value: d.rememberedStatus },
      ...(d.lastIp ? [{ Name: 'last_ip_used', Value: d.lastIp }] : []),
    ],
    DeviceCreateDate: seconds(d.createdAt),
    DeviceLastModifiedDate: seconds(d.lastModifiedAt),
    DeviceLastAuthenticatedDate: seconds(d.lastAuthenticatedAt),
  };
}
