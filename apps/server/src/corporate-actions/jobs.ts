import Decimal from 'decimal.js';
import type { FastifyBaseLogger } from 'fastify';
import { startOfBerlinDay } from '@kontor/domain/banking-days';
import { CA_TYPE_LABELS, CA_TYPE_OPTIONS, caOutcome, priceFactorOnEffect, type CaOption, type CaOutcome, type CaPhase, phaseOfStep } from '@kontor/domain/corporate-actions';
import type { Instrument } from '@kontor/domain/instrument';
import type { BookingWriter } from '../bookings/writer.ts';
import type { QuoteSource } from '../market/feed.ts';
import type { Clock } from '../platform/clock.ts';
import type { Db } from '../platform/db.ts';
import type { Scheduler } from '../scheduler/scheduler.ts';
import { incomeStore } from '../tax/income-store.ts';
import { lockedTaxYear } from '../tax/store.ts';
import { caBooking, type CaInstrumentInfo } from './booking.ts';
import { caJobsStore } from './jobs-store.ts';
import { eurQuote, positionFor } from './position.ts';
import type { RightsIndex } from './rights.ts';
import { CA_JOBS } from './schedule.ts';
import { type CaEntitlementRow, type CaEventRow, type CaInstructionRow, caStore, termsOf } from './store.ts';
import { toWireDecimal } from '@kontor/domain/numbers';

export type CaJobDeps = {
  db: Db;
  clock: Clock;
  scheduler: Scheduler;
  book: BookingWriter;
  quotes: QuoteSource;
  /** Instruments, rights ISINs included ("Bezugsrecht …"). */
  instrument: (isin: string) => Promise<Instrument | undefined>;
  /** Euros per unit of `currency` now. */
  fxRate: (currency: string) => string | null;
  taxEnabled: boolean;
  rights: RightsIndex;
  /**
   * Deletes every open order on an ISIN with the reason as its message (the trading service's
   * write queue). Called without waiting: it runs after the job's transaction, on its own.
   */
  deleteOrders: (isin: string, reason: (o: { side: 'buy' | 'sell'; name: string }) => string) => Promise<number>;
  /** Moves the simulated market's price of a share by a factor when an event takes effect; absent with a real market, which moves by itself. */
  movePrice?: (isin: string, factor: string) => void;
  log: FastifyBaseLogger;
};

const dateDe = (iso: string) => new Intl.DateTimeFormat('de-DE', { timeZone: 'UTC', dateStyle: 'medium' }).format(new Date(`${iso}T00:00:00Z`));

/**
 * The corporate actions on the scheduler (see `schedule.ts` for when each job runs). Each booking
 * has its key (`ca:<event>:<sub>:<phase>`): a job that runs again books nothing twice.
 */
