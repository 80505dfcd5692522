import { type TaxCalculation, type TaxableIncome, taxEvent, taxTotal } from '@kontor/domain/tax';
import type { TaxEventToRecord, YearState } from './store.ts';

/** A customer's tax year as a sale, a dividend or a Vorabpauschale meets it (`lockedTaxYear`). */
export type LockedYear = YearState & { taxYear: number };

/**
 * The tax of a sale, a dividend or a Vorabpauschale against the customer's year: the event to
 * record with the booking (its id is the booking's key) and what it withholds in all (negative: a refund).
 */
export function incomeTaxEvent(p: {
  key: string;
  sub: string;
  at: Date;
  isin: string;
  name: string;
  income: TaxableIncome;
  /** A sale's execution. */
  executionId?: string | null;
  state: LockedYear;
}): { event: TaxEventToRecord; calculation: TaxCalculation; total: string } {
  const ev = taxEvent(p.state, p.income, p.state.allowance, p.state.church);
  return {
    event: {
      id: p.key,
      sub: p.sub,
      taxYear: p.state.taxYear,
      kind: p.income.kind,
      at: p.at,
      isin: p.isin,
      name: p.name,
      executionId: p.executionId ?? null,
      foreignTax: p.income.kind === 'dividend' ? p.income.foreignTax : '0.00',
      year: ev.year,
      paid: ev.paid,
      calculation: ev.calculation,
    },
    calculation: ev.calculation,
    total: taxTotal(ev.calculation),
  };
}
