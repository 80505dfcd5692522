import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import {
  type AppAuthRequest,
  type AuthorisationPayload,
  type AuthorisationResult,
  type ChallengeStatus,
  type TanChallenge,
  type TicketVerification,
  TAN_CUSTOMER_LOCKED_CODE,
  TAN_VALIDITY_MS,
} from '@kontor/domain/auth-contracts';
import { TAN_CHALLENGE_LIMITS, TAN_LOCK_AFTER_WRONG_ANSWERS, TAN_LOCK_MS, TAN_MAX_ATTEMPTS } from '@kontor/domain/constants';
import { checkMobileNumber } from '@kontor/domain/mobile-number';
import { CONFIRM_NEW_NUMBER } from '@kontor/domain/service-requests';
import { formatPhoneNumber } from '@kontor/domain/phone';
import { germanDateTime } from '@kontor/domain/service-request-summary';
import type { FastifyBaseLogger } from 'fastify';
import type { Messenger } from '../outbox/service.ts';
import type { Clock } from '../platform/clock.ts';
import type { Db } from '../platform/db.ts';
import { AppError, fieldError, fieldErrors, notFound } from '../platform/errors.ts';
import { isUuid } from '../platform/ids.ts';
import { securityLogStore } from '../security-log/store.ts';
import { describePayload, newNumberToConfirm, payloadDigest, ticketFieldProblems } from './payload.ts';
import type { AuthorisationStore, ChallengeRow, LockoutRow } from './store.ts';

/** Who asks: the customer and, for a session approval, the browser session (token family) and when it signed in. */
export type Asker = { sub: string; session?: string; signedInAt?: Date };

const [TEN_MINUTES, HOUR] = TAN_CHALLENGE_LIMITS;

