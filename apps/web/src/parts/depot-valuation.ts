import { useMemo } from 'react';
import Decimal from 'decimal.js';
import { EUR_USD_ISIN, eurPerUnit } from '@kontor/domain/fx';
import { totalSincePurchase, valuation } from '@kontor/domain/lots';
import { midPrice, type Quote } from '@kontor/domain/quote';
import type { Cash, Position } from '@kontor/domain/trading-contracts';
import { useLiveQuotes, usePreviousCloses } from '../lib/live-quotes';
import { toWireAmount, toWireDecimal } from '@kontor/domain/numbers';

/**
 * The live valuation of a depot: every position at the bid (what a sale would bring now),
 * converted to euros with the live exchange rate, against its acquisition cost; the day's change
 * against the previous close. Amounts are decimal strings, computed with decimal.js.
 */
export type PositionValuation = {
  position: Position;
  quote: Quote | undefined;
  /** Euros per unit of the position's currency; null while unknown. */
  fxRate: string | null;
  /** The bid in euros (what the value is counted at); undefined until quote and exchange rate are known. */
  bidEur?: string;
  /** Euros; undefined until quote and exchange rate are known. */
  value?: string;
  /** Gain or loss since purchase in euros and percent (no percent of a zero cost). */
  pnl?: string;
  pnlPercent?: string | null;
  /** The day's change of the position in euros and of the price in percent. */
  dayChange?: string;
  dayChangePercent?: string;
  /** Value of the position at the previous close, euros (the base of the depot's day change). */
  previousValue?: string;
};

export function valuePosition(position: Position, quote: Quote | undefined, fxRate: string | null, previousClose: string | undefined): PositionValuation {
  const row: PositionValuation = { position, quote, fxRate };
  if (!quote || !fxRate) return row;
  const bidEur = toWireDecimal(new Decimal(quote.bid).mul(fxRate));
  const v = valuation(position, bidEur);
  row.bidEur = bidEur;
  row.value = v.value;
  row.pnl = v.pnl;
  row.pnlPercent = v.pnlPercent;
  if (previousClose && new Decimal(previousClose).gt(0)) {
    const mid = new Decimal(midPrice(quote));
    const quantity = new Decimal(position.quantity);
    row.dayChange = toWireAmount(mid.minus(previousClose).mul(quantity).mul(fxRate));
    row.dayChangePercent = toWireAmount(mid.minus(previousClose).div(previousClose).mul(100));
    row.previousValue = toWireAmount(quantity.mul(previousClose).mul(fxRate));
  }
  return row;
}

export type DepotTotals = {
  /** Acquisition cost of all positions, euros. */
  cost: string;
  /** Undefined while a position still waits for its price. */
  value?: string;
  /** Since purchase, as each position's. */
  pnl?: string;
  pnlPercent?: string | null;
  dayChange?: string;
  dayChangePercent?: string;
  /** Depot value plus the cash account (available and reserved). */
  wealth?: string;
};

const percentOf = (part: Decimal, base: Decimal) => (base.isZero() ? '0.00' : toWireAmount(part.div(base).mul(100)));

export function depotTotals(rows: readonly PositionValuation[], cash: Cash): DepotTotals {
  const since = totalSincePurchase(rows.map((r) => ({ cost: r.position.cost, value: r.value })));
  const totals: DepotTotals = { cost: since.cost };
  if (since.value === null) return totals;
  totals.value = since.value;
  totals.pnl = since.gain ?? undefined;
  totals.pnlPercent = since.gainPercent;
  totals.wealth = toWireAmount(new Decimal(since.value).plus(cash.total));
  if (rows.every((r) => r.dayChange !== undefined)) {
    const day = rows.reduce((s, r) => s.plus(r.dayChange ?? '0'), new Decimal(0));
    const before = rows.reduce((s, r) => s.plus(r.previousValue ?? '0'), new Decimal(0));
    totals.dayChange = toWireAmount(day);
    totals.dayChangePercent = percentOf(day, before);
  }
  return totals;
}

/** Positions valued live: their quotes, the dollar rate where one is quoted in dollars, and the previous closes. */
export function usePositionValuations(positions: readonly Position[]): PositionValuation[] {
  const needsUsd = positions.some((p) => p.currency === 'USD');
  const isins = useMemo(() => [...positions.map((p) => p.isin), ...(needsUsd ? [EUR_USD_ISIN] : [])], [positions, needsUsd]);
  const quotes = useLiveQuotes(isins);
  const closes = usePreviousCloses(positions.map((p) => p.isin));
  const eurUsd = quotes.get(EUR_USD_ISIN);
  return positions.map((p) => valuePosition(p, quotes.get(p.isin), eurPerUnit(p.currency, eurUsd ? midPrice(eurUsd) : null), closes.get(p.isin)));
}
