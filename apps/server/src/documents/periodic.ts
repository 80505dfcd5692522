import Decimal from 'decimal.js';
import { addCalendarDays } from '@kontor/domain/banking-days';
import { EUR_USD_ISIN, eurPerUnit, toEur } from '@kontor/domain/fx';
import type { Instrument } from '@kontor/domain/instrument';
import type { AccountEntry } from '@kontor/domain/money-contracts';
import { midPrice } from '@kontor/domain/quote';
import type { Clock } from '../platform/clock.ts';
import type { Db } from '../platform/db.ts';
import type { QuoteSource } from '../market/feed.ts';
import { priceAt } from '../market/price-at.ts';
import type { Scheduler } from '../scheduler/scheduler.ts';
import type { AccountStatementData } from './account-statement.ts';
import type { CostReportData } from './cost-report.ts';
import type { DepotStatementData } from './depot-statement.ts';
import { endedPeriods, nextPeriod, periodAt, periodLabel, type Period, type PeriodKind } from '../scheduler/periods.ts';
import { statementStore as reads } from './statement-store.ts';
import type { DocumentStore, DocumentToIssue } from './store.ts';
import { toWireAmount, toWireDecimal } from '@kontor/domain/numbers';
import { defineJob } from '../scheduler/job-kind.ts';
import { z } from 'zod';

/** Each periodic document and the period it covers. */
const STATEMENTS = { account_statement: 'month', depot_statement: 'quarter', cost_report: 'year' } as const satisfies Record<string, PeriodKind>;
export type StatementKind = keyof typeof STATEMENTS;
const STATEMENT_KINDS = Object.keys(STATEMENTS) as StatementKind[];

/** A period has ended: fan out one job per customer, and wait for the next period. */
const statementKind = z.enum(['account_statement', 'depot_statement', 'cost_report'] satisfies StatementKind[]);
export const PERIOD_JOB = defineJob({
  kind: 'documents.period_ended',
  payload: z.object({ kind: statementKind }),
  when: 'at the end of each month (Kontoauszug), quarter (Depotauszug) and year (cost report)',
  fanOut: "one documents.statement per customer with bookings before the period's end, and the next period",
});
/** One customer's document of one period. */
export const STATEMENT_JOB = defineJob({ kind: 'documents.statement', payload: z.object({ kind: statementKind, sub: z.string().min(1) }), when: 'with its documents.period_ended' });

export type PeriodicDeps = {
  db: Db;
  clock: Clock;
  documents: DocumentStore;
  scheduler: Scheduler;
  quotes: QuoteSource;
  instrument: (isin: string) => Promise<Instrument | undefined>;
  /** The customer's Kontoumsätze, oldest first, each with the balance after it (read on `db`: inside the job's transaction). */
  accountEntries: (db: Db, sub: string) => Promise<AccountEntry[]>;
};

/** The holder's name is added by the renderer (docs/decisions/016-…). */
type Statement<T> = Omit<T, 'customerName'>;
const percentOf = (part: Decimal, whole: Decimal) => (whole.isZero() ? '0.00' : toWireAmount(part.div(whole).mul(100)));

/**
 * The periodic documents (Kontoauszug monthly, Depotauszug quarterly, ex-post cost report yearly),
 * issued by scheduler jobs when a period ends, dated on that day, once per customer and period
 * (the document's key). `issuePast` gives a customer with history the documents of the periods
 * behind them, as if issued on their dates.
 */
