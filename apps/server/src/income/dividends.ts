import Decimal from 'decimal.js';
import { bankingDayOnOrAfter, berlinDate, isBankingDay, nextBankingDay, startOfBerlinDay, type IsoDate } from '@kontor/domain/banking-days';
import { dividendExDate, dividendPayDate, paysDividends } from '@kontor/domain/dividends';
import type { Instrument } from '@kontor/domain/instrument';
import { formatEuro, toWireAmount, toWireDecimal } from '@kontor/domain/numbers';
import { CREDITABLE_WITHHOLDING, taxClassOf } from '@kontor/domain/tax';
import { dividendPayment, issuerCountry } from '@kontor/domain/vorabpauschale';
import type { Booking } from '../bookings/booking.ts';
import { orderTaxOf } from '../bookings/execution-booking.ts';
import { accounts, type Posting } from '../bookings/ledger.ts';
import type { BookingWriter } from '../bookings/writer.ts';
import { taxStatementKey } from '../documents/store.ts';
import type { DividendStatementData } from '../documents/tax-statement.ts';
import { moneyStore } from '../money/store.ts';
import type { Clock } from '../platform/clock.ts';
import type { Db } from '../platform/db.ts';
import type { Scheduler } from '../scheduler/scheduler.ts';
import { incomeStore } from '../tax/income-store.ts';
import { incomeTaxEvent, type LockedYear } from '../tax/income-tax.ts';
import { lockedTaxYear } from '../tax/store.ts';
import { defineJob } from '../scheduler/job-kind.ts';
import { z } from 'zod';

/** A banking day of the dividend season: one job per ISIN that pays that day, then the next such day. */
export const DIVIDEND_DAY_JOB = defineJob({
  kind: 'tax.dividend_day',
  payload: z.object({ date: z.iso.date() }),
  when: 'every banking day of the dividend season',
  fanOut: 'one tax.dividend per held ISIN that pays that day, and the next season day',
});
/** One ISIN's dividend on its pay date, to every customer entitled. */
export const DIVIDEND_JOB = defineJob({ kind: 'tax.dividend', payload: z.object({ isin: z.string().min(1), date: z.iso.date() }), when: 'with its tax.dividend_day' });

/** Dividends are credited at 06:00 Berlin on their pay date. */
const PAY_HOUR_MS = 6 * 3_600_000;
export const payInstant = (date: IsoDate): Date => new Date(startOfBerlinDay(date).getTime() + PAY_HOUR_MS);

export const dividendPayDateOf = (isin: string, year: number) => dividendPayDate(isin, year, isBankingDay);

/**
 * `date` when it is a banking day of the dividend season (pay dates fall from April to June, moved
 * to a banking day at most a few days into July), else the first one after it: the day job sleeps
 * through the rest of the year.
 */
export function dividendSeasonDay(date: IsoDate): IsoDate {
  const year = Number(date.slice(0, 4));
  const monthDay = date.slice(5);
  if (monthDay < '04-01') return bankingDayOnOrAfter(`${year}-04-01`);
  if (monthDay > '07-10') return bankingDayOnOrAfter(`${year + 1}-04-01`);
  return bankingDayOnOrAfter(date);
}

export const dividendExDateOf = (payDate: IsoDate) => dividendExDate(payDate, isBankingDay);

/** One customer's dividend, worked out before anything is written. */
export type DividendToBook = {
  sub: string;
  instrument: Pick<Instrument, 'isin' | 'name' | 'wkn' | 'instrumentType' | 'quoteCurrencyCode' | 'fundType'>;
  payDate: IsoDate;
  exDate: IsoDate;
  quantity: string;
  /** Per share in the quote currency, and euros per unit of it on the pay date. */
  perShare: string;
  fxRate: string;
  /** What the customer owes Kontor (positive): a credit pays it first. */
  arrears: string;
  /** The customer's tax year, locked; null when tax is disabled. */
  state: LockedYear | null;
};

export const dividendKey = (sub: string, isin: string, payDate: IsoDate) => `dividend:${sub}:${isin}:${payDate}`;

/**
 * The booking of a dividend: the paying agent pays the gross, the foreign tax stays abroad (US
 * 15 %, credited against the Kapitalertragsteuer), the tax office gets the tax; the rest is
 * credited to the customer (arrears first). With a Dividendengutschrift to the Posteingang.
 */
