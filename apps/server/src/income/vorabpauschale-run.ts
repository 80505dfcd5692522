import Decimal from 'decimal.js';
import { addCalendarDays, bankingDayOnOrAfter, berlinDate, exchangeDayOnOrAfter, startOfBerlinDay } from '@kontor/domain/banking-days';
import { accumulates } from '@kontor/domain/dividends';
import type { Instrument } from '@kontor/domain/instrument';
import { formatEuro, toWireAmount, toWireDecimal } from '@kontor/domain/numbers';
import { germanDate } from '@kontor/domain/service-request-summary';
import { taxClassOf } from '@kontor/domain/tax';
import { basiszinsOf, fullMonthsBefore, shortfallDeadline, vorabpauschale } from '@kontor/domain/vorabpauschale';
import type { Booking } from '../bookings/booking.ts';
import { orderTaxOf } from '../bookings/execution-booking.ts';
import { accounts, type Posting } from '../bookings/ledger.ts';
import type { BookingWriter } from '../bookings/writer.ts';
import { taxStatementKey } from '../documents/store.ts';
import type { VorabpauschaleNoticeData } from '../documents/tax-statement.ts';
import { moneyStore } from '../money/store.ts';
import type { Clock } from '../platform/clock.ts';
import type { Db } from '../platform/db.ts';
import type { Scheduler } from '../scheduler/scheduler.ts';
import { incomeStore } from '../tax/income-store.ts';
import { incomeTaxEvent, type LockedYear } from '../tax/income-tax.ts';
import { lockedTaxYear } from '../tax/store.ts';
import { openShortfall, type ShortfallToOpen } from './vorabpauschale-shortfall.ts';
import { defineJob } from '../scheduler/job-kind.ts';
import { z } from 'zod';

/** The Vorabpauschale of a year: one job per customer holding accumulating funds, then next year's run. */
export const VORABPAUSCHALE_YEAR_JOB = defineJob({
  kind: 'tax.vorabpauschale_year',
  payload: z.object({ year: z.number().int() }),
  when: 'once a year, on the first banking day of January, for the year before',
  fanOut: "one tax.vorabpauschale per customer holding accumulating funds, and next year's run",
});
/** One customer's Vorabpauschalen of one year. */
export const VORABPAUSCHALE_JOB = defineJob({ kind: 'tax.vorabpauschale', payload: z.object({ year: z.number().int(), sub: z.string().min(1) }), when: 'with its tax.vorabpauschale_year' });

const RUN_HOUR_MS = 6 * 3_600_000;
/** The Vorabpauschale of `year` is deemed received on the first banking day of the next year (§ 18 Abs. 3 InvStG): booked there at 06:00 Berlin. */
export const vorabpauschaleInstant = (year: number): Date => new Date(startOfBerlinDay(bankingDayOnOrAfter(`${year + 1}-01-01`)).getTime() + RUN_HOUR_MS);

export const vorabpauschaleKey = (sub: string, isin: string, year: number) => `vorabpauschale:${sub}:${isin}:${year}`;

/** A lot with pieces at the year's end. */
export type LotAtYearEnd = { id: string; remaining: string; openedAt: Date };

/** One customer's Vorabpauschale of one fund, worked out before anything is written. */
export type VorabpauschaleToBook = {
  sub: string;
  year: number;
  instrument: Pick<Instrument, 'isin' | 'name' | 'wkn' | 'instrumentType' | 'fundType'>;
  lots: readonly LotAtYearEnd[];
  /** Euros per piece on the first and last trading day of the year. */
  startPrice: string;
  endPrice: string;
  /** Free cash of the customer: what it does not cover the customer is asked to provide. */
  freeCash: string;
  state: LockedYear;
};

/**
 * The booking of a Vorabpauschale: the tax on it is taken from the free cash as far as it goes
 * (§ 44 Abs. 1 Satz 8 EStG); the rest is never an overdraft but a shortfall the customer is asked
 * to provide by a deadline (Satz 7, `vorabpauschale-shortfall.ts`). Each lot keeps its share, which
 * a later sale of its pieces deducts from the gain. Null when the year had none.
 */
