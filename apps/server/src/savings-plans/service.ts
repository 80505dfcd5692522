import { randomUUID } from 'node:crypto';
import Decimal from 'decimal.js';
import { addCalendarDays, berlinDate } from '@kontor/domain/banking-days';
import type { SavingsInterval } from '@kontor/domain/enums';
import type { Instrument } from '@kontor/domain/instrument';
import { entityStateLabel } from '@kontor/domain/labels';
import { valuation } from '@kontor/domain/lots';
import type {
  SavingsPlan,
  SavingsPlanChange,
  SavingsPlanDetail,
  SavingsPlanExecution,
  SavingsPlanInput,
  SavingsPlanList,
  SavingsPlanPreview,
} from '@kontor/domain/savings-plan-contracts';
import {
  executionDate,
  firstNominalDate,
  monthlyRate,
  savingsPlanCosts,
  SAVINGS_PLANS_PER_CUSTOMER,
  upcomingExecutions,
  type SavingsPayment,
} from '@kontor/domain/savings-plans';
import type { Quote } from '@kontor/domain/quote';
import type { Clock } from '../platform/clock.ts';
import type { Db } from '../platform/db.ts';
import { AppError, fieldError, notFound } from '../platform/errors.ts';
import { isUuid } from '../platform/ids.ts';
import { fingerprintOf, idempotent, type IdempotentResult } from '../platform/idempotency.ts';
import { savingsPlanStore as store, type PlanRow, type PlanTotals } from './store.ts';
import type { PendingChange } from './tables.ts';
import { toWireAmount, toWireDecimal } from '@kontor/domain/numbers';

export type SavingsPlanDeps = {
  db: Db;
  /** The simulated time: plans follow it like the market and the scheduler. */
  clock: Clock;
  instrument: (isin: string) => Promise<Instrument | undefined>;
  quote: (isin: string) => Quote | undefined;
  /** Euros per unit of the instrument's quote currency now. */
  fxRate: (instrument: Instrument) => string;
  /** The current bid in euros, as the depot values a position; null without a quote. */
  bidEur: (isin: string, currency: string) => string | null;
  /** Whether Kontor offers direct debits at all (the DIRECT_DEBIT flag). */
  directDebitOffered: boolean;
  /** Offered and a mandate given; read on `db`: inside a transaction, its connection (PGlite has only one). */
  directDebitAvailable: (sub: string, db: Db) => Promise<boolean>;
};

const CALENDAR_LENGTH = 12;
const planNotFound = () => notFound('Diesen Sparplan gibt es nicht.');
const invalid = (field: string, message: string) => fieldError(422, field, message);

