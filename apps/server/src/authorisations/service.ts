import { createHash, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import {
  type AppAuthRequest,
  type AuthorisationPayload,
  type AuthorisationResult,
  type ChallengeStatus,
  type TanChallenge,
  type TicketVerification,
  TAN_VALIDITY_MS,
} from '@kontor/domain/auth-contracts';
import { TAN_MAX_ATTEMPTS } from '@kontor/domain/constants';
import { checkMobileNumber } from '@kontor/domain/mobile-number';
import { formatPhoneNumber } from '@kontor/domain/phone';
import type { Messenger } from '../outbox/service.ts';
import type { Clock } from '../platform/clock.ts';
import type { Db } from '../platform/db.ts';
import { AppError, notFound } from '../platform/errors.ts';
import { isUuid } from '../platform/ids.ts';
import { describePayload, payloadDigest } from './payload.ts';
import type { AuthorisationStore, ChallengeRow } from './store.ts';

/** Who asks: the customer and, for a session approval, the browser session (token family) and when it signed in. */
export type Asker = { sub: string; session?: string; signedInAt?: Date };

export const authorisationMessages = {
  /** Every wrong answer, whatever was wrong (TAN, ticket, owner, data): PSD2 RTS Art. 4(2)(b). */
  wrong: (left: number) =>
    left === 1
      ? 'Die Bestätigung ist fehlgeschlagen. Achtung: Sie haben noch einen Versuch. Danach wird die TAN gesperrt.'
      : `Die Bestätigung ist fehlgeschlagen. Sie haben noch ${left} Versuche.`,
  locked: 'Die TAN ist gesperrt, weil sie zu oft falsch eingegeben wurde. Bitte fordern Sie eine neue TAN an.',
  expired: 'Die TAN ist abgelaufen. Bitte fordern Sie eine neue TAN an.',
  denied: 'Die Freigabe wurde in der Kontor-App abgelehnt. Bitte fordern Sie eine neue TAN an.',
  used: 'Diese TAN wurde bereits verwendet. Bitte fordern Sie eine neue TAN an.',
  /** redeem: the result does not (or no longer) authorise this action. */
  notAuthorised: 'Die Bestätigung passt nicht zu diesem Auftrag oder ist nicht mehr gültig. Bitte bestätigen Sie den Auftrag erneut.',
  noMobileNumber:
    'Für Ihr Konto ist keine bestätigte Mobilfunknummer hinterlegt, an die wir eine TAN senden können. Bitte hinterlegen Sie zuerst Ihre Mobilfunknummer.',
  invalidPayload: 'Die Angaben des Auftrags sind unvollständig oder ungültig.',
  unknownTicket: 'Diese Bestätigungsanfrage gibt es nicht.',
  unknownDevice: 'Dieses Gerät ist nicht für Ihr Konto eingerichtet.',
  closed: 'Diese Bestätigungsanfrage ist bereits abgeschlossen. Bitte fordern Sie eine neue TAN an.',
  unknownApproval: 'Diese Freigabe gibt es nicht (mehr).',
} as const;

const DIGIT_WORDS = ['null', 'eins', 'zwei', 'drei', 'vier', 'fünf', 'sechs', 'sieben', 'acht', 'neun'];

/** "+49 1511 2345678" → "+49 •••• •••••78": enough to recognise one's number, not to learn it. */
export function maskPhoneNumber(e164: string): string {
  const shown = formatPhoneNumber(e164);
  const [cc, ...rest] = shown.split(' ');
  const tail = rest.join(' ');
  return `${cc} ${tail.slice(0, -2).replace(/\d/g, '•')}${tail.slice(-2)}`;
}

/** The TAN spoken digit by digit, twice, then what it authorises (the voice call's text). */
export function spokenTan(tan: string, summary: string): string {
  const digits = [...tan].map((d) => DIGIT_WORDS[Number(d)]).join(', ');
  return `Ihre Kontor-TAN lautet: ${digits}. Ich wiederhole: ${digits}. Sie gilt für: ${summary.replace(' •••• ', ' … ')}. Geben Sie die TAN niemals weiter.`;
}

/** The stored form of a TAN: bound to its ticket, never the TAN itself. */
export const tanHash = (ticket: string, tan: string): string => createHash('sha256').update(`${ticket}:${tan}`).digest('hex');
function sameText(a: string | null | undefined, b: string): boolean {
  if (a == null) return false;
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export type AuthorisationDeps = {
  store: AuthorisationStore;
  clock: Clock;
  messenger: Messenger;
  /** The customer's verified mobile number (E.164), or null. */
  mobileNumberOf: (sub: string) => Promise<string | null>;
  /** An enrolled, not retired device of this customer. */
  deviceOf: (sub: string, serial: string) => Promise<{ name: string } | undefined>;
  /**
   * Before a challenge of this payload type is started, pushed to the app or answered: throws when
   * the session may not (an idle session and money, PSD2 RTS Art. 4(3)(d)); counts as activity.
   */
  gate?: (asker: Asker, type: AuthorisationPayload['type']) => Promise<void>;
};

/**
 * Strong customer authentication (PSD2 RTS 2018/389 Art. 4 and 5): a challenge bound to the
 * digest of exactly what it authorises, answered once with an SMS or voice TAN or by the app,
 * within TAN_VALIDITY_MS, dead after TAN_MAX_ATTEMPTS wrong answers. The action then redeems the
 * result inside its own transaction.
 */
export function authorisationService(deps: AuthorisationDeps) {
  const { store, clock, messenger } = deps;

  const view = (row: ChallengeRow): TanChallenge => ({
    ticket: row.id,
    channel: row.channel as TanChallenge['channel'],
    sentTo: row.sentTo,
    summary: row.summary,
    expiresAt: row.expiresAt.toISOString(),
    attemptsLeft: Math.max(0, TAN_MAX_ATTEMPTS - row.attempts),
  });

  /** Throws the answer to a challenge that can no longer be answered. */
  function refuseClosed(row: ChallengeRow): never {
    switch (row.state) {
      case 'LOCKED':
        throw new AppError(423, authorisationMessages.locked);
      case 'EXPIRED':
        throw new AppError(410, authorisationMessages.expired);
      case 'DENIED':
        throw new AppError(409, authorisationMessages.denied);
      default:
        throw new AppError(409, authorisationMessages.used);
    }
  }
  const wrong = (left: number) => new AppError(422, authorisationMessages.wrong(left), { attemptsLeft: left });

  /** The customer's own challenge, brought up to date (expired when its time is up); undefined otherwise. */
  async function own(sub: string, ticket: string): Promise<ChallengeRow | undefined> {
    if (!isUuid(ticket)) return undefined;
    const row = await store.byId(ticket);
    if (!row || row.sub !== sub) return undefined;
    if ((row.state === 'PENDING' || row.state === 'APPROVED') && row.expiresAt <= clock.now()) {
      await store.expire(row.id, clock.now());
      return { ...row, state: 'EXPIRED' };
    }
    return row;
  }

  async function verify(asker: Asker, answer: TicketVerification, opts: { changedMobileNumber?: boolean } = {}): Promise<AuthorisationResult> {
    const row = await own(asker.sub, answer.ticket);
    // Not the customer's, or not one sent to a new number: the same answer as a wrong TAN.
    if (!row || (opts.changedMobileNumber && !row.toNewNumber)) throw wrong(TAN_MAX_ATTEMPTS - 1);
    await deps.gate?.(asker, row.type as AuthorisationPayload['type']);
    if (row.state !== 'PENDING' && row.state !== 'APPROVED') refuseClosed(row);
    // A session is approved in the app only; every other challenge also by its TAN.
    const tanFits = row.type !== 'SESSION_AUTH' && answer.tan !== '' && sameText(row.tanHash, tanHash(row.id, answer.tan));
    const appFits = row.state === 'APPROVED' && answer.authorizationId !== undefined && sameText(row.authorizationId, answer.authorizationId);
    if (tanFits || appFits) {
      const done = await store.markVerified(row.id, randomUUID(), clock.now());
      if (done) return { ticket: done.id, tan: answer.tan, authorizationId: done.authorizationId! };
    } else {
      const counted = await store.countWrong(row.id, TAN_MAX_ATTEMPTS);
      if (counted?.state === 'LOCKED') throw new AppError(423, authorisationMessages.locked);
      if (counted) throw wrong(TAN_MAX_ATTEMPTS - counted.attempts);
    }
    // Another request closed it meanwhile (locked, verified, expired): say how it stands now.
    refuseClosed((await own(asker.sub, row.id)) ?? row);
  }

  return {
    async requestTan(asker: Asker, payload: AuthorisationPayload, opts: { useSpeech: boolean }): Promise<TanChallenge> {
      const digest = payloadDigest(payload, asker.session);
      if (!digest) throw new AppError(400, authorisationMessages.invalidPayload);
      await deps.gate?.(asker, payload.type);
      const summary = describePayload(payload);
      // A new mobile number is confirmed by a TAN sent to it.
      const newNumber = payload.type === 'TICKET' && typeof payload.data.mobileNumber === 'string' ? checkMobileNumber(payload.data.mobileNumber) : undefined;
      if (newNumber && !newNumber.valid) throw new AppError(400, newNumber.reason, { mobileNumber: [newNumber.reason] });
      // A session sign-in is approved in the app; it sends no SMS.
      const byApp = payload.type === 'SESSION_AUTH';
      const recipient = newNumber?.valid ? newNumber.e164 : byApp ? '' : await deps.mobileNumberOf(asker.sub);
      if (recipient === null) throw new AppError(409, authorisationMessages.noMobileNumber);
      const id = randomUUID();
      const tan = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const now = clock.now();
      const row: ChallengeRow = {
        id,
        sub: asker.sub,
        type: payload.type,
        summary,
        digest,
        channel: byApp ? 'APP' : opts.useSpeech ? 'VOICE' : 'SMS',
        recipient,
        sentTo: recipient ? maskPhoneNumber(recipient) : '',
        toNewNumber: !!newNumber,
        tanHash: tanHash(id, tan),
        createdAt: now,
        expiresAt: new Date(now.getTime() + TAN_VALIDITY_MS),
        attempts: 0,
        state: 'PENDING',
        authorizationId: null,
        deviceSerial: null,
        usedAt: null,
      };
      await store.insert(row);
      if (!byApp) {
        const text = opts.useSpeech ? spokenTan(tan, summary) : `Kontor-TAN ${tan} für ${summary}. Geben Sie die TAN niemals weiter.`;
        await messenger.send({ recipient, channel: opts.useSpeech ? 'voice' : 'sms', text, code: tan });
      }
      return view(row);
    },

    verify: (asker: Asker, answer: TicketVerification) => verify(asker, answer),
    /** A challenge whose TAN went to a new mobile number (a TICKET with data.mobileNumber). */
    verifyChangedMobileNumber: (asker: Asker, answer: { ticket: string; tan: string }) => verify(asker, answer, { changedMobileNumber: true }),

    /** Asks the app on one of the customer's devices to approve; the TAN is then not needed. */
    async requestAuth(asker: Asker, req: AppAuthRequest): Promise<TanChallenge> {
      const row = await own(asker.sub, req.ticket);
      if (!row) throw notFound(authorisationMessages.unknownTicket);
      await deps.gate?.(asker, row.type as AuthorisationPayload['type']);
      const device = await deps.deviceOf(asker.sub, req.serialForAppAuth);
      if (!device) throw notFound(authorisationMessages.unknownDevice);
      if (row.state === 'EXPIRED') throw new AppError(410, authorisationMessages.expired);
      if (row.state !== 'PENDING') throw new AppError(409, authorisationMessages.closed);
      const pushed = await store.pushToApp(row.id, asker.sub, req.serialForAppAuth, device.name, clock.now());
      if (!pushed) throw new AppError(409, authorisationMessages.closed);
      return view(pushed);
    },

    /** Where a challenge stands; the browser polls it while the app is asked. */
    async status(asker: Asker, ticket: string): Promise<ChallengeStatus> {
      const row = await own(asker.sub, ticket);
      if (!row) throw notFound(authorisationMessages.unknownTicket);
      return {
        ...view(row),
        state: row.state as ChallengeStatus['state'],
        ...(row.state === 'APPROVED' && row.authorizationId ? { authorizationId: row.authorizationId } : {}),
      };
    },

    /**
     * Inside the caller's transaction: takes a VERIFIED result once, checking it belongs to sub,
     * has not expired, and that `payload` has the challenge's digest. Throws AppError(422, same
     * generic message) otherwise. A session approval passes its session in `opts`.
     */
    async redeem(tx: Db, sub: string, payload: AuthorisationPayload, result: AuthorisationResult, opts: { session?: string } = {}): Promise<void> {
      const digest = payloadDigest(payload, opts.session);
      const ok =
        !!digest &&
        isUuid(result.ticket) &&
        (await store.markUsed(tx, { id: result.ticket, sub, digest, authorizationId: result.authorizationId, now: clock.now() }));
      if (!ok) throw new AppError(422, authorisationMessages.notAuthorised);
    },

    /** The companion app: what waits on one device. */
    pendingFor: (serial: string) => store.pendingFor(serial, clock.now()),
    /** The companion app's answer; false when there is no such pending approval on that device. */
    async decide(serial: string, ticket: string, decision: 'APPROVE' | 'DENY'): Promise<boolean> {
      if (!isUuid(ticket)) return false;
      return decision === 'APPROVE'
        ? store.decide(ticket, serial, 'APPROVED', randomUUID(), clock.now())
        : store.decide(ticket, serial, 'DENIED', null, clock.now());
    },
    /** A retired device approves nothing more (inside the retiring transaction). */
    denyPendingFor: (tx: Db, serial: string) => store.denyPendingFor(tx, serial),
  };
}
export type AuthorisationService = ReturnType<typeof authorisationService>;
