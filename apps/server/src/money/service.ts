import { randomBytes, randomUUID } from 'node:crypto';
import Decimal from 'decimal.js';
import type { FastifyBaseLogger } from 'fastify';
import type { AuthorisationResult } from '@kontor/domain/auth-contracts';
import { addBankingDays, berlinDate, nextBankingDay, startOfBerlinDay } from '@kontor/domain/banking-days';
import { ibanProblem, maskIban, normaliseIban } from '@kontor/domain/iban';
import { formatEuro, toWireAmount, toWireDecimal } from '@kontor/domain/numbers';
import {
  DIRECT_DEBIT_INSTANT_LIMIT,
  DIRECT_DEBIT_SETTLEMENT_DAYS,
  KONTOR_BANK_ACCOUNT,
  type AccountEntry,
  type AccountEntryKind,
  type DirectDebit,
  type MoneyOverview,
  type Payout,
  type ReferenceAccount,
} from '@kontor/domain/money-contracts';
import type { Clock } from '../platform/clock.ts';
import type { Db } from '../platform/db.ts';
import { AppError, notFound } from '../platform/errors.ts';
import { fingerprintOf, idempotent, type IdempotentResult } from '../platform/idempotency.ts';
import { defineJob } from '../scheduler/job-kind.ts';
import type { Scheduler } from '../scheduler/scheduler.ts';
import { z } from 'zod';
import type { BookingWriter } from '../bookings/writer.ts';
import type { AuthorisationService } from '../authorisations/service.ts';
import type { TradingService } from '../trading/service.ts';
import { cashWithPartsOf, reservedPartsOf } from '../bookings/ledger.ts';
import { debitCreditBooking, debitReturnBooking, depositBooking, payoutBooking, payoutCancelBooking, payoutExecutedBooking } from '../bookings/cash-bookings.ts';
import { securityLogStore } from '../security-log/store.ts';
import { accountEntries, monthsOf, unsettledProceeds } from './account-history.ts';
import { accountCsv } from './account-csv.ts';
import { moneyStore as store, type DebitRow, type MandateRow, type PayoutRow } from './store.ts';

export type MoneyDeps = {
  db: Db;
  clock: Clock;
  /** Writes a booking inside the given transaction. */
  book: BookingWriter;
  /**
   * Its write queue runs a transaction that moves a customer's free cash, so that the cash the
   * queue's batches count on stays true (see trading/write-queue.ts).
   */
  trading: Pick<TradingService, 'write'>;
  scheduler: Scheduler;
  /** Takes a verified authorisation once, if it authorised exactly `payload`. */
  authorisations: Pick<AuthorisationService, 'redeem'>;
  directDebitEnabled: boolean;
  holderName: (sub: string) => Promise<string>;
  instrumentName: (isin: string) => Promise<string | undefined>;
  log: FastifyBaseLogger;
};

/** The simulated bank's jobs; each names its transfer, payout or debit by its key (the id). */
export const MONEY_JOBS = {
  transferIn: defineJob({ kind: 'money.transfer-in', payload: z.object({}), when: 'an incoming transfer on its booking day (the next banking day)' }),
  payout: defineJob({ kind: 'money.payout', payload: z.object({}), when: 'a payout on its execution day (banking day, 09:00 Berlin)' }),
  debitSettle: defineJob({ kind: 'money.debit-settle', payload: z.object({}), when: 'a direct debit on its settlement day (banking days after the request)' }),
};

const money = (v: Decimal.Value) => toWireAmount(v);
const noReferenceAccount = () => new AppError(409, 'Bitte hinterlegen Sie zuerst Ihr Referenzkonto.');

/** The reference in a transfer's Verwendungszweck that names the customer. */
export function customerReference(sub: string): string {
  return `KTR${sub.replace(/-/g, '').slice(0, 10).toUpperCase()}`;
}

/**
 * A SEPA mandate for `iban` with Kontor as creditor and a new mandate reference, inside the
 * caller's transaction (signed by TAN here, or granted by a service request); null when the
 * customer has one already.
 */
export async function grantMandate(tx: Db, sub: string, iban: string, signedAt: Date): Promise<MandateRow | null> {
  const row = { sub, mandateReference: `KONTOR-${randomBytes(6).toString('hex').toUpperCase()}`, creditorId: KONTOR_BANK_ACCOUNT.creditorId, iban, signedAt };
  return (await store(tx).addMandate(row)) ? row : null;
}

