import { createHash, randomBytes, randomInt, randomUUID } from 'node:crypto';
import { registerCustomer } from './customers.ts';
import { berlinDate } from '@kontor/domain/banking-days';
import {
  appropriateness,
  type IdentificationMethod,
  type IdentificationResult,
  ONBOARDING_STEP_LABELS,
  ONBOARDING_STEPS,
  type OnboardingNextStep,
  type OnboardingStep,
  parseOnboardingStep,
} from '@kontor/domain/onboarding';
import {
  ACCOUNT_EXISTS_MESSAGE,
  type OnboardingApplication,
  ONBOARDING_SESSION_EXPIRED_MESSAGE,
  type PendingIdentification,
  STEPS_LOCKED_MESSAGE,
  type UserExperience,
} from '@kontor/domain/onboarding-contracts';
import { passwordProblems } from '@kontor/domain/password';
import type { AccountOpeningData } from '../documents/account-opening.ts';
import type { Clock } from '../platform/clock.ts';
import type { Db } from '../platform/db.ts';
import { AppError, fieldError, fieldErrors, notFound } from '../platform/errors.ts';
import type { Messenger } from '../outbox/service.ts';
import type { PoolUsers } from '../identity/service.ts';
import { maskEmail } from '../identity/one-time-codes.ts';
import type { ApplicationRow, OnboardingStore } from './store.ts';

/** An e-mail code is good this long. */
export const CODE_TTL_MS = 30 * 60_000;
/** At most this many codes per e-mail address and hour. */
export const CODES_PER_HOUR = 5;
/** Wrong codes after which the code is void. */
export const MAX_CODE_FAILURES = 5;
/** The application token is good this long after the e-mail was confirmed (a later visit continues). */
export const TOKEN_TTL_MS = 30 * 24 * 60 * 60_000;

const CODE_TEXT = (code: string) => `Ihr Kontor-Bestätigungscode für die Kontoeröffnung lautet ${code}. Er ist 30 Minuten gültig.`;
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const codeHashOf = (applicationId: string, code: string) => sha256(`${applicationId}:${code}`);

const sessionExpired = () => new AppError(401, ONBOARDING_SESSION_EXPIRED_MESSAGE);

/** What the customer does next: the first step not saved, then identification, password, done. */
function nextStep(row: ApplicationRow): OnboardingNextStep {
  if (row.status === 'COMPLETED') return 'done';
  if (row.status === 'APPROVED') return 'password';
  const missing = ONBOARDING_STEPS.find((s) => !row[s]);
  return missing ?? 'identification';
}

export function applicationView(row: ApplicationRow): OnboardingApplication {
  return {
    id: row.id,
    email: row.email,
    status: row.status as OnboardingApplication['status'],
    steps: { personal: !!row.personal, tax: !!row.tax, account: !!row.account, experience: !!row.experience, terms: !!row.terms },
    nextStep: nextStep(row),
    personal: row.personal ?? null,
    tax: row.tax ?? null,
    account: row.account ?? null,
    experience: row.experience ?? null,
    terms: row.terms ?? null,
    identification: row.identification ?? null,
  };
}

/** The customer's parts that other areas keep, each written inside the signup's transaction. */
export type CustomerRecords = {
  poolUsers: PoolUsers;
  setAddress(tx: Db, sub: string, address: NonNullable<ApplicationRow['personal']>['address'], at: Date): Promise<void>;
  setTaxResidences(tx: Db, sub: string, residences: NonNullable<ApplicationRow['tax']>['taxResidences'], at: Date): Promise<void>;
  addReferenceAccount(tx: Db, row: { sub: string; iban: string; holder: string; bic: null; createdAt: Date }): Promise<boolean>;
  /** The advertising consent given at account opening (later switched with /api/user/toggleadagree). */
  setAdvertisingConsent(tx: Db, sub: string, value: boolean, at: Date): Promise<void>;
  issueAccountOpeningDocument(tx: Db, sub: string, at: Date, data: AccountOpeningData): Promise<void>;
  sendWelcome(tx: Db, sub: string, at: Date): Promise<void>;
};

