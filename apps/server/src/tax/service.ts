import Decimal from 'decimal.js';
import { berlinDate } from '@kontor/domain/banking-days';
import type { ChurchTaxRate } from '@kontor/domain/tax';
import { settleYear } from '@kontor/domain/tax';
import type { TaxEvent, TaxEventKind, TaxSettings, TaxYearView } from '@kontor/domain/tax-contracts';
import type { Clock } from '../platform/clock.ts';
import type { Db } from '../platform/db.ts';
import { AppError } from '../platform/errors.ts';
import { orderIdOfExecution } from '../platform/ids.ts';
import { contractNoteKey, type DocumentStore, taxStatementKey } from '../documents/store.ts';
import { type TaxEventRow, taxStore } from './store.ts';
import { toWireAmount } from '@kontor/domain/numbers';

export type TaxServiceDeps = { db: Db; clock: Clock; documents: Pick<DocumentStore, 'byKeys'>; enabled: boolean };

const disabled = () => new AppError(404, 'Kontor berechnet derzeit keine Steuern.');

/** The Steuern screen and the church-tax setting. */
export function taxService(d: TaxServiceDeps) {
  function eventView(r: TaxEventRow, documentId: string | null): TaxEvent {
    const c = r.calculation;
    return {
      id: r.id,
      kind: r.kind as TaxEventKind,
      at: r.at.toISOString(),
      isin: r.isin,
      name: r.name,
      orderId: r.executionId ? orderIdOfExecution(r.executionId) : null,
      documentId,
      amount: c.amount,
      teilfreistellung: c.teilfreistellung,
      taxablePart: c.taxablePart,
      allowanceUsed: c.allowanceUsed,
      capitalGainsTax: c.capitalGainsTax,
      solidaritySurcharge: c.solidaritySurcharge,
      churchTax: c.churchTax,
      withholdingTaxCredited: c.withholdingTaxCredited,
      foreignTax: toWireAmount(r.foreignTax),
      lossPotSharesBefore: c.lossPotSharesBefore,
      lossPotOtherBefore: c.lossPotOtherBefore,
      lossPotSharesAfter: c.lossPotSharesAfter,
      lossPotOtherAfter: c.lossPotOtherAfter,
    };
  }

  async function settings(sub: string): Promise<TaxSettings> {
    if (!d.enabled) throw disabled();
    const year = Number(berlinDate(d.clock.now()).slice(0, 4));
    const [churchTax, next] = await Promise.all([taxStore(d.db).churchTax(sub, year), taxStore(d.db).churchTax(sub, year + 1)]);
    return { year, churchTax, next: { year: year + 1, churchTax: next } };
  }

  return {
    async view(sub: string, year?: number): Promise<TaxYearView> {
      if (!d.enabled) throw disabled();
      const today = berlinDate(d.clock.now());
      const current = Number(today.slice(0, 4));
      const y = year ?? current;
      // The allowance of the year in effect today (this year) or at its end (a past year).
      const day = y === current ? today : `${y}-12-31`;
      const [state, rows, years, next] = await Promise.all([
        taxStore(d.db).yearState(sub, y, false, day),
        taxStore(d.db).eventsOf(sub, y),
        taxStore(d.db).years(sub),
        taxStore(d.db).churchTax(sub, current + 1),
      ]);
      const keyOf = (r: TaxEventRow) => (r.executionId ? contractNoteKey(r.executionId) : taxStatementKey(r.id));
      const docs = await d.documents.byKeys(sub, rows.map(keyOf));
      const s = settleYear(state.year, state.allowance, state.church);
      const p = state.paid;
      return {
        year: y,
        allowance: {
          total: toWireAmount(state.allowance),
          used: p.allowanceUsed,
          remaining: toWireAmount(Decimal.max(0, new Decimal(state.allowance).minus(p.allowanceUsed))),
        },
        // The pots as the last event (or certificate) left them; a year without events shows those carried in.
        lossPots: rows.length > 0 ? { shares: s.lossPotShares, other: s.lossPotOther } : { shares: state.year.carriedShares, other: state.year.carriedOther },
        paid: { capitalGainsTax: p.capitalGainsTax, solidaritySurcharge: p.solidaritySurcharge, churchTax: p.churchTax },
        withholdingTaxCredited: p.withholdingTaxCredited,
        churchTax: state.church,
        churchTaxNext: { year: current + 1, churchTax: next },
        carriedLossPots: { shares: state.year.carriedShares, other: state.year.carriedOther },
        years: [...new Set([current, y, ...years])].sort((a, b) => b - a),
        events: rows.map((r) => eventView(r, docs.get(keyOf(r)) ?? null)),
      };
    },

    settings,

    /**
     * A change of the Kirchensteuermerkmal applies from the next year: a bank taxes a year with the
     * status its annual query holds for that year (§ 51a Abs. 2c EStG), so this year's events, past and
     * to come, keep theirs.
     */
    async setChurchTax(sub: string, churchTax: ChurchTaxRate): Promise<TaxSettings> {
      if (!d.enabled) throw disabled();
      const year = Number(berlinDate(d.clock.now()).slice(0, 4));
      await taxStore(d.db).setChurchTax(sub, churchTax, year + 1, d.clock.now());
      return settings(sub);
    },
  };
}

export type TaxService = ReturnType<typeof taxService>;
