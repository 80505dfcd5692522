import Decimal from 'decimal.js';
import { and, desc, eq } from 'drizzle-orm';
import { addCalendarDays, berlinDate, startOfBerlinDay } from '@kontor/domain/banking-days';
import { formatEuro, toWireAmount } from '@kontor/domain/numbers';
import { germanDate } from '@kontor/domain/service-request-summary';
import type { Booking } from '../bookings/booking.ts';
import { accounts } from '../bookings/ledger.ts';
import type { BookingWriter } from '../bookings/writer.ts';
import type { DocumentStore } from '../documents/store.ts';
import type { VorabpauschaleReportData } from '../documents/vorabpauschale-report.ts';
import { moneyStore } from '../money/store.ts';
import { addNotification } from '../notifications/store.ts';
import type { Db } from '../platform/db.ts';
import type { Scheduler } from '../scheduler/scheduler.ts';
import { vorabpauschaleShortfalls } from '../tax/tables.ts';
import { defineJob } from '../scheduler/job-kind.ts';
import { z } from 'zod';

/**
 * The shortfall procedure of § 44 Abs. 1b with Abs. 1 Sätze 7–11 EStG for the tax on a Vorabpauschale the cash
 * did not cover: the customer is asked to provide the rest by a deadline (Satz 7); every morning
 * until the day after it, cash that has arrived is withheld (Satz 8: from the customer's account,
 * without their consent; Kontor grants no overdraft, so Satz 9 never applies); what is still missing
 * then is reported to the tax office (Satz 10), which claims it from the customer (Satz 11). Kontor
 * keeps no debt: the account is never overdrawn for it.
 */
export const SHORTFALL_JOB = defineJob({
  kind: 'tax.vorabpauschale_shortfall',
  payload: z.object({ key: z.string().min(1), day: z.iso.date() }),
  when: 'daily while a Vorabpauschale waits for its cash, until its deadline',
  fanOut: "the next day's check, until paid or reported",
});

const CHECK_HOUR_MS = 6 * 3_600_000;
/** The check of a case on a day: 06:00 Berlin. */
const checkInstant = (day: string) => new Date(startOfBerlinDay(day).getTime() + CHECK_HOUR_MS);

export type ShortfallRow = typeof vorabpauschaleShortfalls.$inferSelect;
export type ShortfallToOpen = { key: string; sub: string; isin: string; name: string; year: number; tax: string; withheld: string; shortfall: string; deadline: string; at: Date };

const money = (v: Decimal.Value) => toWireAmount(v);

/** The report document's key: one per case. */
export const shortfallReportKey = (key: string) => `vorabpauschale_report:${key}`;

/** Opens a case with its first check on the next day (inside the Vorabpauschale's transaction; once per key). */
export async function openShortfall(tx: Db, scheduler: Scheduler, c: ShortfallToOpen): Promise<void> {
  const added = await tx
    .insert(vorabpauschaleShortfalls)
    .values({ key: c.key, sub: c.sub, isin: c.isin, name: c.name, year: c.year, tax: c.tax, withheld: c.withheld, shortfall: c.shortfall, deadline: c.deadline, status: 'open', bookedAt: c.at })
    .onConflictDoNothing()
    .returning({ key: vorabpauschaleShortfalls.key });
  if (added.length === 0) return;
  const day = addCalendarDays(berlinDate(c.at), 1);
  await scheduler.schedule(tx, SHORTFALL_JOB, { key: `${c.key}:${day}`, dueAt: checkInstant(day), payload: { key: c.key, day } });
}

/** The booking that withholds cash that arrived for an open case. */
function collectionBooking(c: ShortfallRow, amount: Decimal, day: string, at: Date): Booking {
  const rest = new Decimal(c.shortfall).minus(amount);
  const paid = rest.lte(0);
  return {
    key: `vorabpauschale_collected:${c.key}:${day}`,
    kind: 'vorabpauschale',
    sub: c.sub,
    at,
    postings: [
      { account: accounts.cash(c.sub), amount: money(amount.neg()), kind: 'vorabpauschale' },
      { account: accounts.taxOffice, amount: money(amount), kind: 'tax' },
    ],
    ref: c.key,
    lots: [],
    documents: [],
    notifications: [
      {
        kind: 'MONEY',
        title: paid ? 'Steuer auf Vorabpauschale beglichen' : 'Steuer auf Vorabpauschale teilweise beglichen',
        body: paid
          ? `Wir haben die noch offenen ${formatEuro(money(amount))} Steuer auf die Vorabpauschale ${c.year} von ${c.name} von Ihrem Verrechnungskonto einbehalten.`
          : `Wir haben ${formatEuro(money(amount))} Steuer auf die Vorabpauschale ${c.year} von ${c.name} einbehalten; bitte stellen Sie die übrigen ${formatEuro(money(rest))} bis zum ${germanDate(c.deadline)} bereit.`,
        isin: c.isin,
      },
    ],
  };
}