export function caJobs(d: CaJobDeps) {
  const currencyOf = async (isin: string) => (await d.instrument(isin))?.quoteCurrencyCode ?? 'EUR';

  async function infos(e: CaEventRow): Promise<(isin: string) => CaInstrumentInfo> {
    const known = new Map<string, CaInstrumentInfo>();
    for (const isin of new Set([e.isin, e.targetIsin, ...(e.rightsIsin ? [e.rightsIsin] : [])])) {
      const i = await d.instrument(isin);
      known.set(isin, i ? { name: i.name, wkn: i.wkn ?? null, instrumentType: i.instrumentType, fundType: i.fundType ?? null } : { name: isin, instrumentType: 'AKTIE' });
    }
    return (isin) => known.get(isin) ?? { name: isin, instrumentType: 'AKTIE' };
  }

  /**
   * What the customer's instruction books now; when it can no longer be carried out as given (fewer
   * shares held than tendered, a quantity that no longer fits), the most of it that can, else the default.
   */
  async function outcomeFor(tx: Db, e: CaEventRow, ent: CaEntitlementRow, instruction: CaInstructionRow | undefined, at: Date): Promise<{ option: CaOption | null; outcome: CaOutcome } | null> {
    const position = await positionFor(tx, { event: e, entitlement: ent, quotes: d.quotes, currencyOf, fxRate: d.fxRate, now: at });
    const fallback = CA_TYPE_OPTIONS[e.type].default;
    const option = instruction?.option ?? fallback;
    const tries: [CaOption | null, string | null][] = [
      [option, instruction?.quantity ?? null],
      [option, null],
      [fallback, null],
    ];
    for (const [o, q] of tries) {
      const r = caOutcome(termsOf(e), o, q, position);
      if (r.ok) return { option: o, outcome: r.outcome };
    }
    d.log.warn({ eventId: e.id }, 'corporate action: no outcome for an entitlement');
    return null;
  }

  /** Books one phase for one customer (once: the booking's key); marks it booked. */
  async function bookPhase(tx: Db, e: CaEventRow, ent: CaEntitlementRow, phase: CaPhase, option: CaOption | null, outcome: CaOutcome | null, reserved: string, at: Date): Promise<boolean> {
    if (ent.booked.includes(phase)) return false;
    // Without a rights trading end, the rights are sold (or lapse) with the rest on the pay date.
    const phases: CaPhase[] = phase === 'pay' && !e.rightsTradingEnd ? ['rights', 'pay'] : [phase];
    const steps = (outcome?.steps ?? []).filter((s) => phases.includes(phaseOfStep(s)));
    if (steps.length === 0 && !new Decimal(reserved).gt(0)) return false;
    const isins = [...new Set([e.isin, e.targetIsin, ...(e.rightsIsin ? [e.rightsIsin] : [])])];
    const { booking, moves } = caBooking({
      event: e,
      sub: ent.sub,
      phase,
      option,
      steps,
      lots: await caJobsStore(tx).openLots(ent.sub, isins),
      state: d.taxEnabled ? await lockedTaxYear(tx, ent.sub, at) : null,
      reserved,
      at,
      info: await infos(e),
    });
    const written = await d.book(tx, booking);
    if (written) {
      await caJobsStore(tx).recordMoves(booking.key, ent.sub, at, moves);
      await caStore(tx).markBooked(e.id, ent.sub, phase);
    }
    return written;
  }

  /** The share's price follows the event as it takes effect (the rights issue and bonus shares on the ex date, a consolidation on its pay date). */
  async function movePrice(e: CaEventRow): Promise<void> {
    if (!d.movePrice) return;
    const shareEur = eurQuote(d.quotes, e.isin, await currencyOf(e.isin), 'bid');
    const factor = priceFactorOnEffect(e, shareEur);
    if (factor && !new Decimal(factor).eq(1)) d.movePrice(e.isin, factor);
  }

  /**
   * Ex date: who is entitled is fixed to the holding at the end of the day before (trade-date
   * basis: what settles by the record date, one banking day later); rights booked; open orders on
   * the ISIN deleted.
   */
  async function onEx(tx: Db, e: CaEventRow, at: Date): Promise<void> {
    const holders = await incomeStore(tx).holdersAt(e.isin, startOfBerlinDay(e.exDate));
    // Customers who bought after the announcement are entitled too.
    await caStore(tx).entitle(e.id, holders, at);
    const held = new Map(holders.map((h) => [h.sub, h.quantity]));
    for (const ent of await caStore(tx).entitlements(e.id)) {
      const quantity = new Decimal(held.get(ent.sub) ?? 0);
      const rights = e.type === 'KAP' && e.rightsIsin ? quantity : new Decimal(0);
      if (rights.gt(0)) {
        const steps = [{ step: 'rights_in' as const, isin: e.rightsIsin!, quantity: toWireDecimal(rights) }];
        await bookPhase(tx, e, ent, 'ex', null, { steps } as CaOutcome, '0', at);
      }
      await caStore(tx).fix(e.id, ent.sub, toWireDecimal(quantity), toWireDecimal(rights));
    }
    const label = CA_TYPE_LABELS[e.type];
    // The order book is in memory: the trading service deletes them through its queue, after this commit.
    void d
      .deleteOrders(e.isin, (o) => `Ihre ${o.side === 'buy' ? 'Kauforder' : 'Verkaufsorder'} für ${o.name} wurde wegen der Kapitalmaßnahme „${label}“ zum Ex-Tag ${dateDe(e.exDate)} gestrichen. Bitte erteilen Sie sie bei Bedarf neu.`)
      .catch((err: unknown) => d.log.error({ err, eventId: e.id }, 'deleting orders at the ex date failed'));
    if (e.type !== 'TEILRECHT') await movePrice(e);
  }

  /** Deadline: the default for everyone without an instruction; every instruction binding. */
  async function onDeadline(tx: Db, e: CaEventRow, at: Date): Promise<void> {
    const fallback = CA_TYPE_OPTIONS[e.type].default;
    if (fallback) {
      for (const ent of await caStore(tx).entitlements(e.id)) {
        if (await caStore(tx).instruction(e.id, ent.sub)) continue;
        await caStore(tx).putInstruction({ eventId: e.id, sub: ent.sub, option: fallback, quantity: null, source: 'default', reserved: '0', at });
      }
    }
    await caStore(tx).markBinding(e.id);
  }

  /** The rights' last trading day (KAP): what is not used is sold, or lapses. */
  async function onRights(tx: Db, e: CaEventRow, at: Date): Promise<void> {
    for (const ent of await caStore(tx).entitlements(e.id)) {
      const instruction = await caStore(tx).instruction(e.id, ent.sub);
      const r = await outcomeFor(tx, e, ent, instruction, at);
      await bookPhase(tx, e, ent, 'rights', r?.option ?? null, r?.outcome ?? null, '0', at);
    }
  }

  /** Pay date: everything else booked, the cash held for instructions used or released. */
  async function onPay(tx: Db, e: CaEventRow, at: Date): Promise<void> {
    // A consolidation's fraction is settled at the new share's price.
    if (e.type === 'TEILRECHT') await movePrice(e);
    for (const ent of await caStore(tx).entitlements(e.id)) {
      const instruction = await caStore(tx).instruction(e.id, ent.sub);
      const r = await outcomeFor(tx, e, ent, instruction, at);
      await bookPhase(tx, e, ent, 'pay', r?.option ?? null, r?.outcome ?? null, instruction?.reserved ?? '0', at);
    }
  }

  // Booked at the job's due time, so a clock that jumps past several dates books each on its own date.
  const on = (run: (tx: Db, e: CaEventRow, at: Date) => Promise<void>) => async (tx: Db, job: { dueAt: Date; payload: { eventId: string } }) => {
    const e = await caStore(tx).event(job.payload.eventId);
    if (!e) return;
    // Known in memory before anything looks the rights up: a lookup in the database would wait for this transaction.
    await d.rights.register(e);
    await run(tx, e, job.dueAt);
  };

  return {
    onEx,
    onDeadline,
    onRights,
    onPay,
    /** Registers the handlers (at start; the rights index is loaded by the caller). */
    async start(): Promise<void> {
      d.scheduler.handle(CA_JOBS.ex, on(onEx));
      d.scheduler.handle(CA_JOBS.deadline, on(onDeadline));
      d.scheduler.handle(CA_JOBS.rights, on(onRights));
      d.scheduler.handle(CA_JOBS.pay, on(onPay));
    },
  };
}

export type CaJobs = ReturnType<typeof caJobs>;