export function periodicDocuments(d: PeriodicDeps) {
  /** The last price of the period's last day (the market's history), else the current price. */
  const priceOfPeriodEnd = (isin: string, end: Date) => priceAt(d.quotes, isin, end, d.clock.now(), 'mid');

  function balanceBefore(entries: readonly AccountEntry[], day: string): string {
    return entries.findLast((e) => e.date < day)?.balance ?? '0.00';
  }

  async function accountStatement(db: Db, sub: string, p: Period): Promise<DocumentToIssue | null> {
    const entries = await d.accountEntries(db, sub);
    const month = entries.filter((e) => e.date >= p.first && e.date <= p.last);
    if (month.length === 0) return null;
    const data: Statement<AccountStatementData> = {
      period: p.key,
      periodLabel: periodLabel(p),
      first: p.first,
      last: p.last,
      opening: balanceBefore(entries, p.first),
      closing: month.at(-1)!.balance,
      entries: month.map((e) => ({ date: e.date, valueDate: e.valueDate, text: e.text, amount: e.amount })),
    };
    return { kind: 'account_statement', dedupeKey: `account_statement:${p.key}`, title: `Kontoauszug ${data.periodLabel}`, pdfTitle: null, pdfIsin: null, data, notify: true };
  }

  async function depotStatement(db: Db, sub: string, p: Period): Promise<DocumentToIssue | null> {
    const held = await reads(db).holdingsAt(sub, p.end);
    const cash = balanceBefore(await d.accountEntries(db, sub), addCalendarDays(p.last, 1));
    if (held.length === 0 && new Decimal(cash).isZero()) return null;
    const usd = d.quotes.current(EUR_USD_ISIN);
    const positions: DepotStatementData['positions'] = [];
    for (const h of held) {
      const instrument = await d.instrument(h.isin);
      const currency = instrument?.quoteCurrencyCode ?? 'EUR';
      const price = priceOfPeriodEnd(h.isin, p.end) ?? '0';
      const fxRate = eurPerUnit(currency, usd && midPrice(usd)) ?? '1';
      const quantity = toWireDecimal(h.quantity);
      positions.push({ isin: h.isin, name: instrument?.name ?? h.isin, quantity, currency, price, fxRate, value: toEur(toWireDecimal(new Decimal(quantity).mul(price)), fxRate) });
    }
    const total = toWireAmount(positions.reduce((s, x) => s.plus(x.value), new Decimal(cash)));
    const data: Statement<DepotStatementData> = { period: p.key, periodLabel: periodLabel(p), asOf: p.last, positions, cash, total };
    const isins = positions.map((x) => x.isin).join(',');
    return { kind: 'depot_statement', dedupeKey: `depot_statement:${p.key}`, title: `Depotauszug ${data.periodLabel}`, pdfTitle: isins ? `Depotauszug ${data.periodLabel}` : null, pdfIsin: isins || null, data, notify: true };
  }

  async function costReport(db: Db, sub: string, p: Period): Promise<DocumentToIssue | null> {
    const traded = await reads(db).tradedIn(sub, p.start, p.end);
    if (traded.length === 0) return null;
    const lines: CostReportData['lines'] = [];
    for (const t of traded) {
      const name = (await d.instrument(t.isin))?.name ?? t.isin;
      lines.push({ isin: t.isin, name, volume: toWireAmount(t.volume), fees: toWireAmount(t.fees), effectPercent: percentOf(new Decimal(t.fees), new Decimal(t.volume)) });
    }
    const volume = lines.reduce((s, l) => s.plus(l.volume), new Decimal(0));
    const fees = lines.reduce((s, l) => s.plus(l.fees), new Decimal(0));
    const data: Statement<CostReportData> = { year: p.key, lines, totalVolume: toWireAmount(volume), totalFees: toWireAmount(fees), totalEffectPercent: percentOf(fees, volume) };
    return { kind: 'cost_report', dedupeKey: `cost_report:${p.key}`, title: `Ex-post-Kosteninformation ${p.key}`, pdfTitle: null, pdfIsin: null, data, notify: true };
  }

  const builders: Record<StatementKind, (db: Db, sub: string, p: Period) => Promise<DocumentToIssue | null>> = {
    account_statement: accountStatement,
    depot_statement: depotStatement,
    cost_report: costReport,
  };

  /** One customer's document of one period, dated at the period's end; nothing when there is nothing to report. */
  async function issue(tx: Db, sub: string, kind: StatementKind, p: Period): Promise<void> {
    const doc = await builders[kind](tx, sub, p);
    if (doc) await d.documents.issue(tx, sub, p.end, doc);
  }

  const periodFromKey = (kind: StatementKind, end: Date) => periodAt(STATEMENTS[kind], new Date(end.getTime() - 1));

  return {
    /** Registers the jobs and schedules the end of each current period (at start; idempotent). */
    async start(): Promise<void> {
      d.scheduler.handle(PERIOD_JOB, async (tx, job) => {
        const { kind } = job.payload;
        const ended = periodFromKey(kind, job.dueAt);
        for (const sub of await reads(tx).customersBookedBefore(ended.end)) {
          await d.scheduler.schedule(tx, STATEMENT_JOB, { key: `${kind}:${ended.key}:${sub}`, dueAt: ended.end, payload: { kind, sub } });
        }
        const next = nextPeriod(ended);
        await d.scheduler.schedule(tx, PERIOD_JOB, { key: `${kind}:${next.key}`, dueAt: next.end, payload: { kind } });
      });
      d.scheduler.handle(STATEMENT_JOB, async (tx, job) => {
        const { kind, sub } = job.payload;
        await issue(tx, sub, kind, periodFromKey(kind, job.dueAt));
      });
      await d.db.transaction(async (tx) => {
        for (const kind of STATEMENT_KINDS) {
          const p = periodAt(STATEMENTS[kind], d.clock.now());
          await d.scheduler.schedule(tx, PERIOD_JOB, { key: `${kind}:${p.key}`, dueAt: p.end, payload: { kind } });
        }
      });
    },

    /** The documents of every period that ended between the customer's first booking and now (the seed's history). */
    async issuePast(sub: string): Promise<void> {
      const since = await reads(d.db).firstBooking(sub);
      if (!since) return;
      for (const kind of STATEMENT_KINDS) {
        for (const p of endedPeriods(STATEMENTS[kind], since, d.clock.now())) await d.db.transaction((tx) => issue(tx, sub, kind, p));
      }
    },
  };
}

export type PeriodicDocuments = ReturnType<typeof periodicDocuments>;