export function dividendBooking(p: DividendToBook): Booking {
  const i = p.instrument;
  const at = payInstant(p.payDate);
  const key = dividendKey(p.sub, i.isin, p.payDate);
  const { gross, foreignTax } = dividendPayment({ isin: i.isin, quantity: p.quantity, perShare: p.perShare, fxRate: p.fxRate });
  const taxClass = taxClassOf({ instrumentType: i.instrumentType, name: i.name, isin: i.isin, fundType: i.fundType ?? null });
  const tax = p.state
    ? incomeTaxEvent({ key, sub: p.sub, at, isin: i.isin, name: i.name, income: { kind: 'dividend', gross, foreignTax, taxClass }, state: p.state })
    : null;
  const taxTotal = new Decimal(tax?.total ?? 0);
  const net = new Decimal(gross).minus(foreignTax).minus(taxTotal);
  const toArrears = Decimal.min(Decimal.max(net, 0), Decimal.max(new Decimal(p.arrears), 0));
  const postings: Posting[] = [
    { account: accounts.dividends, amount: toWireAmount(new Decimal(gross).neg()), kind: 'dividend' },
    { account: accounts.foreignTax, amount: foreignTax, kind: 'dividend' },
    { account: accounts.taxOffice, amount: toWireAmount(taxTotal), kind: 'tax' },
    { account: accounts.arrears(p.sub), amount: toWireAmount(toArrears), kind: 'dividend' },
    { account: accounts.cash(p.sub), amount: toWireAmount(net.minus(toArrears)), kind: 'dividend' },
  ];
  const data: Omit<DividendStatementData, 'customerName'> = {
    statement: 'dividend',
    isin: i.isin,
    wkn: i.wkn ?? null,
    name: i.name,
    exDate: p.exDate,
    payDate: p.payDate,
    quantity: toWireDecimal(p.quantity),
    perShare: p.perShare,
    currency: i.quoteCurrencyCode,
    fxRate: p.fxRate,
    gross,
    foreignTax,
    foreignTaxRate: CREDITABLE_WITHHOLDING[issuerCountry(i.isin)] ?? '0',
    tax: tax ? { ...orderTaxOf(tax.calculation), withholdingTaxCredited: tax.calculation.withholdingTaxCredited } : null,
    net: toWireAmount(net),
  };
  return {
    key,
    kind: 'dividend',
    sub: p.sub,
    at,
    postings,
    ref: key,
    lots: [],
    ...(tax ? { tax: tax.event } : {}),
    documents: [
      { kind: 'tax_statement', dedupeKey: taxStatementKey(key), title: 'Dividendengutschrift', pdfTitle: `Dividendengutschrift ${i.name}`, pdfIsin: i.isin, data, notify: true },
    ],
    notifications: [
      { kind: 'MONEY', title: `Dividende gutgeschrieben: ${i.name}`, body: `${formatEuro(toWireAmount(net))} für ${toWireDecimal(p.quantity)} Stück wurden Ihrem Verrechnungskonto gutgeschrieben.`, isin: i.isin },
    ],
  };
}

export type DividendJobDeps = {
  db: Db;
  clock: Clock;
  scheduler: Scheduler;
  book: BookingWriter;
  instrument: (isin: string) => Promise<Instrument | undefined>;
  /** The instrument's dividend per share in `year` (its dividend data), in its quote currency; null when none. */
  dividendPerShare: (instrument: Instrument, year: number, at: Date) => Promise<string | null>;
  /** Euros per unit of `currency` at an instant. */
  fxAt: (currency: string, at: Date) => string | null;
  taxEnabled: boolean;
};

/**
 * Dividends on the scheduler (issue 19, rule 5): each banking day's job looks for the ISINs held
 * that pay that day and schedules one job per ISIN; that job books the dividend of every customer
 * who held pieces at the close before the ex-date, once (the job's key and each booking's key).
 */
export function dividendJobs(d: DividendJobDeps) {
  /** Books one ISIN's dividend of `payDate` to everyone entitled; returns how many were booked. */
  async function payOut(tx: Db, isin: string, payDate: IsoDate): Promise<number> {
    // Asked in the job's transaction first: an ISIN the instrument store does not know (a right) is
    // read outside it, which on PGlite waits for this transaction forever.
    if (!(await incomeStore(tx).isInstrument(isin))) return 0;
    const instrument = await d.instrument(isin);
    if (!instrument || !paysDividends(instrument)) return 0;
    const at = payInstant(payDate);
    const perShare = await d.dividendPerShare(instrument, Number(payDate.slice(0, 4)), at);
    if (!perShare || !new Decimal(perShare).gt(0)) return 0;
    const fxRate = d.fxAt(instrument.quoteCurrencyCode, at);
    if (!fxRate) throw new Error(`dividend: no exchange rate for ${instrument.quoteCurrencyCode}`);
    const exDate = dividendExDateOf(payDate);
    let booked = 0;
    for (const h of await incomeStore(tx).holdersAt(isin, startOfBerlinDay(exDate))) {
      const state = d.taxEnabled ? await lockedTaxYear(tx, h.sub, at) : null;
      const arrears = toWireAmount(Decimal.max(0, new Decimal((await moneyStore(tx).balances(h.sub)).arrears).neg()));
      const b = dividendBooking({ sub: h.sub, instrument, payDate, exDate, quantity: h.quantity, perShare, fxRate, arrears, state });
      if (await d.book(tx, b)) booked++;
    }
    return booked;
  }

  const scheduleDay = (tx: Db, date: IsoDate) => d.scheduler.schedule(tx, DIVIDEND_DAY_JOB, { key: date, dueAt: payInstant(date), payload: { date } });

  return {
    payOut,
    /** Registers the jobs and schedules today's (or the next banking day's) run (at start; idempotent). */
    async start(): Promise<void> {
      d.scheduler.handle(DIVIDEND_DAY_JOB, async (tx, job) => {
        const { date } = job.payload;
        const year = Number(date.slice(0, 4));
        for (const isin of await incomeStore(tx).heldIsins()) {
          if (dividendPayDateOf(isin, year) === date) await d.scheduler.schedule(tx, DIVIDEND_JOB, { key: `${isin}:${date}`, dueAt: job.dueAt, payload: { isin, date } });
        }
        await scheduleDay(tx, dividendSeasonDay(nextBankingDay(date)));
      });
      d.scheduler.handle(DIVIDEND_JOB, async (tx, job) => {
        await payOut(tx, job.payload.isin, job.payload.date);
      });
      // The first day still ahead (a fresh start runs nothing at once; a restart finds its chain scheduled already).
      let day = dividendSeasonDay(berlinDate(d.clock.now()));
      if (payInstant(day) < d.clock.now()) day = dividendSeasonDay(nextBankingDay(day));
      await d.db.transaction((tx) => scheduleDay(tx, day));
    },
  };
}

export type DividendJobs = ReturnType<typeof dividendJobs>;