/** The customer's side of savings plans: set up, change, pause, resume, delete, and the views. */
export function savingsPlanService(d: SavingsPlanDeps) {
  const today = () => berlinDate(d.clock.now());
  /** The first day a change can still reach: tomorrow (today's execution is past its cut-off). */
  const earliest = () => addCalendarDays(today(), 1);
  /** Whether the plan's next execution is past its cut-off (the execution day has begun). */
  const pastCutOff = (row: PlanRow) => row.nextDate !== null && row.nextDate <= today();

  async function planInstrument(isin: string): Promise<Instrument> {
    const instrument = await d.instrument(isin);
    if (!instrument) throw invalid('isin', 'Dieses Wertpapier kennen wir nicht.');
    if (!instrument.sparplan) throw invalid('isin', 'Für dieses Wertpapier ist kein Sparplan möglich.');
    return instrument;
  }

  function checkFirstDate(firstDate: string): void {
    if (firstDate < earliest()) throw invalid('firstDate', 'Die erste Ausführung kann frühestens morgen sein.');
    if (firstDate > addCalendarDays(today(), 366)) throw invalid('firstDate', 'Die erste Ausführung kann höchstens ein Jahr im Voraus liegen.');
  }

  function quoteOf(isin: string) {
    const q = d.quote(isin);
    return q ? { bid: q.bid, ask: q.ask } : null;
  }

  async function view(row: PlanRow, totals: PlanTotals | undefined, names: Map<string, Instrument | undefined>): Promise<SavingsPlan> {
    let instrument = names.get(row.isin);
    if (!names.has(row.isin)) names.set(row.isin, (instrument = await d.instrument(row.isin)));
    const invested = toWireAmount(totals?.invested ?? 0);
    const quantity = toWireDecimal(totals?.quantity ?? 0);
    // The plan's pieces valued as the depot values a position: the same figures for the same holding.
    const bid = instrument ? d.bidEur(row.isin, instrument.quoteCurrencyCode) : null;
    const v = bid === null ? null : valuation({ quantity, cost: invested }, bid);
    const pending = row.pending;
    const interval = row.interval as SavingsInterval;
    const running = row.state === 'active' || row.state === 'atwork';
    return {
      id: row.id,
      isin: row.isin,
      name: instrument?.name ?? row.isin,
      state: row.state as SavingsPlan['state'],
      stateLabel: entityStateLabel(row.state),
      amount: toWireAmount(row.amount),
      interval,
      day: row.day,
      dynamicPercent: row.dynamicPercent,
      payment: row.payment as SavingsPayment,
      firstDate: row.firstDate,
      nextExecution: row.nextDate,
      monthlyRate: toWireAmount(monthlyRate(running ? row.amount : 0, interval)),
      pending: pending && {
        action: pending.action,
        amount: toWireAmount(pending.amount),
        interval: pending.interval as SavingsInterval,
        day: pending.day,
        after: pending.after,
        effectiveFrom: pending.action === 'change' ? executionDate(firstNominalDate(pending.interval as SavingsInterval, pending.day, addCalendarDays(pending.after, 1))) : null,
      },
      executions: totals?.executions ?? 0,
      invested,
      quantity,
      value: v?.value ?? null,
      gain: v?.pnl ?? null,
      gainPercent: v?.pnlPercent ?? null,
      createdAt: row.createdAt.toISOString(),
      deletedAt: row.deletedAt?.toISOString() ?? null,
    };
  }

  async function viewOne(db: Db, row: PlanRow): Promise<SavingsPlan> {
    return view(row, (await store(db).totals([row.id])).get(row.id), new Map());
  }

  function calendarOf(row: PlanRow) {
    if (row.nextNominal === null) return [];
    const schedule = { amount: row.amount, interval: row.interval as SavingsInterval, day: row.day, dynamicPercent: row.dynamicPercent, firstDate: row.firstDate, increases: row.increases };
    const p = row.pending;
    if (!p) return upcomingExecutions({ ...schedule, nextNominal: row.nextNominal }, CALENDAR_LENGTH);
    // The execution past its cut-off runs on the old terms; then the change (or nothing, paused or deleted).
    const [first] = upcomingExecutions({ ...schedule, nextNominal: row.nextNominal }, 1);
    if (p.action !== 'change') return [first!];
    const interval = p.interval as SavingsInterval;
    const next = firstNominalDate(interval, p.day, addCalendarDays(first!.date, 1));
    return [first!, ...upcomingExecutions({ ...schedule, amount: p.amount, interval, day: p.day, nextNominal: next }, CALENDAR_LENGTH - 1)];
  }

  /** Applies a change now, or (past the cut-off) keeps it for after the next execution. */
  async function changeOrPend(tx: Db, row: PlanRow, action: PendingChange['action'], terms: SavingsPlanChange): Promise<void> {
    const now = d.clock.now();
    if (row.state !== 'inactive' && pastCutOff(row)) {
      const pending: PendingChange = { action, amount: terms.amount, interval: terms.interval, day: terms.day, after: row.nextDate! };
      await store(tx).update(row.id, { state: 'atwork', pending, updatedAt: now });
      return;
    }
    if (action === 'delete') {
      await store(tx).update(row.id, { state: 'deleted', pending: null, nextNominal: null, nextDate: null, deletedAt: now, updatedAt: now });
    } else if (action === 'pause') {
      await store(tx).update(row.id, { state: 'inactive', pending: null, nextNominal: null, nextDate: null, updatedAt: now });
    } else {
      const sameSchedule = terms.interval === row.interval && terms.day === row.day;
      const running = row.state !== 'inactive';
      const nextNominal = !running ? null : sameSchedule ? row.nextNominal : firstNominalDate(terms.interval, terms.day, earliest());
      await store(tx).update(row.id, {
        amount: terms.amount,
        interval: terms.interval,
        day: terms.day,
        nextNominal,
        nextDate: nextNominal && executionDate(nextNominal),
        state: running ? 'active' : row.state,
        pending: null,
        updatedAt: now,
      });
    }
  }

  /** Loads the customer's plan, locked, runs `change` on it, and answers with the plan as it is now. */
  async function withPlan(sub: string, id: string, change: (tx: Db, row: PlanRow) => Promise<void>): Promise<SavingsPlan> {
    if (!isUuid(id)) throw planNotFound();
    return d.db.transaction(async (tx) => {
      const row = await store(tx).owned(sub, id, true);
      if (!row) throw planNotFound();
      await change(tx, row);
      return viewOne(tx, (await store(tx).owned(sub, id))!);
    });
  }

  const termsOf = (row: PlanRow): SavingsPlanChange => ({ amount: toWireAmount(row.amount), interval: row.interval as SavingsInterval, day: row.day });
  const deletedAlready = () => new AppError(409, 'Dieser Sparplan ist gelöscht.');

  return {
    async list(sub: string): Promise<SavingsPlanList> {
      const rows = await store(d.db).plansOf(sub);
      const totals = await store(d.db).totals(rows.map((r) => r.id));
      const names = new Map<string, Instrument | undefined>();
      const plans: SavingsPlan[] = [];
      for (const r of rows) plans.push(await view(r, totals.get(r.id), names));
      const monthlyTotal = plans.reduce((s, p) => s.plus(p.monthlyRate), new Decimal(0));
      return { plans, monthlyTotal: toWireAmount(monthlyTotal), directDebitAvailable: await d.directDebitAvailable(sub, d.db) };
    },

    async preview(sub: string, input: SavingsPlanInput): Promise<SavingsPlanPreview> {
      await planInstrument(input.isin);
      checkFirstDate(input.firstDate);
      const nominal = firstNominalDate(input.interval, input.day, input.firstDate);
      const calendar = upcomingExecutions(
        { amount: input.amount, interval: input.interval, day: input.day, dynamicPercent: input.dynamicPercent, firstDate: nominal, increases: 0, nextNominal: nominal },
        CALENDAR_LENGTH,
      );
      return { firstExecution: calendar[0]!.date, costs: savingsPlanCosts(input.amount, input.interval, quoteOf(input.isin)), calendar };
    },

    /** Sets up a plan; with an Idempotency-Key, a repeat answers with the plan it created. */
    async create(sub: string, input: SavingsPlanInput, key: string | undefined): Promise<IdempotentResult<SavingsPlan>> {
      const write = async (tx: Db) => {
        await planInstrument(input.isin);
        checkFirstDate(input.firstDate);
        if (input.payment === 'DIRECT_DEBIT' && !d.directDebitOffered) {
          throw invalid('payment', 'Lastschriften bieten wir derzeit nicht an. Bitte wählen Sie das Verrechnungskonto.');
        }
        if (input.payment === 'DIRECT_DEBIT' && !(await d.directDebitAvailable(sub, tx))) {
          throw invalid('payment', 'Lastschrift ist nicht möglich: Bitte erteilen Sie zuerst ein SEPA-Lastschriftmandat.');
        }
        if ((await store(tx).countLive(sub)) >= SAVINGS_PLANS_PER_CUSTOMER) {
          throw new AppError(409, `Sie haben bereits ${SAVINGS_PLANS_PER_CUSTOMER} Sparpläne. Bitte löschen Sie zuerst einen.`);
        }
        const now = d.clock.now();
        const nominal = firstNominalDate(input.interval, input.day, input.firstDate);
        const id = randomUUID();
        const inserted = await store(tx).insert({
          id,
          sub,
          isin: input.isin,
          amount: input.amount,
          interval: input.interval,
          day: input.day,
          dynamicPercent: input.dynamicPercent,
          payment: input.payment,
          firstDate: nominal,
          nextNominal: nominal,
          nextDate: executionDate(nominal),
          state: 'active',
          createdAt: now,
          updatedAt: now,
        });
        if (!inserted) throw new AppError(409, 'Für dieses Wertpapier haben Sie bereits einen Sparplan. Sie können ihn ändern.');
        return { statusCode: 201, body: await viewOne(tx, (await store(tx).owned(sub, id))!) };
      };
      if (!key) return { ...(await d.db.transaction(write)), replayed: false };
      return idempotent(d.db, { sub, key, fingerprint: fingerprintOf('POST /api/savingsplan', input), at: d.clock.now() }, write);
    },

    async detail(sub: string, id: string): Promise<SavingsPlanDetail> {
      if (!isUuid(id)) throw planNotFound();
      const row = await store(d.db).owned(sub, id);
      if (!row) throw planNotFound();
      const plan = await viewOne(d.db, row);
      const runs = await store(d.db).executionsOf(id);
      let invested = new Decimal(0);
      let pieces = new Decimal(0);
      const instrument = await d.instrument(row.isin);
      const chart: SavingsPlanDetail['chart'] = [];
      for (const r of runs) {
        if (r.state !== 'executed') continue;
        invested = invested.plus(r.value!).plus(r.fee!);
        pieces = pieces.plus(r.quantity!);
        // The value that day: the pieces so far at that day's execution price (in euros at today's rate).
        const fx = instrument ? d.fxRate(instrument) : '1';
        chart.push({ date: r.date, invested: toWireAmount(invested), value: toWireAmount(pieces.times(r.price!).times(fx)) });
      }
      if (plan.value !== null && chart.length > 0 && chart.at(-1)!.date < today()) chart.push({ date: today(), invested: plan.invested, value: plan.value });
      const history = runs.reverse().map(
        (r): SavingsPlanExecution => ({
          date: r.date,
          state: r.state as SavingsPlanExecution['state'],
          amount: toWireAmount(r.amount),
          quantity: r.quantity === null ? null : toWireDecimal(r.quantity),
          price: r.price === null ? null : toWireDecimal(r.price),
          value: r.value === null ? null : toWireAmount(r.value),
          fee: r.fee === null ? null : toWireAmount(r.fee),
          orderId: r.orderId,
          documentId: r.documentId,
          reason: r.reason,
        }),
      );
      const terms = row.pending?.action === 'change' ? row.pending : row;
      return { plan, history, chart, calendar: calendarOf(row), costs: savingsPlanCosts(terms.amount, terms.interval as SavingsInterval, quoteOf(row.isin)) };
    },

    change(sub: string, id: string, terms: SavingsPlanChange): Promise<SavingsPlan> {
      return withPlan(sub, id, async (tx, row) => {
        if (row.state === 'deleted') throw deletedAlready();
        // A pending pause or delete is replaced by the change: the customer's last word counts.
        await changeOrPend(tx, row, 'change', terms);
      });
    },

    pause(sub: string, id: string): Promise<SavingsPlan> {
      return withPlan(sub, id, async (tx, row) => {
        if (row.state === 'deleted') throw deletedAlready();
        if (row.state === 'inactive' || row.pending?.action === 'pause') return;
        await changeOrPend(tx, row, 'pause', termsOf(row));
      });
    },

    resume(sub: string, id: string): Promise<SavingsPlan> {
      return withPlan(sub, id, async (tx, row) => {
        if (row.state === 'deleted') throw deletedAlready();
        const now = d.clock.now();
        if (row.state === 'atwork' && row.pending?.action !== 'change') {
          // A pause or delete not yet in effect is taken back.
          await store(tx).update(row.id, { state: 'active', pending: null, updatedAt: now });
        } else if (row.state === 'inactive') {
          const nominal = firstNominalDate(row.interval as SavingsInterval, row.day, earliest());
          await store(tx).update(row.id, { state: 'active', nextNominal: nominal, nextDate: executionDate(nominal), updatedAt: now });
        }
      });
    },

    remove(sub: string, id: string): Promise<SavingsPlan> {
      return withPlan(sub, id, async (tx, row) => {
        if (row.state === 'deleted' || row.pending?.action === 'delete') return;
        await changeOrPend(tx, row, 'delete', termsOf(row));
      });
    },
  };
}

export type SavingsPlanService = ReturnType<typeof savingsPlanService>;