export type ShortfallDeps = { scheduler: Scheduler; book: BookingWriter; documents: Pick<DocumentStore, 'issue'> };

/** Registers the daily check of open cases. */
export function shortfallJobs(d: ShortfallDeps) {
  /** One case on `day`: withhold what the cash now covers; after the deadline report the rest; else check again tomorrow. */
  async function check(tx: Db, key: string, day: string, at: Date): Promise<void> {
    const [c] = await tx.select().from(vorabpauschaleShortfalls).where(eq(vorabpauschaleShortfalls.key, key)).for('update');
    if (!c || c.status !== 'open') return;
    const free = Decimal.max(0, (await moneyStore(tx).balances(c.sub, true)).free);
    const take = Decimal.min(free, c.shortfall);
    let rest = new Decimal(c.shortfall);
    if (take.gt(0) && (await d.book(tx, collectionBooking(c, take, day, at)))) rest = rest.minus(take);
    const withheld = new Decimal(c.tax).minus(rest);
    if (rest.lte(0)) {
      await close(tx, key, { status: 'paid', withheld: money(withheld), shortfall: '0.00', closedAt: at });
      return;
    }
    if (day > c.deadline) {
      await close(tx, key, { status: 'reported', withheld: money(withheld), shortfall: money(rest), closedAt: at });
      await report(tx, { ...c, withheld: money(withheld), shortfall: money(rest) }, day, at);
      return;
    }
    await tx.update(vorabpauschaleShortfalls).set({ withheld: money(withheld), shortfall: money(rest) }).where(eq(vorabpauschaleShortfalls.key, key));
    const next = addCalendarDays(day, 1);
    await d.scheduler.schedule(tx, SHORTFALL_JOB, { key: `${key}:${next}`, dueAt: checkInstant(next), payload: { key, day: next } });
  }

  const close = (tx: Db, key: string, set: { status: 'paid' | 'reported'; withheld: string; shortfall: string; closedAt: Date }) =>
    tx.update(vorabpauschaleShortfalls).set(set).where(and(eq(vorabpauschaleShortfalls.key, key), eq(vorabpauschaleShortfalls.status, 'open')));

  /** The "Meldung an das Finanzamt" in the Posteingang, with a notification; nothing is booked. */
  async function report(tx: Db, c: ShortfallRow, day: string, at: Date): Promise<void> {
    const data: Omit<VorabpauschaleReportData, 'customerName'> = {
      statement: 'vorabpauschale_report',
      year: c.year,
      isin: c.isin,
      name: c.name,
      bookedOn: berlinDate(c.bookedAt),
      deadline: c.deadline,
      reportedOn: day,
      tax: money(c.tax),
      withheld: c.withheld,
      reported: c.shortfall,
    };
    const title = `Meldung an das Finanzamt: Vorabpauschale ${c.year}`;
    const documentId = await d.documents.issue(tx, c.sub, at, { kind: 'tax_statement', dedupeKey: shortfallReportKey(c.key), title, pdfTitle: `${title} ${c.name}`, pdfIsin: c.isin, data, notify: false });
    await addNotification(
      tx,
      {
        sub: c.sub,
        kind: 'MONEY',
        title: 'Fehlbetrag dem Finanzamt gemeldet',
        body: `Die ${formatEuro(c.shortfall)} Steuer auf die Vorabpauschale ${c.year} von ${c.name} wurden bis zum ${germanDate(c.deadline)} nicht bereitgestellt. Wir haben sie Ihrem Finanzamt gemeldet, das sie bei Ihnen nachfordert; Ihr Konto wird dafür nicht belastet.`,
        isin: c.isin,
        documentId,
      },
      at,
    );
  }

  return {
    check,
    start(): void {
      d.scheduler.handle(SHORTFALL_JOB, async (tx, job) => check(tx, job.payload.key, job.payload.day, job.dueAt));
    },
  };
}

/** A customer's cases, newest first (tests and the back office). */
export async function shortfallsOf(db: Db, sub: string): Promise<ShortfallRow[]> {
  return db.select().from(vorabpauschaleShortfalls).where(eq(vorabpauschaleShortfalls.sub, sub)).orderBy(desc(vorabpauschaleShortfalls.bookedAt));
}