/** Money in and out of the depot's cash account: every movement is a booking. */
export function moneyService(d: MoneyDeps) {
  const today = () => berlinDate(d.clock.now());

  const payoutView = (p: PayoutRow): Payout => ({
    id: p.id,
    amount: money(p.amount),
    ibanMasked: maskIban(p.iban),
    state: p.state as Payout['state'],
    orderedAt: p.orderedAt.toISOString(),
    executionDate: p.executionDate,
    cancellable: p.state === 'ORDERED' && d.clock.now() < startOfBerlinDay(p.executionDate),
  });
  const debitView = (r: DebitRow): DirectDebit => ({
    id: r.id,
    amount: money(r.amount),
    creditedAtOnce: money(r.creditedAtOnce),
    state: r.state as DirectDebit['state'],
    requestedAt: r.requestedAt.toISOString(),
    settlementDate: r.settlementDate,
  });

  async function entries(db: Db, sub: string): Promise<AccountEntry[]> {
    const rows = await store(db).ledgerEntries(sub);
    const refs = (kind: string) => [...new Set(rows.filter((r) => r.kinds.includes(kind) && r.ref).map((r) => r.ref!))];
    const execRows = await store(db).executionsById([...refs('buy'), ...refs('sell')]);
    const names = new Map<string, string>();
    for (const isin of new Set(execRows.map((e) => e.isin))) names.set(isin, (await d.instrumentName(isin)) ?? isin);
    const payoutRows = await Promise.all(refs('payout').map((id) => store(db).payoutById(id)));
    const debitRows = await Promise.all(refs('debit').map((id) => store(db).debitById(id)));
    return accountEntries(rows, {
      executions: new Map(execRows.map((e) => [e.id, { side: e.side, quantity: toWireDecimal(e.quantity), name: names.get(e.isin)!, savings: e.kind === 'savings' }])),
      payouts: new Map(payoutRows.flatMap((p) => (p ? [[p.id, { iban: p.iban, executionDate: p.executionDate, state: p.state }]] : []))),
      debits: new Map(debitRows.flatMap((r) => (r ? [[r.id, { settlementDate: r.settlementDate }]] : []))),
    });
  }

  /** The cash figures; `lock` holds the free cash row for the caller's transaction (a payout's check). */
  async function figures(db: Db, sub: string, lock = false) {
    const b = await store(db).balances(sub, lock);
    const pendingDebits = (await store(db).debitsOf(sub, 100)).filter((r) => r.state === 'PENDING');
    const debitCredits = pendingDebits.reduce((s, r) => s.plus(r.creditedAtOnce), new Decimal(0));
    const notYetSettled = debitCredits.plus(unsettledProceeds(await entries(db, sub), today()));
    const free = new Decimal(b.free);
    return {
      availableToBuy: money(free),
      availableToPayout: money(Decimal.max(0, free.minus(notYetSettled))),
      reserved: money(b.reserved),
      reservedParts: await reservedPartsOf(db, sub, money(b.reserved)),
      notYetSettled: money(notYetSettled),
      balance: money(free.plus(b.reserved).plus(b.arrears)),
      debitCredits,
      arrears: Decimal.max(0, new Decimal(b.arrears).neg()),
    };
  }

  async function referenceAccount(db: Db, sub: string): Promise<(ReferenceAccount & { iban: string }) | null> {
    const row = await store(db).referenceAccount(sub);
    return row ? { iban: row.iban, ibanMasked: maskIban(row.iban), holder: row.holder, bic: row.bic } : null;
  }

  /** A job due at the start of a banking day, in Berlin. */
  const dueOn = (date: string) => startOfBerlinDay(date);

  /** A direct debit inside the caller's transaction: buying power at once up to the limit, settled two banking days later; its id. */
  async function collectDebit(tx: Db, sub: string, amount: string, now: Date): Promise<string> {
    const cash = await figures(tx, sub, true);
    const room = Decimal.max(0, new Decimal(DIRECT_DEBIT_INSTANT_LIMIT).minus(cash.debitCredits));
    const atOnce = money(Decimal.min(amount, room));
    const id = randomUUID();
    const settlementDate = addBankingDays(berlinDate(now), DIRECT_DEBIT_SETTLEMENT_DAYS);
    await store(tx).insertDebit({ id, sub, amount, creditedAtOnce: atOnce, state: 'PENDING', requestedAt: now, settlementDate });
    await d.book(tx, debitCreditBooking({ sub, debitId: id, amount: atOnce, part: 'instant', at: now, arrears: toWireAmount(cash.arrears) }));
    await d.scheduler.schedule(tx, MONEY_JOBS.debitSettle, { key: id, dueAt: dueOn(settlementDate) });
    return id;
  }

  const service = {
    /** Whether the customer can pay by direct debit now: the flag is on and a mandate is given. */
    directDebitAvailable: async (sub: string, db: Db = d.db) => d.directDebitEnabled && !!(await store(db).mandate(sub)),
    /** A savings plan's rate collected by direct debit, inside the plan's execution (the scheduler's transaction). */
    collectDebit: (tx: Db, sub: string, amount: string, at: Date) => collectDebit(tx, sub, money(amount), at),
    figures: async (sub: string) => {
      const { debitCredits: _c, arrears: _a, ...cash } = await figures(d.db, sub);
      return cash;
    },

    async overview(sub: string): Promise<MoneyOverview> {
      const [cash, ref, mandate, payoutRows, debitRows] = await Promise.all([
        service.figures(sub),
        referenceAccount(d.db, sub),
        store(d.db).mandate(sub),
        store(d.db).payoutsOf(sub),
        store(d.db).debitsOf(sub),
      ]);
      return {
        cash,
        referenceAccount: ref,
        depositAccount: { holder: KONTOR_BANK_ACCOUNT.holder, iban: KONTOR_BANK_ACCOUNT.iban, bic: KONTOR_BANK_ACCOUNT.bic, reference: customerReference(sub) },
        directDebit: {
          enabled: d.directDebitEnabled,
          mandate: mandate ? { mandateReference: mandate.mandateReference, creditorId: mandate.creditorId, signedAt: mandate.signedAt.toISOString(), ibanMasked: maskIban(mandate.iban) } : null,
          instantLimit: DIRECT_DEBIT_INSTANT_LIMIT,
        },
        payouts: payoutRows.map(payoutView),
        debits: debitRows.map(debitView),
      };
    },

    async history(sub: string, q: { month?: string; kind?: AccountEntryKind }) {
      const all = await entries(d.db, sub);
      const shown = all.filter((e) => (!q.month || e.date.startsWith(q.month)) && (!q.kind || e.kind === q.kind));
      return { entries: shown.reverse(), months: monthsOf(all) };
    },

    async historyCsv(sub: string, q: { month?: string; kind?: AccountEntryKind }): Promise<string> {
      return accountCsv((await service.history(sub, q)).entries);
    },

    referenceAccount: (sub: string) => referenceAccount(d.db, sub),

    /** Every Kontoumsatz, oldest first, with the balance after it, read on `db` (the Kontoauszug's job reads in its transaction). */
    accountEntries: (db: Db, sub: string) => entries(db, sub),

    /** Sets the reference account while none is set; changing it is a service request (with TAN). */
    async setReferenceAccount(sub: string, input: string): Promise<ReferenceAccount> {
      const problem = ibanProblem(input);
      if (problem) throw new AppError(400, problem, [{ field: 'iban', message: problem }]);
      const iban = normaliseIban(input)!;
      const holder = await d.holderName(sub);
      const added = await d.db.transaction(async (tx) => {
        const now = d.clock.now();
        if (!(await store(tx).addReferenceAccount({ sub, iban, holder, bic: null, createdAt: now }))) return false;
        await securityLogStore(tx).record({ sub, kind: 'REFERENCE_ACCOUNT_CHANGED', at: now, detail: maskIban(iban) });
        return true;
      });
      if (!added) throw new AppError(409, 'Sie haben bereits ein Referenzkonto. Ändern können Sie es mit einem Serviceauftrag.');
      return (await referenceAccount(d.db, sub))!;
    },

    /** A payout to the reference account, authorised for exactly this amount and IBAN. */
    async payout(sub: string, body: { amount: string; authorisation: AuthorisationResult }, key: string): Promise<IdempotentResult<Payout>> {
      const ref = await store(d.db).referenceAccount(sub);
      if (!ref) throw noReferenceAccount();
      const amount = money(body.amount);
      const now = d.clock.now();
      const fingerprint = fingerprintOf('payout', { amount, ticket: body.authorisation.ticket });
      return d.trading.write((tx) =>
        idempotent(tx, { sub, key, fingerprint, at: now }, async (itx) => {
          await d.authorisations.redeem(itx, sub, { type: 'MONEY_TRANSACTION', data: { kind: 'PAYOUT', amount, iban: ref.iban } }, body.authorisation);
          const cash = await figures(itx, sub, true);
          if (new Decimal(amount).gt(cash.availableToPayout)) {
            throw new AppError(422, `Der Betrag übersteigt Ihr auszahlbares Guthaben von ${formatEuro(cash.availableToPayout)}.`);
          }
          const id = randomUUID();
          const executionDate = nextBankingDay(berlinDate(now));
          await store(itx).insertPayout({ id, sub, amount, iban: ref.iban, state: 'ORDERED', orderedAt: now, executionDate });
          await d.book(itx, payoutBooking({ sub, payoutId: id, amount, at: now }));
          await d.scheduler.schedule(itx, MONEY_JOBS.payout, { key: id, dueAt: dueOn(executionDate) });
          await securityLogStore(itx).record({ sub, kind: 'PAYOUT', at: now, detail: amount });
          return { statusCode: 201, body: payoutView((await store(itx).payout(sub, id))!) };
        }),
      );
    },

    async payoutOf(sub: string, id: string): Promise<Payout> {
      const row = await store(d.db).payout(sub, id);
      if (!row) throw notFound('Diese Auszahlung gibt es nicht.');
      return payoutView(row);
    },

    /** Cancels a payout before its execution day: the money is free again at once. */
    async cancelPayout(sub: string, id: string): Promise<Payout> {
      return d.trading.write(async (tx) => {
        const row = await store(tx).payout(sub, id);
        if (!row) throw notFound('Diese Auszahlung gibt es nicht.');
        if (!payoutView(row).cancellable || !(await store(tx).finishPayout(id, 'CANCELLED', d.clock.now()))) {
          throw new AppError(409, row.state === 'CANCELLED' ? 'Diese Auszahlung ist bereits storniert.' : 'Diese Auszahlung wird bereits ausgeführt und kann nicht mehr storniert werden.');
        }
        await d.scheduler.cancel(tx, MONEY_JOBS.payout, id);
        await d.book(tx, payoutCancelBooking({ sub, payoutId: id, amount: money(row.amount), at: d.clock.now() }));
        return payoutView((await store(tx).payout(sub, id))!);
      });
    },

    /** Signs the SEPA direct debit mandate for the reference account, by TAN. */
    async signMandate(sub: string, authorisation: AuthorisationResult) {
      if (!d.directDebitEnabled) throw new AppError(409, 'Lastschriften sind derzeit nicht verfügbar.');
      const ref = await store(d.db).referenceAccount(sub);
      if (!ref) throw noReferenceAccount();
      return d.db.transaction(async (t) => {
        const tx = t as unknown as Db;
        await d.authorisations.redeem(tx, sub, { type: 'MONEY_TRANSACTION', data: { kind: 'MANDATE', iban: ref.iban } }, authorisation);
        const mandate = await grantMandate(tx, sub, ref.iban, d.clock.now());
        if (!mandate) throw new AppError(409, 'Sie haben bereits ein Lastschriftmandat erteilt.');
        return { mandateReference: mandate.mandateReference, creditorId: mandate.creditorId, signedAt: mandate.signedAt.toISOString(), ibanMasked: maskIban(ref.iban) };
      });
    },

    /** Collects money from the reference account: buying power at once up to the limit, settled two banking days later. */
    async requestDebit(sub: string, amountInput: string, key: string): Promise<IdempotentResult<DirectDebit>> {
      if (!d.directDebitEnabled) throw new AppError(409, 'Lastschriften sind derzeit nicht verfügbar.');
      if (!(await store(d.db).mandate(sub))) throw new AppError(409, 'Bitte erteilen Sie zuerst ein SEPA-Lastschriftmandat.');
      const amount = money(amountInput);
      const now = d.clock.now();
      return d.trading.write((tx) =>
        idempotent(tx, { sub, key, fingerprint: fingerprintOf('debit', { amount }), at: now }, async (itx) => {
          const id = await collectDebit(itx, sub, amount, now);
          return { statusCode: 201, body: debitView((await store(itx).debit(sub, id))!) };
        }),
      );
    },

    /** Development only: the bank returns a pending direct debit. An order bought with the money stays. */
    async returnDebit(sub: string, id: string): Promise<DirectDebit> {
      return d.trading.write(async (tx) => {
        const row = await store(tx).debit(sub, id);
        if (!row) throw notFound('Diese Lastschrift gibt es nicht.');
        if (!(await store(tx).finishDebit(id, 'RETURNED', d.clock.now()))) throw new AppError(409, 'Diese Lastschrift ist bereits abgeschlossen.');
        await d.scheduler.cancel(tx, MONEY_JOBS.debitSettle, id);
        const b = await store(tx).balances(sub, true);
        await d.book(tx, debitReturnBooking({ sub, debitId: id, credited: money(row.creditedAtOnce), freeCash: b.free, at: d.clock.now() }));
        return debitView((await store(tx).debit(sub, id))!);
      });
    },

    /** Development only: a SEPA credit transfer arrives for the customer; booked on the next banking day. */
    async simulateIncomingTransfer(sub: string, amount: string): Promise<{ id: string; bookingDate: string }> {
      const id = randomUUID();
      const now = d.clock.now();
      const bookingDate = nextBankingDay(berlinDate(now));
      await d.db.transaction(async (t) => {
        const tx = t as unknown as Db;
        await store(tx).insertTransfer({ id, sub, amount: money(amount), receivedAt: now, bookingDate, state: 'PENDING' });
        await d.scheduler.schedule(tx, MONEY_JOBS.transferIn, { key: id, dueAt: dueOn(bookingDate) });
      });
      return { id, bookingDate };
    },

    /** Development only: money arrives at once ("Einzahlung simulieren"). */
    async simulateDeposit(sub: string, amount: string, requestId: string = randomUUID()) {
      await d.trading.write(async (tx) => {
        const cash = await figures(tx, sub);
        await d.book(tx, depositBooking({ sub, amount, requestId, at: d.clock.now(), arrears: toWireAmount(cash.arrears) }));
      });
      return cashWithPartsOf(d.db, sub);
    },
  };

  // The simulated bank and clearing, run by the scheduler on their banking days. Each job is one
  // transaction; the state change guards the booking, and the booking's key guards it again.
  d.scheduler.handle(MONEY_JOBS.transferIn, async (tx, job) => {
    const t = await store(tx).transferById(job.key);
    if (!t || !(await store(tx).markTransferBooked(t.id))) return;
    const cash = await figures(tx, t.sub);
    await d.book(tx, depositBooking({ sub: t.sub, amount: money(t.amount), requestId: t.id, at: d.clock.now(), arrears: toWireAmount(cash.arrears), notify: true }));
  });
  d.scheduler.handle(MONEY_JOBS.payout, async (tx, job) => {
    const p = await store(tx).payoutById(job.key);
    if (!p || !(await store(tx).finishPayout(p.id, 'EXECUTED', d.clock.now()))) return;
    await d.book(tx, payoutExecutedBooking({ sub: p.sub, payoutId: p.id, amount: money(p.amount), ibanMasked: maskIban(p.iban), at: d.clock.now() }));
  });
  d.scheduler.handle(MONEY_JOBS.debitSettle, async (tx, job) => {
    const r = await store(tx).debitById(job.key);
    if (!r || !(await store(tx).finishDebit(r.id, 'SETTLED', d.clock.now()))) return;
    const cash = await figures(tx, r.sub);
    const rest = money(new Decimal(r.amount).minus(r.creditedAtOnce));
    await d.book(tx, debitCreditBooking({ sub: r.sub, debitId: r.id, amount: rest, part: 'rest', at: d.clock.now(), arrears: toWireAmount(cash.arrears) }));
  });

  return service;
}

export type MoneyService = ReturnType<typeof moneyService>;