export const authorisationMessages = {
  /** Every wrong answer, whatever was wrong (TAN, ticket, owner, data): PSD2 RTS Art. 4(2)(b). */
  wrong: (left: number) =>
    left === 1
      ? 'Die TAN ist nicht korrekt oder passt nicht zu diesem Auftrag. Achtung: Sie haben noch einen Versuch. Danach wird die TAN gesperrt.'
      : `Die TAN ist nicht korrekt oder passt nicht zu diesem Auftrag. Sie haben noch ${left} Versuche.`,
  locked: 'Die TAN ist gesperrt, weil sie zu oft falsch eingegeben wurde. Bitte fordern Sie eine neue TAN an.',
  expired: 'Die TAN ist abgelaufen. Bitte fordern Sie eine neue TAN an.',
  denied: 'Die Freigabe wurde in der Kontor-App abgelehnt. Bitte fordern Sie eine neue TAN an.',
  used: 'Diese TAN wurde bereits verwendet. Bitte fordern Sie eine neue TAN an.',
  /** redeem: the result does not (or no longer) authorise this action. */
  notAuthorised: 'Die Bestätigung passt nicht zu diesem Auftrag oder ist nicht mehr gültig. Bitte bestätigen Sie den Auftrag erneut.',
  noMobileNumber:
    'Für Ihr Konto ist keine bestätigte Mobilnummer hinterlegt, an die wir eine TAN senden können. Bitte hinterlegen Sie zuerst Ihre Mobilnummer.',
  invalidPayload: 'Die Angaben des Auftrags sind unvollständig oder ungültig.',
  unknownTicket: 'Diese Bestätigungsanfrage gibt es nicht.',
  unknownDevice: 'Dieses Gerät ist nicht für Ihr Konto eingerichtet.',
  closed: 'Diese Bestätigungsanfrage ist bereits abgeschlossen. Bitte fordern Sie eine neue TAN an.',
  unknownApproval: 'Diese Freigabe gibt es nicht (mehr).',
  newNumberByTanOnly: 'Ihre neue Mobilnummer bestätigen Sie mit der TAN, die wir per SMS oder Anruf an diese Nummer gesendet haben, nicht in der Kontor-App.',
  /** The customer's TAN authorisation is locked (too many wrong TANs in a row, across challenges). */
  customerLocked: (until: Date) =>
    `Sie haben ${TAN_LOCK_AFTER_WRONG_ANSWERS}-mal in Folge eine falsche TAN eingegeben. Zu Ihrem Schutz ist die Bestätigung per TAN für ${TAN_LOCK_MS / 60_000} Minuten gesperrt, bis ${germanDateTime(until.toISOString())}. Danach können Sie wieder eine TAN anfordern.`,
  /** The SMS to the customer's number when the lock begins. */
  customerLockedSms: (until: Date) =>
    `Kontor: Nach ${TAN_LOCK_AFTER_WRONG_ANSWERS} falschen TAN-Eingaben ist die Bestätigung per TAN für Ihr Konto bis ${germanDateTime(until.toISOString())} gesperrt. Waren Sie das nicht, ändern Sie bitte Ihr Passwort und rufen Sie uns an.`,
  tooManyChallenges: (retryAt: Date) =>
    `Sie haben in kurzer Zeit zu viele TANs angefordert (höchstens ${TEN_MINUTES.max} in ${TEN_MINUTES.windowMs / 60_000} Minuten und ${HOUR.max} in ${HOUR.windowMs / 60_000} Minuten). Zum Schutz Ihres Kontos können Sie ab ${germanDateTime(retryAt.toISOString())} wieder eine TAN anfordern.`,
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

/**
 * The stored form of a TAN: HMAC-SHA256 under the server's TAN_HASH_KEY, bound to its ticket. A
 * copy of the database alone does not give the TAN back: without the key, trying all 10^6 codes
 * finds nothing (an unkeyed hash of six digits falls in a fraction of a second).
 */
export const tanHash = (key: string, ticket: string, tan: string): string => createHmac('sha256', key).update(`${ticket}:${tan}`).digest('hex');
function sameText(a: string | null | undefined, b: string): boolean {
  if (a == null) return false;
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

const LONGEST_WINDOW_MS = Math.max(...TAN_CHALLENGE_LIMITS.map((w) => w.windowMs));

/**
 * When the customer may start a challenge again, or null when now: for each window that is full,
 * the instant its oldest counted challenge leaves it. `times` newest first.
 */
export function challengeRetryAt(times: readonly Date[], now: Date): Date | null {
  let retryAt: Date | null = null;
  for (const w of TAN_CHALLENGE_LIMITS) {
    const inWindow = times.filter((t) => t.getTime() > now.getTime() - w.windowMs);
    if (inWindow.length < w.max) continue;
    const free = new Date(inWindow[w.max - 1]!.getTime() + w.windowMs);
    if (!retryAt || free > retryAt) retryAt = free;
  }
  return retryAt;
}

export type AuthorisationDeps = {
  store: AuthorisationStore;
  /** The HMAC key of stored TANs (config TAN_HASH_KEY, or the key file under DATA_DIR). */
  tanHashKey: string;
  log?: FastifyBaseLogger;
  clock: Clock;
  messenger: Messenger;
  /** The customer's verified mobile number (E.164), or null. */
  mobileNumberOf: (sub: string) => Promise<string | null>;
  /** An enrolled, not retired device of this customer. */
  deviceOf: (sub: string, serial: string) => Promise<{ name: string } | undefined>;
  /** Whether the customer has an enrolled Kontor app: a session is approved there, or by TAN without one. */
  hasApp: (sub: string) => Promise<boolean>;
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
  const wrong = (left: number) => fieldError(422, 'tan', authorisationMessages.wrong(left));

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

  const customerLocked = (until: Date) => new AppError(423, authorisationMessages.customerLocked(until), [], TAN_CUSTOMER_LOCKED_CODE);
  /** The end of the customer's lock while it lasts, else null. */
  const lockedUntil = (row: LockoutRow | undefined): Date | null => (row?.lockedUntil && row.lockedUntil > clock.now() ? row.lockedUntil : null);

  /** Once the lock is committed: the customer hears of it by SMS at the verified number (best effort). */
  async function tellLocked(sub: string, until: Date): Promise<void> {
    try {
      const to = await deps.mobileNumberOf(sub);
      if (to) await messenger.send({ recipient: to, channel: 'sms', text: authorisationMessages.customerLockedSms(until) });
    } catch (error) {
      deps.log?.error({ err: error }, 'the SMS about a TAN lock could not be sent');
    }
  }

  type Outcome =
    | { kind: 'verified'; row: ChallengeRow }
    | { kind: 'wrong'; attempts: number }
    | { kind: 'challengeLocked' }
    | { kind: 'customerLocked'; until: Date; began: boolean }
    | { kind: 'closed' };

  async function verify(asker: Asker, answer: TicketVerification, opts: { changedMobileNumber?: boolean } = {}): Promise<AuthorisationResult> {
    // A locked customer hears so first, whatever the ticket: that says nothing about the ticket.
    const lockEnd = lockedUntil(await store.lockoutOf(asker.sub));
    if (lockEnd) throw customerLocked(lockEnd);
    const row = await own(asker.sub, answer.ticket);
    // Not the customer's, or not one sent to a new number: the same answer as a wrong TAN.
    if (!row || (opts.changedMobileNumber && !row.toNewNumber)) throw wrong(TAN_MAX_ATTEMPTS - 1);
    await deps.gate?.(asker, row.type as AuthorisationPayload['type']);
    if (row.state !== 'PENDING' && row.state !== 'APPROVED') refuseClosed(row);
    // A session asked of the app is approved there only; every other challenge also by its TAN.
    const tanFits = !(row.type === 'SESSION_AUTH' && row.channel === 'APP') && answer.tan !== '' && sameText(row.tanHash, tanHash(deps.tanHashKey, row.id, answer.tan));
    const appFits = row.state === 'APPROVED' && answer.authorizationId !== undefined && sameText(row.authorizationId, answer.authorizationId);
    const now = clock.now();
    // One transaction on the customer's lockout row: the challenge's and the customer's counts
    // move together, and parallel answers (in any process) take their turns.
    const outcome = await store.transaction(async (s, tx): Promise<Outcome> => {
      const lockout = await s.takeLockout(asker.sub);
      const until = lockedUntil(lockout);
      if (until) return { kind: 'customerLocked', until, began: false };
      if (tanFits || appFits) {
        const done = await s.markVerified(row.id, randomUUID(), now);
        if (!done) return { kind: 'closed' };
        if (lockout.wrongInARow !== 0) await s.setLockout(asker.sub, { wrongInARow: 0, lockedUntil: null });
        return { kind: 'verified', row: done };
      }
      const counted = await s.countWrong(row.id, TAN_MAX_ATTEMPTS);
      if (!counted) return { kind: 'closed' };
      const inARow = lockout.wrongInARow + 1;
      if (inARow >= TAN_LOCK_AFTER_WRONG_ANSWERS) {
        const end = new Date(now.getTime() + TAN_LOCK_MS);
        await s.setLockout(asker.sub, { wrongInARow: 0, lockedUntil: end });
        await s.lockOpenOf(asker.sub);
        await securityLogStore(tx).record({ sub: asker.sub, kind: 'TAN_LOCKED', at: now, detail: end.toISOString() });
        return { kind: 'customerLocked', until: end, began: true };
      }
      await s.setLockout(asker.sub, { wrongInARow: inARow, lockedUntil: null });
      return counted.state === 'LOCKED' ? { kind: 'challengeLocked' } : { kind: 'wrong', attempts: counted.attempts };
    });
    switch (outcome.kind) {
      case 'verified':
        return { ticket: outcome.row.id, tan: answer.tan, authorizationId: outcome.row.authorizationId! };
      case 'customerLocked':
        if (outcome.began) await tellLocked(asker.sub, outcome.until);
        throw customerLocked(outcome.until);
      case 'challengeLocked':
        throw new AppError(423, authorisationMessages.locked);
      case 'wrong':
        throw wrong(TAN_MAX_ATTEMPTS - outcome.attempts);
      case 'closed':
        // Another request closed it meanwhile (locked, verified, expired): say how it stands now.
        refuseClosed((await own(asker.sub, row.id)) ?? row);
    }
  }

  return {
    async requestTan(asker: Asker, payload: AuthorisationPayload, opts: { useSpeech: boolean }): Promise<TanChallenge> {
      if (payload.type === 'TICKET' && payload.data[CONFIRM_NEW_NUMBER] === true) {
        // Said at its field before anything is sent: why the new number cannot take a TAN.
        const check = checkMobileNumber(String(payload.data.newMobileNumber ?? ''));
        if (!check.valid) throw fieldError(400, 'newMobileNumber', check.reason);
      }
      // A service request's own mistakes are said at their fields, as the ticket itself would say them.
      const problems = ticketFieldProblems(payload);
      if (problems.length > 0) throw fieldErrors(problems);
      const digest = payloadDigest(payload, asker.session);
      if (!digest) throw new AppError(400, authorisationMessages.invalidPayload);
      await deps.gate?.(asker, payload.type);
      const summary = describePayload(payload);
      // Only the proof of a MOBILE_NUMBER request goes to the new number; the request itself, like
      // every other action, is authorised by the current number or the app.
      const newNumber = newNumberToConfirm(payload);
      // A session is approved in the app, without an SMS; a customer without the app confirms it by TAN.
      const byApp = payload.type === 'SESSION_AUTH' && (await deps.hasApp(asker.sub));
      const recipient = newNumber ?? (byApp ? '' : await deps.mobileNumberOf(asker.sub));
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
        tanHash: tanHash(deps.tanHashKey, id, tan),
        createdAt: now,
        expiresAt: new Date(now.getTime() + TAN_VALIDITY_MS),
        attempts: 0,
        state: 'PENDING',
        authorizationId: null,
        deviceSerial: null,
        usedAt: null,
      };
      // The customer's lockout row taken first: the lock and the per-customer limit hold across processes.
      const refusal = await store.transaction(async (s) => {
        const until = lockedUntil(await s.takeLockout(asker.sub));
        if (until) return customerLocked(until);
        const retryAt = challengeRetryAt(await s.challengeTimesSince(asker.sub, new Date(now.getTime() - LONGEST_WINDOW_MS)), now);
        if (retryAt) return new AppError(429, authorisationMessages.tooManyChallenges(retryAt));
        await s.insert(row);
        return null;
      });
      if (refusal) throw refusal;
      if (!byApp) {
        const text = opts.useSpeech ? spokenTan(tan, summary) : `Kontor-TAN ${tan} für ${summary}. Geben Sie die TAN niemals weiter.`;
        await messenger.send({ recipient, channel: opts.useSpeech ? 'voice' : 'sms', text, code: tan });
      }
      return view(row);
    },

    verify: (asker: Asker, answer: TicketVerification) => verify(asker, answer),
    /** A challenge whose TAN went to a new mobile number (the proof of a MOBILE_NUMBER request, `newMobileNumberProofData`). */
    verifyChangedMobileNumber: (asker: Asker, answer: { ticket: string; tan: string }) => verify(asker, answer, { changedMobileNumber: true }),

    /** Asks the app on one of the customer's devices to approve; the TAN is then not needed. */
    async requestAuth(asker: Asker, req: AppAuthRequest): Promise<TanChallenge> {
      const lockEnd = lockedUntil(await store.lockoutOf(asker.sub));
      if (lockEnd) throw customerLocked(lockEnd);
      const row = await own(asker.sub, req.ticket);
      if (!row) throw notFound(authorisationMessages.unknownTicket);
      await deps.gate?.(asker, row.type as AuthorisationPayload['type']);
      // The new number is proven by the code sent to it, never by the app on the old phone.
      if (row.toNewNumber) throw new AppError(409, authorisationMessages.newNumberByTanOnly);
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