export function vorabpauschaleBooking(p: VorabpauschaleToBook): (Booking & { shortfall: ShortfallToOpen | null }) | null {
  const i = p.instrument;
  const perLot = p.lots.map((l) => {
    const openedOn = berlinDate(l.openedAt);
    const amount = vorabpauschale({ year: p.year, quantity: l.remaining, startPrice: p.startPrice, endPrice: p.endPrice, purchasedOn: openedOn });
    return { lot: l, openedOn, amount };
  });
  const amount = perLot.reduce((s, l) => s.plus(l.amount), new Decimal(0));
  if (!amount.gt(0)) return null;
  const at = vorabpauschaleInstant(p.year);
  const key = vorabpauschaleKey(p.sub, i.isin, p.year);
  const taxClass = taxClassOf({ instrumentType: i.instrumentType, name: i.name, isin: i.isin, fundType: i.fundType ?? null });
  const tax = incomeTaxEvent({ key, sub: p.sub, at, isin: i.isin, name: i.name, income: { kind: 'vorabpauschale', amount: toWireAmount(amount), taxClass }, state: p.state });
  const total = new Decimal(tax.total);
  const fromCash = total.lte(0) ? total : Decimal.min(total, Decimal.max(new Decimal(p.freeCash), 0));
  const shortfall = total.minus(fromCash);
  const bookedOn = berlinDate(at);
  const deadline = shortfall.gt(0) ? shortfallDeadline(bookedOn) : null;
  const postings: Posting[] = [
    { account: accounts.cash(p.sub), amount: toWireAmount(fromCash.neg()), kind: 'vorabpauschale' },
    { account: accounts.taxOffice, amount: toWireAmount(fromCash), kind: 'tax' },
  ];
  const data: Omit<VorabpauschaleNoticeData, 'customerName'> = {
    statement: 'vorabpauschale',
    year: p.year,
    isin: i.isin,
    wkn: i.wkn ?? null,
    name: i.name,
    bookedOn,
    basiszins: basiszinsOf(p.year) ?? '0',
    startPrice: p.startPrice,
    endPrice: p.endPrice,
    lots: perLot.map((l) => ({ openedOn: l.openedOn, quantity: toWireDecimal(l.lot.remaining), monthsBefore: fullMonthsBefore(l.openedOn, p.year), amount: l.amount })),
    amount: toWireAmount(amount),
    tax: { ...orderTaxOf(tax.calculation), withholdingTaxCredited: tax.calculation.withholdingTaxCredited },
    fromCash: toWireAmount(fromCash),
    shortfall: toWireAmount(shortfall),
    deadline,
  };
  return {
    key,
    kind: 'vorabpauschale',
    sub: p.sub,
    at,
    postings,
    ref: key,
    lots: perLot.filter((l) => new Decimal(l.amount).gt(0)).map((l) => ({ type: 'vorabpauschale', lotId: l.lot.id, amount: l.amount })),
    tax: tax.event,
    documents: [
      {
        kind: 'tax_statement',
        dedupeKey: taxStatementKey(key),
        title: `Vorabpauschale ${p.year}`,
        pdfTitle: `Vorabpauschale ${p.year} ${i.name}`,
        pdfIsin: i.isin,
        data,
        notify: true,
      },
    ],
    notifications: deadline
      ? [
          {
            kind: 'MONEY',
            title: 'Steuer auf Vorabpauschale nicht gedeckt',
            body: `Ihr Guthaben deckte die Steuer auf die Vorabpauschale ${p.year} von ${i.name} nicht. Bitte stellen Sie ${formatEuro(toWireAmount(shortfall))} bis zum ${germanDate(deadline)} auf Ihrem Verrechnungskonto bereit; sonst müssen wir den Betrag Ihrem Finanzamt melden.`,
            isin: i.isin,
          },
        ]
      : [],
    shortfall: deadline
      ? { key, sub: p.sub, isin: i.isin, name: i.name, year: p.year, tax: toWireAmount(total), withheld: toWireAmount(fromCash), shortfall: toWireAmount(shortfall), deadline, at }
      : null,
  };
}

export type VorabpauschaleJobDeps = {
  db: Db;
  clock: Clock;
  scheduler: Scheduler;
  book: BookingWriter;
  instrument: (isin: string) => Promise<Instrument | undefined>;
  /** The price (quote currency) at an instant: the close of the market history's last day before it. */
  priceAt: (isin: string, at: Date) => string | undefined;
  /** Euros per unit of `currency` at an instant. */
  fxAt: (currency: string, at: Date) => string | null;
};

