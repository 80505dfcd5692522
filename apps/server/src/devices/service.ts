import { randomInt } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { AuthorisationResult } from '@kontor/domain/auth-contracts';
import type { AppAuthSettings, EnrolledDevice, PushSettings } from '@kontor/domain/app-devices-contracts';
import type { AuthorisationService, Asker } from '../authorisations/service.ts';
import type { Clock } from '../platform/clock.ts';
import type { Db } from '../platform/db.ts';
import { AppError, notFound } from '../platform/errors.ts';
import { fingerprintOf, idempotent, type IdempotentResult } from '../platform/idempotency.ts';
import { securityLogStore } from '../security-log/store.ts';
import type { DeviceRow, DeviceStore } from './store.ts';

export const deviceMessages = {
  unknownDevice: 'Dieses Gerät gibt es nicht.',
  noApp: 'Sie haben noch keine Kontor-App eingerichtet. Bitte richten Sie zuerst die App auf Ihrem Smartphone ein.',
  noSession: 'Diese Anmeldung kann nicht bestätigt werden. Bitte melden Sie sich im Browser neu an.',
  sessionNotApproved: 'Bitte bestätigen Sie diese Anmeldung zuerst in Ihrer Kontor-App.',
} as const;

/** How long one process trusts what it read about a customer's sign-in approval setting. */
const GATE_TTL_MS = 2_000;

/** Unambiguous characters for serials a customer may read out to support (no 0/O, 1/I/L). */
const SERIAL_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const newSerial = () => `KA-${Array.from({ length: 8 }, () => SERIAL_ALPHABET[randomInt(SERIAL_ALPHABET.length)]).join('')}`;

const deviceView = (d: DeviceRow): EnrolledDevice => ({
  serial: d.serial,
  customerDeviceName: d.name,
  enrolledAt: d.enrolledAt.toISOString(),
  lastUsedAt: d.lastUsedAt?.toISOString() ?? null,
});

/**
 * What a session that waits for its approval in the app may still call: the ticket calls, its own
 * approval, the session itself, the devices to ask and the customer's name.
 */
const OPEN_WHILE_WAITING = /^\/api\/(ticket\/(requesttan|verify|requestauth|challenges\/[0-9a-f-]{36})|appauth\/session|auth(\/login|\/tokenrefresh)?|user\/me)$/;

/** Which kinds are pushed: the push column of the notification preferences (notifications area), the one place it is kept. */
export type PushPreferences = {
  pushKinds(sub: string): Promise<PushSettings['kinds']>;
  savePushKinds(sub: string, kinds: Partial<PushSettings['kinds']>): Promise<void>;
};

