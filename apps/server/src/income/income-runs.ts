import type { Instrument } from '@kontor/domain/instrument';
import type { BookingWriter } from '../bookings/writer.ts';
import type { DocumentStore } from '../documents/store.ts';
import type { Clock } from '../platform/clock.ts';
import type { Db } from '../platform/db.ts';
import type { Scheduler } from '../scheduler/scheduler.ts';
import { annualCertificateJobs } from '../tax/annual-certificate.ts';
import { dividendJobs } from './dividends.ts';
import { vorabpauschaleJobs } from './vorabpauschale-run.ts';
import { shortfallJobs } from './vorabpauschale-shortfall.ts';

export type TaxRunDeps = {
  db: Db;
  clock: Clock;
  scheduler: Scheduler;
  book: BookingWriter;
  documents: DocumentStore;
  instrument: (isin: string) => Promise<Instrument | undefined>;
  dividendPerShare: (instrument: Instrument, year: number, at: Date) => Promise<string | null>;
  priceAt: (isin: string, at: Date) => string | undefined;
  fxAt: (currency: string, at: Date) => string | null;
  /** False under the taxDisabled flag: dividends are still paid (without tax); no Vorabpauschale, no certificate. */
  taxEnabled: boolean;
};

/**
 * The back office's income runs: dividends on their pay dates, the Vorabpauschale on the first
 * banking day of the year (and the daily check of a tax it left uncovered), the Jahressteuerbescheinigung after it.
 * `start` registers the jobs and schedules the next runs; the rest is for the tests and the seed.
 */
export function taxIncomeRuns(d: TaxRunDeps) {
  const dividends = dividendJobs(d);
  const vorabpauschale = vorabpauschaleJobs(d);
  const certificates = annualCertificateJobs(d);
  const shortfalls = shortfallJobs(d);
  return {
    /** Books one ISIN's dividend of `payDate` to every customer entitled (idempotent); how many were booked. */
    payDividends: (isin: string, payDate: string) => d.db.transaction((tx) => dividends.payOut(tx, isin, payDate)),
    /** Books one customer's Vorabpauschalen of `year` (idempotent). */
    bookVorabpauschale: (sub: string, year: number) => d.db.transaction((tx) => vorabpauschale.bookCustomer(tx, sub, year)),
    async start(): Promise<void> {
      await dividends.start();
      if (!d.taxEnabled) return;
      shortfalls.start();
      await vorabpauschale.start();
      await certificates.start();
    },
  };
}
export type TaxIncomeRuns = ReturnType<typeof taxIncomeRuns>;