export function onboardingService(d: {
  db: Db;
  store: (db: Db) => OnboardingStore;
  clock: Clock;
  messenger: Messenger;
  /** Whether a Kontor account with this e-mail exists already. */
  accountExists: (email: string) => Promise<boolean>;
  records: CustomerRecords;
  /** The account-opening PDF of a customer's document, rendered once. */
  documentPdf: (sub: string) => Promise<Buffer | undefined>;
}) {
  const { db, store, clock } = d;

  async function sendCode(row: ApplicationRow): Promise<string> {
    const now = clock.now();
    const windowOpen = row.codeWindowStart && now.getTime() - row.codeWindowStart.getTime() < 60 * 60_000;
    if (windowOpen && row.codesInWindow >= CODES_PER_HOUR) {
      throw new AppError(429, 'Sie haben zu viele Codes angefordert. Bitte versuchen Sie es in einer Stunde noch einmal.');
    }
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await store(db).update(row.id, {
      codeHash: codeHashOf(row.id, code),
      codeExpiresAt: new Date(now.getTime() + CODE_TTL_MS),
      codeFailures: 0,
      codeWindowStart: windowOpen ? row.codeWindowStart : now,
      codesInWindow: windowOpen ? row.codesInWindow + 1 : 1,
      updatedAt: now,
    });
    await d.messenger.send({ recipient: row.email, channel: 'email', text: CODE_TEXT(code), code });
    return maskEmail(row.email);
  }

  /** The application of a token, or 401. */
  async function byToken(token: string | undefined, lock?: Db): Promise<ApplicationRow> {
    if (!token || token.length > 100) throw sessionExpired();
    const found = await store(lock ?? db).byTokenHash(sha256(token));
    if (!found || !found.tokenExpiresAt || found.tokenExpiresAt <= clock.now()) throw sessionExpired();
    return lock ? (await store(lock).byId(found.id, true))! : found;
  }

  const today = () => berlinDate(clock.now());
  const nameOf = (row: ApplicationRow) => (row.personal ? { givenName: row.personal.givenName, familyName: row.personal.familyName } : null);
  const editable = (row: ApplicationRow) => row.status === 'OPEN' || row.status === 'IDENT_REJECTED';

  /** The steps not complete by today's rules (an account holder that no longer fits a changed name counts). */
  function incompleteSteps(row: ApplicationRow): OnboardingStep[] {
    return ONBOARDING_STEPS.filter((s) => !row[s] || !parseOnboardingStep(s, row[s], { today: today(), name: nameOf(row) }).ok);
  }

  return {
    async start(email: string): Promise<{ applicationId: string; destination: string }> {
      if (await d.accountExists(email)) throw new AppError(409, ACCOUNT_EXISTS_MESSAGE);
      let row = await store(db).openByEmail(email);
      if (!row) {
        const now = clock.now();
        await store(db).insert({ id: randomUUID(), email, status: 'OPEN', createdAt: now, updatedAt: now });
        row = (await store(db).openByEmail(email))!;
      }
      return { applicationId: row.id, destination: await sendCode(row) };
    },

    async resend(applicationId: string): Promise<{ destination: string }> {
      const row = await store(db).byId(applicationId);
      if (!row || row.status === 'COMPLETED') throw notFound('Diesen Antrag gibt es nicht. Bitte beginnen Sie mit Ihrer E-Mail-Adresse.');
      return { destination: await sendCode(row) };
    },

    async confirm(applicationId: string, code: string): Promise<{ token: string; application: OnboardingApplication }> {
      const row = await store(db).byId(applicationId);
      if (!row || row.status === 'COMPLETED') throw notFound('Diesen Antrag gibt es nicht. Bitte beginnen Sie mit Ihrer E-Mail-Adresse.');
      const now = clock.now();
      if (!row.codeHash || !row.codeExpiresAt || row.codeExpiresAt <= now) {
        throw fieldError(400, 'code', 'Der Code ist abgelaufen. Bitte fordern Sie einen neuen an.');
      }
      if (row.codeHash !== codeHashOf(row.id, code.trim())) {
        const failures = await store(db).countCodeFailure(row.id, now);
        if (failures >= MAX_CODE_FAILURES) {
          await store(db).update(row.id, { codeHash: null, codeExpiresAt: null, updatedAt: now });
          const message = 'Der Code wurde zu oft falsch eingegeben. Bitte fordern Sie einen neuen an.';
          throw fieldError(400, 'code', message);
        }
        throw fieldError(400, 'code', 'Der Code ist falsch. Bitte prüfen Sie Ihre Eingabe.');
      }
      const token = randomBytes(32).toString('base64url');
      const updated = await store(db).update(row.id, {
        codeHash: null,
        codeExpiresAt: null,
        codeFailures: 0,
        tokenHash: sha256(token),
        tokenExpiresAt: new Date(now.getTime() + TOKEN_TTL_MS),
        emailConfirmedAt: row.emailConfirmedAt ?? now,
        updatedAt: now,
      });
      return { token, application: applicationView(updated!) };
    },

    async application(token: string | undefined): Promise<OnboardingApplication> {
      return applicationView(await byToken(token));
    },

    async saveStep(token: string | undefined, step: OnboardingStep, input: unknown): Promise<OnboardingApplication> {
      return db.transaction(async (tx) => {
        const row = await byToken(token, tx);
        if (!editable(row)) throw new AppError(409, STEPS_LOCKED_MESSAGE);
        const parsed = parseOnboardingStep(step, input, { today: today(), name: nameOf(row) });
        if (!parsed.ok) throw fieldErrors(parsed.problems);
        const updated = await store(tx).update(row.id, { [step]: parsed.data, updatedAt: clock.now() });
        return applicationView(updated!);
      });
    },

    async startIdentification(token: string | undefined, method: IdentificationMethod): Promise<OnboardingApplication> {
      return db.transaction(async (tx) => {
        const row = await byToken(token, tx);
        if (!editable(row)) throw new AppError(409, STEPS_LOCKED_MESSAGE);
        const missing = incompleteSteps(row);
        if (missing.length) {
          const labels = missing.map((s) => `„${ONBOARDING_STEP_LABELS[s]}“`).join(', ');
          throw new AppError(409, `Bitte vervollständigen Sie zuerst: ${labels}.`, missing.map((step) => ({ field: step, message: `Bitte vervollständigen Sie zuerst: „${ONBOARDING_STEP_LABELS[step]}“.` })));
        }
        const now = clock.now();
        const updated = await store(tx).update(row.id, {
          status: 'IDENT_PENDING',
          identification: { method, status: 'PENDING', startedAt: now.toISOString(), decidedAt: null },
          updatedAt: now,
        });
        return applicationView(updated!);
      });
    },

    /** The customer stops a running identification (to take the other method, or later): back to the choice. */
    async cancelIdentification(token: string | undefined): Promise<OnboardingApplication> {
      return db.transaction(async (tx) => {
        const row = await byToken(token, tx);
        if (row.status !== 'IDENT_PENDING') throw new AppError(409, 'Für diesen Antrag läuft keine Identifizierung.');
        const updated = await store(tx).update(row.id, { status: 'OPEN', identification: null, updatedAt: clock.now() });
        return applicationView(updated!);
      });
    },

    /** The simulated identification provider's verdict (dev tools). */
    async decideIdentification(applicationId: string, result: IdentificationResult): Promise<OnboardingApplication> {
      return db.transaction(async (tx) => {
        const row = await store(tx).byId(applicationId, true);
        if (!row) throw notFound('Diesen Antrag gibt es nicht.');
        if (row.status !== 'IDENT_PENDING' || !row.identification) throw new AppError(409, 'Für diesen Antrag läuft keine Identifizierung.');
        const now = clock.now();
        const updated = await store(tx).update(row.id, {
          status: result === 'APPROVED' ? 'APPROVED' : 'IDENT_REJECTED',
          identification: { ...row.identification, status: result, decidedAt: now.toISOString() },
          updatedAt: now,
        });
        return applicationView(updated!);
      });
    },

    async pendingIdentifications(): Promise<PendingIdentification[]> {
      return (await store(db).pendingIdentifications()).flatMap((r) =>
        r.personal && r.identification
          ? [{ applicationId: r.id, email: r.email, givenName: r.personal.givenName, familyName: r.personal.familyName, birthDate: r.personal.birthDate, method: r.identification.method, startedAt: r.identification.startedAt }]
          : [],
      );
    },

    /**
     * The customer comes into being: user-pool user, settings, reference account, experience
     * profile, consent, the account-opening document and a welcome message, in one transaction
     * under the application's lock. A repeat finds the application COMPLETED and answers the same.
     */
    async signup(token: string | undefined, password: string): Promise<{ email: string }> {
      const problems = passwordProblems(password);
      if (problems.length) throw new AppError(400, 'Das Passwort erfüllt nicht alle Regeln.', problems.map((message) => ({ field: 'password', message })));
      return db.transaction(async (tx) => {
        const row = await byToken(token, tx);
        if (row.status === 'COMPLETED') return { email: row.email };
        if (row.status !== 'APPROVED') throw new AppError(409, 'Ihre Identifizierung ist noch nicht abgeschlossen.');
        const { personal, tax, account, experience, terms, identification } = row;
        if (!personal || !tax || !account || !experience || !terms || !identification) throw new AppError(409, 'Ihr Antrag ist unvollständig.');
        if (await d.records.poolUsers.subOf(tx, row.email)) throw new AppError(409, ACCOUNT_EXISTS_MESSAGE);
        const now = clock.now();
        const sub = await d.records.poolUsers.create(tx, {
          username: row.email,
          password,
          smsMfa: true,
          attributes: {
            email: row.email,
            email_verified: 'true',
            given_name: personal.givenName,
            family_name: personal.familyName,
            birthdate: personal.birthDate,
            phone_number: account.mobileNumber,
            phone_number_verified: 'true',
          },
        });
        await registerCustomer(tx, sub, 'ACCOUNT_OPENING', now);
        await d.records.setAddress(tx, sub, personal.address, now);
        await d.records.setTaxResidences(tx, sub, tax.taxResidences, now);
        await d.records.addReferenceAccount(tx, { sub, iban: account.iban, holder: account.holder, bic: null, createdAt: now });
        await store(tx).putExperience(sub, experience, now);
        await d.records.setAdvertisingConsent(tx, sub, terms.advertisingConsent, now);
        await d.records.issueAccountOpeningDocument(tx, sub, now, {
          applicationId: row.id,
          customerName: `${personal.givenName} ${personal.familyName}`,
          email: row.email,
          ...personal,
          taxResidences: tax.taxResidences,
          ...account,
          experience,
          ...terms,
          identification: { method: identification.method, decidedAt: identification.decidedAt },
          openedAt: now.toISOString(),
        });
        await d.records.sendWelcome(tx, sub, now);
        await store(tx).update(row.id, { status: 'COMPLETED', userSub: sub, completedAt: now, updatedAt: now });
        return { email: row.email };
      });
    },

    async experience(sub: string): Promise<UserExperience> {
      const profile = await store(db).experienceOf(sub);
      return { profile, appropriate: profile ? appropriateness(profile) : null };
    },

    async registrationPdf(sub: string): Promise<Buffer> {
      const pdf = await d.documentPdf(sub);
      if (!pdf) throw notFound('Für Ihr Konto liegen keine Kontoeröffnungsunterlagen vor.');
      return pdf;
    },
  };
}

export type OnboardingService = ReturnType<typeof onboardingService>;
