import Decimal from 'decimal.js';
import { addBankingDays, bankingDayOnOrAfter, berlinDate, startOfBerlinDay } from '@kontor/domain/banking-days';
import { settleYear } from '@kontor/domain/tax';
import type { AnnualTaxCertificateData } from '../documents/annual-tax-certificate.ts';
import type { DocumentStore, DocumentToIssue } from '../documents/store.ts';
import type { Clock } from '../platform/clock.ts';
import type { Db } from '../platform/db.ts';
import type { Scheduler } from '../scheduler/scheduler.ts';
import { incomeStore } from './income-store.ts';
import { type TaxEventRow, taxStore } from './store.ts';
import { toWireAmount } from '@kontor/domain/numbers';
import { defineJob } from '../scheduler/job-kind.ts';
import { z } from 'zod';

/** A year's certificates: one job per customer with taxed events that year, then next year's. */
export const CERTIFICATES_JOB = defineJob({
  kind: 'tax.annual_certificates',
  payload: z.object({ year: z.number().int() }),
  when: 'once a year, in January, for the year before',
  fanOut: "one tax.annual_certificate per customer with taxed events that year, and next year's run",
});
/** One customer's Jahressteuerbescheinigung of one year. */
export const CERTIFICATE_JOB = defineJob({ kind: 'tax.annual_certificate', payload: z.object({ year: z.number().int(), sub: z.string().min(1) }), when: 'with its tax.annual_certificates' });

/** Issued at 06:00 Berlin on the banking day after the Vorabpauschale run (the second banking day of the next year). */
export const certificateInstant = (year: number): Date => new Date(startOfBerlinDay(addBankingDays(bankingDayOnOrAfter(`${year + 1}-01-01`), 1)).getTime() + 6 * 3_600_000);

export const annualCertificateKey = (year: number) => `annual_tax_certificate:${year}`;

const sumOf = (rows: readonly TaxEventRow[], kind: string) => rows.filter((r) => r.kind === kind).reduce((s, r) => s.plus(r.calculation.taxablePart), new Decimal(0));

/** The certificate's figures from the customer's tax year as its last event (or a Verlustbescheinigung) left it. */
export async function annualCertificateData(db: Db, sub: string, year: number, issuedAt: Date): Promise<Omit<AnnualTaxCertificateData, 'customerName'>> {
  const state = await taxStore(db).yearState(sub, year, false);
  const events = await taxStore(db).eventsOf(sub, year);
  const certificate = await taxStore(db).lossCertificate(sub, year);
  const y = state.year;
  const p = state.paid;
  const s = settleYear(y, state.allowance, state.church);
  const dividends = sumOf(events, 'dividend');
  const vorabpauschalen = sumOf(events, 'vorabpauschale');
  return {
    certificate: 'annual',
    year,
    issuedAt: issuedAt.toISOString(),
    dividends: toWireAmount(dividends),
    vorabpauschalen: toWireAmount(vorabpauschalen),
    shareGains: toWireAmount(y.shareGains),
    shareLosses: toWireAmount(y.shareLosses),
    otherGains: toWireAmount(Decimal.max(0, new Decimal(y.otherIncome).minus(dividends).minus(vorabpauschalen))),
    otherLosses: toWireAmount(y.otherLosses),
    carriedShares: toWireAmount(y.carriedShares),
    carriedOther: toWireAmount(y.carriedOther),
    income: s.income,
    allowanceUsed: p.allowanceUsed,
    taxable: toWireAmount(Decimal.max(0, new Decimal(s.income).minus(p.allowanceUsed))),
    capitalGainsTax: p.capitalGainsTax,
    solidaritySurcharge: p.solidaritySurcharge,
    churchTax: p.churchTax,
    foreignTax: toWireAmount(y.foreignTax),
    withholdingTaxCredited: p.withholdingTaxCredited,
    lossPotShares: s.lossPotShares,
    lossPotOther: s.lossPotOther,
    certifiedShares: certificate?.stocks != null ? toWireAmount(certificate.stocks) : null,
    certifiedOther: certificate?.other != null ? toWireAmount(certificate.other) : null,
  };
}

export type CertificateJobDeps = { db: Db; clock: Clock; scheduler: Scheduler; documents: DocumentStore };

/**
 * The Jahressteuerbescheinigung on the scheduler (issue 19, rule 7): in January, to every
 * customer who had taxed events in the year before, once (the document's key). The loss pots
 * carry into the new year by themselves (its tax year starts with them).
 */
export function annualCertificateJobs(d: CertificateJobDeps) {
  async function issue(tx: Db, sub: string, year: number, at: Date): Promise<string | null> {
    const data = await annualCertificateData(tx, sub, year, at);
    const doc: DocumentToIssue = { kind: 'tax_certificate', dedupeKey: annualCertificateKey(year), title: `Jahressteuerbescheinigung ${year}`, pdfTitle: null, pdfIsin: null, data, notify: true };
    return d.documents.issue(tx, sub, at, doc);
  }

  const scheduleYear = (tx: Db, year: number) => d.scheduler.schedule(tx, CERTIFICATES_JOB, { key: String(year), dueAt: certificateInstant(year), payload: { year } });

  return {
    issue,
    /** Registers the jobs and schedules the next run (at start; idempotent). */
    async start(): Promise<void> {
      d.scheduler.handle(CERTIFICATES_JOB, async (tx, job) => {
        const { year } = job.payload;
        for (const sub of await incomeStore(tx).taxedCustomers(year)) {
          await d.scheduler.schedule(tx, CERTIFICATE_JOB, { key: `${year}:${sub}`, dueAt: job.dueAt, payload: { year, sub } });
        }
        await scheduleYear(tx, year + 1);
      });
      d.scheduler.handle(CERTIFICATE_JOB, async (tx, job) => {
        await issue(tx, job.payload.sub, job.payload.year, job.dueAt);
      });
      const current = Number(berlinDate(d.clock.now()).slice(0, 4));
      const year = d.clock.now() < certificateInstant(current - 1) ? current - 1 : current;
      await d.db.transaction((tx) => scheduleYear(tx, year));
    },
  };
}

export type AnnualCertificateJobs = ReturnType<typeof annualCertificateJobs>;