/** The Kontor app: enrolled devices, what is pushed to them, the second factor, session approval. */
export function deviceService(deps: { db: Db; store: DeviceStore; clock: Clock; authorisations: AuthorisationService; push: PushPreferences }) {
  const { db, store, clock, authorisations } = deps;
  /**
   * The guard asks on every signed-in request (orders included), so whether a customer needs
   * approved sign-ins is kept for a moment: changed here, it is forgotten at once; changed by
   * another server process, it holds here for at most GATE_TTL_MS. An approved session stays
   * approved for its life, so that answer is kept until the cache is full.
   */
  const approvalRequired = new LRUCache<string, { required: boolean }>({ max: 50_000, ttl: GATE_TTL_MS });
  const approvedSessions = new LRUCache<string, true>({ max: 50_000 });
  async function requiresApproval(sub: string): Promise<boolean> {
    const known = approvalRequired.get(sub);
    if (known) return known.required;
    const required = (await store.settings(sub))?.approveSignIns ?? false;
    approvalRequired.set(sub, { required });
    return required;
  }
  async function sessionApproved(sub: string, session: string): Promise<boolean> {
    const key = `${sub}:${session}`;
    if (approvedSessions.has(key)) return true;
    const approved = await store.sessionApproved(sub, session);
    if (approved) approvedSessions.set(key, true);
    return approved;
  }

  async function sessionWaiting(sub: string, session: string | undefined): Promise<boolean> {
    if (!(await requiresApproval(sub))) return false;
    return !(session && (await sessionApproved(sub, session)));
  }

  async function settingsOf(sub: string) {
    const row = await store.settings(sub);
    return { appAuth: { defaultFactor: (row?.defaultFactor ?? 'SMS') as AppAuthSettings['defaultFactor'], approveSignIns: row?.approveSignIns ?? false } };
  }

  async function enrolIn(tx: Db, sub: string, deviceName: string, authorisation: AuthorisationResult): Promise<EnrolledDevice> {
    await authorisations.redeem(tx, sub, { type: 'ENROLL_DEVICE', deviceName }, authorisation);
    const device = await store.insert(tx, { serial: newSerial(), sub, name: deviceName, enrolledAt: clock.now() });
    await securityLogStore(tx).record({ sub, kind: 'DEVICE_ENROLLED', at: device.enrolledAt, detail: deviceName });
    return deviceView(device);
  }

  return {
    list: async (sub: string) => ({ devices: (await store.activeOf(sub)).map(deviceView) }),

    /** Enrols the app on a device with an SMS TAN; a repeat with the same Idempotency-Key gives the first answer. */
    async enrol(sub: string, req: { deviceName: string; authorisation: AuthorisationResult }, key?: string): Promise<IdempotentResult<EnrolledDevice>> {
      if (!key) return { statusCode: 201, body: await db.transaction((tx) => enrolIn(tx, sub, req.deviceName, req.authorisation)), replayed: false };
      return idempotent(db, { sub, key, fingerprint: fingerprintOf('POST /api/appenrollment', req), at: clock.now() }, async (tx) => ({
        statusCode: 201,
        body: await enrolIn(tx, sub, req.deviceName, req.authorisation),
      }));
    },

    /**
     * Retires a device with a TAN: what waited for its approval is denied, and without an app left
     * the second factor falls back to SMS and sign-ins need no approval.
     */
    async retire(sub: string, req: { customerDeviceName: string; serial: string; authorisation: AuthorisationResult }): Promise<void> {
      if (!(await store.activeOne(sub, req.serial))) throw notFound(deviceMessages.unknownDevice);
      await db.transaction(async (tx) => {
        await authorisations.redeem(tx, sub, { type: 'RETIRE_DEVICE', customerDeviceName: req.customerDeviceName, serial: req.serial }, req.authorisation);
        if (!(await store.retire(tx, sub, req.serial, clock.now()))) throw notFound(deviceMessages.unknownDevice);
        await authorisations.denyPendingFor(tx, req.serial);
        await securityLogStore(tx).record({ sub, kind: 'DEVICE_RETIRED', at: clock.now(), detail: req.customerDeviceName });
        if ((await store.countActive(tx, sub)) === 0) await store.saveSettings(tx, sub, { defaultFactor: 'SMS', approveSignIns: false });
      });
      approvalRequired.delete(sub);
    },

    pushSettings: async (sub: string): Promise<PushSettings> => ({ kinds: await deps.push.pushKinds(sub) }),
    async savePushSettings(sub: string, settings: PushSettings): Promise<PushSettings> {
      await deps.push.savePushKinds(sub, settings.kinds);
      return { kinds: await deps.push.pushKinds(sub) };
    },

    appAuth: async (sub: string) => (await settingsOf(sub)).appAuth,
    /** APP as the default factor, and approving sign-ins, need an enrolled app. */
    async saveAppAuth(asker: Asker, settings: AppAuthSettings): Promise<AppAuthSettings> {
      const needsApp = settings.defaultFactor === 'APP' || settings.approveSignIns;
      if (needsApp && (await store.activeOf(asker.sub)).length === 0) throw new AppError(409, deviceMessages.noApp);
      await db.transaction(async (tx) => {
        await store.saveSettings(tx, asker.sub, settings);
        // The session that turns approval on is the customer's own: it does not lock itself out.
        if (settings.approveSignIns && asker.session) await store.approveSession(tx, asker.sub, asker.session, clock.now());
      });
      approvalRequired.delete(asker.sub);
      return (await settingsOf(asker.sub)).appAuth;
    },

    /** Whether this sign-in must be approved in the app, and whether it has been. */
    async sessionStatus(asker: Asker): Promise<{ required: boolean; approved: boolean }> {
      const required = (await settingsOf(asker.sub)).appAuth.approveSignIns;
      return { required, approved: required && !!asker.session && (await store.sessionApproved(asker.sub, asker.session)) };
    },
    /** Marks this sign-in approved with the result of a SESSION_AUTH challenge the app approved. */
    async approveSession(asker: Asker, authorisation: AuthorisationResult): Promise<{ required: boolean; approved: boolean }> {
      const session = asker.session;
      if (!session) throw new AppError(400, deviceMessages.noSession);
      await db.transaction(async (tx) => {
        await authorisations.redeem(tx, asker.sub, { type: 'SESSION_AUTH' }, authorisation, { session });
        await store.approveSession(tx, asker.sub, session, clock.now());
      });
      return this.sessionStatus(asker);
    },
    /**
     * The API guard's second step: a session that waits for its approval in the app may call only
     * what it needs to get approved (403 otherwise).
     */
    async checkSession(asker: Asker, method: string, url: string): Promise<void> {
      const path = url.split('?')[0]!;
      if (OPEN_WHILE_WAITING.test(path) || (method === 'GET' && path === '/api/appenrollment')) return;
      if (await sessionWaiting(asker.sub, asker.session)) throw new AppError(403, deviceMessages.sessionNotApproved);
    },

    /** Whether this sign-in still waits for its approval in the app (the user pool refuses it every change of the account). */
    sessionWaiting,

    /** The enrolled devices a push goes to, and one of them (the authorisation's approval in the app). */
    activeSerialsOf: async (sub: string) => (await store.activeOf(sub)).map((d) => d.serial),
    activeOne: (sub: string, serial: string) => store.activeOne(sub, serial),
    /** The development companion page: every enrolled device, and one by serial. */
    allDevices: () => store.allActive(),
    deviceBySerial: (serial: string) => store.activeBySerial(serial),
    /** The companion app answers; the device was used. */
    async decide(serial: string, ticket: string, decision: 'APPROVE' | 'DENY'): Promise<void> {
      if (!(await store.activeBySerial(serial)) || !(await authorisations.decide(serial, ticket, decision))) throw notFound('Diese Freigabe gibt es nicht (mehr).');
      await store.touch(serial, clock.now());
    },
  };
}

export type DeviceService = ReturnType<typeof deviceService>;
