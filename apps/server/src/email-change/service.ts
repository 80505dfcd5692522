import { createHash, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import type { AuthorisationPayload, AuthorisationResult } from '@kontor/domain/auth-contracts';
import { TAN_MAX_ATTEMPTS } from '@kontor/domain/constants';
import { EMAIL_CHANGE_VALIDITY_MS, type EmailChange, type EmailChangeState, type EmailSetting } from '@kontor/domain/customer-settings-contracts';
import type { EmailAddressPool } from '../identity/store.ts';
import type { Messenger } from '../outbox/service.ts';
import type { Clock } from '../platform/clock.ts';
import type { Db } from '../platform/db.ts';
import { AppError, fieldError, notFound } from '../platform/errors.ts';
import { isUuid } from '../platform/ids.ts';
import type { EmailChangeRow, EmailChangeStore } from './store.ts';
import { securityLogStore } from '../security-log/store.ts';

export const emailChangeMessages = {
  same: 'Das ist bereits Ihre E-Mail-Adresse.',
  taken: 'Diese E-Mail-Adresse wird bereits für ein anderes Kontor-Konto verwendet.',
  unknown: 'Diese E-Mail-Änderung gibt es nicht.',
  expired: 'Die E-Mail-Änderung ist abgelaufen. Bitte beginnen Sie erneut.',
  closed: 'Diese E-Mail-Änderung ist bereits abgeschlossen oder wurde abgebrochen.',
  notAuthorised: 'Bitte bestätigen Sie die E-Mail-Änderung zuerst mit einer TAN.',
  wrongCode: (left: number) =>
    left === 1
      ? 'Der Code ist falsch. Achtung: Sie haben noch einen Versuch, danach verfällt die Änderung.'
      : `Der Code ist falsch. Sie haben noch ${left} Versuche.`,
  voided: 'Der Code wurde zu oft falsch eingegeben. Die E-Mail-Änderung ist verfallen; bitte beginnen Sie erneut.',
  noIdentity: 'Die E-Mail-Adresse kann hier nicht geändert werden.',
} as const;

/** The stored form of a code: bound to its request, never the code itself. */
const codeHash = (id: string, code: string) => createHash('sha256').update(`${id}:${code}`).digest('hex');
function sameHash(stored: string | null, given: string): boolean {
  if (!stored) return false;
  const a = Buffer.from(stored);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

export type EmailChangeDeps = {
  db: Db;
  /** Real time: the steps' deadlines are minutes, like a TAN's. */
  clock: Clock;
  store: (db: Db) => EmailChangeStore;
  /** Null when Kontor has no write access to the user pool (a provider's pool). */
  pool: EmailAddressPool | null;
  messenger: Messenger;
  redeem: (tx: Db, sub: string, payload: AuthorisationPayload, result: AuthorisationResult) => Promise<void>;
};

/**
 * Change of the e-mail address, which is also the sign-in name: asked for, authorised with strong
 * customer authentication (kind EMAIL, bound to the request's id), then confirmed with a 6-digit
 * code sent to the new address, which proves it is the customer's. The old address is told.
 */
export function emailChangeService(d: EmailChangeDeps) {
  const view = (row: EmailChangeRow): EmailChange => ({
    id: row.id,
    newEmail: row.newEmail,
    state: row.state as EmailChangeState,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    attemptsLeft: Math.max(0, TAN_MAX_ATTEMPTS - row.attempts),
  });
  const pool = (): EmailAddressPool => {
    if (!d.pool) throw new AppError(409, emailChangeMessages.noIdentity);
    return d.pool;
  };

  /** The customer's request, void when its time ran out; 404 when it is not theirs. */
  async function own(sub: string, id: string): Promise<EmailChangeRow> {
    const row = isUuid(id) ? await d.store(d.db).byId(sub, id) : undefined;
    if (!row) throw notFound(emailChangeMessages.unknown);
    if ((row.state === 'AUTHORISE' || row.state === 'CODE_SENT') && row.expiresAt <= d.clock.now()) {
      await d.store(d.db).move(row.id, row.state, { state: 'VOID', closedAt: d.clock.now() });
      throw new AppError(410, emailChangeMessages.expired);
    }
    return row;
  }
  const refuse = (row: EmailChangeRow): never => {
    if (row.state === 'VOID') throw new AppError(410, row.attempts >= TAN_MAX_ATTEMPTS ? emailChangeMessages.voided : emailChangeMessages.expired);
    if (row.state === 'AUTHORISE') throw new AppError(409, emailChangeMessages.notAuthorised);
    throw new AppError(409, emailChangeMessages.closed);
  };

  return {
    async current(sub: string): Promise<EmailSetting> {
      const [email, open] = await Promise.all([d.pool ? d.pool.emailOf(d.db, sub) : null, d.store(d.db).openOf(sub)]);
      return { email, pending: open && open.expiresAt > d.clock.now() ? view(open) : null };
    },

    /** A new request replaces one still open. */
    async start(sub: string, newEmail: string): Promise<EmailChange> {
      const p = pool();
      if ((await p.emailOf(d.db, sub)) === newEmail) throw fieldError(400, 'newEmail', emailChangeMessages.same);
      if (await p.inUse(d.db, sub, newEmail)) throw fieldError(409, 'newEmail', emailChangeMessages.taken);
      const now = d.clock.now();
      const row: EmailChangeRow = {
        id: randomUUID(),
        sub,
        oldEmail: await p.emailOf(d.db, sub),
        newEmail,
        state: 'AUTHORISE',
        codeHash: null,
        attempts: 0,
        createdAt: now,
        expiresAt: new Date(now.getTime() + EMAIL_CHANGE_VALIDITY_MS),
        closedAt: null,
      };
      await d.db.transaction(async (tx) => {
        await d.store(tx).closeOpen(sub, 'CANCELLED', now);
        await d.store(tx).insert(row);
      });
      return view(row);
    },

    /** Takes the EMAIL authorisation of this request and sends the code to the new address. */
    async authorise(sub: string, id: string, authorisation: AuthorisationResult): Promise<EmailChange> {
      const row = await own(sub, id);
      if (row.state !== 'AUTHORISE') throw new AppError(409, emailChangeMessages.closed);
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const now = d.clock.now();
      const moved = await d.db.transaction(async (tx) => {
        await d.redeem(tx, sub, { type: 'EMAIL', requestId: id }, authorisation);
        const next = await d.store(tx).move(id, 'AUTHORISE', { state: 'CODE_SENT', codeHash: codeHash(id, code), expiresAt: new Date(now.getTime() + EMAIL_CHANGE_VALIDITY_MS) });
        if (!next) throw new AppError(409, emailChangeMessages.closed);
        return next;
      });
      await d.messenger.send({
        recipient: row.newEmail,
        channel: 'email',
        text: `Ihr Kontor-Bestätigungscode für die neue E-Mail-Adresse lautet ${code}. Geben Sie ihn in den Einstellungen ein. Geben Sie den Code niemals weiter.`,
        code,
      });
      return view(moved);
    },

    /** The code from the new address: the pool's address changes; five wrong codes void the request. */
    async confirm(sub: string, id: string, code: string): Promise<EmailChange> {
      const row = await own(sub, id);
      if (row.state !== 'CODE_SENT') refuse(row);
      if (!sameHash(row.codeHash, codeHash(id, code))) {
        const counted = await d.store(d.db).countWrong(id, TAN_MAX_ATTEMPTS, d.clock.now());
        if (!counted) refuse((await d.store(d.db).byId(sub, id)) ?? row);
        if (counted!.state === 'VOID') throw new AppError(410, emailChangeMessages.voided);
        const left = TAN_MAX_ATTEMPTS - counted!.attempts;
        throw fieldError(422, 'code', emailChangeMessages.wrongCode(left));
      }
      const p = pool();
      const done = await d.db.transaction(async (tx) => {
        const next = await d.store(tx).move(id, 'CODE_SENT', { state: 'DONE', closedAt: d.clock.now() });
        if (!next) throw new AppError(409, emailChangeMessages.closed);
        if (!(await p.setVerifiedEmail(tx, sub, row.newEmail))) throw new AppError(409, emailChangeMessages.taken);
        await securityLogStore(tx).record({ sub, kind: 'EMAIL_CHANGED', at: d.clock.now(), detail: row.newEmail });
        return next;
      });
      if (row.oldEmail) {
        await d.messenger.send({
          recipient: row.oldEmail,
          channel: 'email',
          text: `Die E-Mail-Adresse Ihres Kontor-Kontos wurde geändert. Sie melden sich ab jetzt mit der neuen Adresse an. Waren Sie das nicht? Dann rufen Sie uns bitte sofort an.`,
        });
      }
      return view(done);
    },

    async cancel(sub: string, id: string): Promise<EmailChange> {
      const row = await own(sub, id);
      const next = row.state === 'AUTHORISE' || row.state === 'CODE_SENT' ? await d.store(d.db).move(id, row.state, { state: 'CANCELLED', closedAt: d.clock.now() }) : undefined;
      if (!next) refuse(row);
      return view(next!);
    },
  };
}

export type EmailChangeService = ReturnType<typeof emailChangeService>;