/** The first and last trading day's closing prices of `year`, in euros. */
function yearPrices(d: VorabpauschaleJobDeps, i: Instrument, year: number): { startPrice: string; endPrice: string } | null {
  const firstClose = startOfBerlinDay(addCalendarDays(exchangeDayOnOrAfter(`${year}-01-01`), 1));
  const lastClose = startOfBerlinDay(`${year + 1}-01-01`);
  const start = d.priceAt(i.isin, firstClose);
  const end = d.priceAt(i.isin, lastClose);
  const fx = d.fxAt(i.quoteCurrencyCode, lastClose);
  if (!start || !end || !fx) return null;
  const eur = (v: string) => toWireDecimal(new Decimal(v).mul(fx).toDecimalPlaces(4, Decimal.ROUND_HALF_UP));
  return { startPrice: eur(start), endPrice: eur(end) };
}

/**
 * The Vorabpauschale on the scheduler (issue 19, rule 6): on the first banking day of each year,
 * for every customer holding accumulating funds at the end of the year before, one booking per
 * fund, once (the job's key and the booking's key).
 */
export function vorabpauschaleJobs(d: VorabpauschaleJobDeps) {
  const yearEnd = (year: number) => startOfBerlinDay(`${year + 1}-01-01`);

  /** Books one customer's Vorabpauschalen of `year`; returns how many were booked. */
  async function bookCustomer(tx: Db, sub: string, year: number): Promise<number> {
    const at = vorabpauschaleInstant(year);
    let booked = 0;
    const isins = (await incomeStore(tx).openPositionsBefore(yearEnd(year))).filter((p) => p.sub === sub).map((p) => p.isin);
    for (const isin of isins) {
      const instrument = await d.instrument(isin);
      if (!instrument || !accumulates(instrument)) continue;
      const prices = yearPrices(d, instrument, year);
      if (!prices) throw new Error(`vorabpauschale: no prices of ${isin} for ${year}`);
      const lots = await incomeStore(tx).openLotsBefore(sub, isin, yearEnd(year));
      const state = await lockedTaxYear(tx, sub, at);
      const freeCash = (await moneyStore(tx).balances(sub, true)).free;
      const b = vorabpauschaleBooking({ sub, year, instrument, lots, ...prices, freeCash, state });
      if (b && (await d.book(tx, b))) {
        booked++;
        if (b.shortfall) await openShortfall(tx, d.scheduler, b.shortfall);
      }
    }
    return booked;
  }

  const scheduleYear = (tx: Db, year: number) => d.scheduler.schedule(tx, VORABPAUSCHALE_YEAR_JOB, { key: String(year), dueAt: vorabpauschaleInstant(year), payload: { year } });

  return {
    bookCustomer,
    /** Registers the jobs and schedules the next run (at start; idempotent). */
    async start(): Promise<void> {
      d.scheduler.handle(VORABPAUSCHALE_YEAR_JOB, async (tx, job) => {
        const { year } = job.payload;
        const subs = new Set<string>();
        for (const p of await incomeStore(tx).openPositionsBefore(yearEnd(year))) {
          const instrument = await d.instrument(p.isin);
          if (instrument && accumulates(instrument)) subs.add(p.sub);
        }
        for (const sub of subs) await d.scheduler.schedule(tx, VORABPAUSCHALE_JOB, { key: `${year}:${sub}`, dueAt: job.dueAt, payload: { year, sub } });
        await scheduleYear(tx, year + 1);
      });
      d.scheduler.handle(VORABPAUSCHALE_JOB, async (tx, job) => {
        await bookCustomer(tx, job.payload.sub, job.payload.year);
      });
      // The run still ahead: last year's when the clock stands before this January's run.
      const current = Number(berlinDate(d.clock.now()).slice(0, 4));
      const year = d.clock.now() < vorabpauschaleInstant(current - 1) ? current - 1 : current;
      await d.db.transaction((tx) => scheduleYear(tx, year));
    },
  };
}

export type VorabpauschaleJobs = ReturnType<typeof vorabpauschaleJobs>;
