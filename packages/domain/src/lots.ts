import Decimal from 'decimal.js';
import { toWireAmount, toWireDecimal } from './numbers';

/**
 * A position is kept as purchase lots, first in first out: a sale uses up the oldest lots first,
 * so the gain of every sale can later be taxed against exactly the shares it sold (German
 * Abgeltungsteuer follows FIFO per depot). Quantities may be fractional; amounts are euros.
 */
export type Lot = {
  id: string;
  /** Pieces still held from this purchase. */
  remaining: string;
  /** Pieces bought. */
  quantity: string;
  /** What the purchase cost in total, fees included (Anschaffungskosten). */
  cost: string;
  /**
   * The part of the cost still attributed to the remaining pieces. Kept, not recomputed, so that
   * selling a lot in parts allocates exactly its cost: three thirds of 100 € are 33.33 + 33.33 + 33.34.
   */
  remainingCost: string;
  /**
   * Vorabpauschalen taxed on the remaining pieces (before the Teilfreistellung), kept like the
   * cost: a later sale deducts them from its gain (§ 19 Abs. 1 InvStG). Absent means none.
   */
  remainingVorabpauschale?: string;
};

export type LotConsumption = { lotId: string; quantity: string; cost: string; vorabpauschale: string };

export type FifoSale = {
  consumed: LotConsumption[];
  /** The acquisition cost of the pieces sold. */
  costOfSold: string;
  /** The Vorabpauschalen taxed on the pieces sold. */
  vorabpauschaleOfSold: string;
  /** Proceeds after fees minus the acquisition cost of the pieces sold. */
  realisedPnl: string;
};

/** The share of `quantity` pieces in an amount kept for a lot's remaining pieces, to the cent; the last pieces take the remainder. */
function shareOf(lot: Lot, amount: string | undefined, quantity: Decimal): Decimal {
  const remaining = new Decimal(lot.remaining);
  if (quantity.eq(remaining)) return new Decimal(amount ?? 0);
  return new Decimal(amount ?? 0).mul(quantity).div(remaining).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
}

/**
 * Sells `quantity` pieces for `netProceeds` (after fees) out of `lots` (oldest first). Throws when
 * the lots hold fewer pieces than are sold: the pre-trade check must have refused that sale.
 */
export function sellFifo(lots: readonly Lot[], quantity: string, netProceeds: string): FifoSale {
  let left = new Decimal(quantity);
  const consumed: LotConsumption[] = [];
  let costOfSold = new Decimal(0);
  let vorabpauschale = new Decimal(0);
  for (const lot of lots) {
    if (left.lte(0)) break;
    const available = new Decimal(lot.remaining);
    if (available.lte(0)) continue;
    const take = Decimal.min(available, left);
    const cost = shareOf(lot, lot.remainingCost, take);
    const vp = shareOf(lot, lot.remainingVorabpauschale, take);
    consumed.push({ lotId: lot.id, quantity: toWireDecimal(take), cost: toWireAmount(cost), vorabpauschale: toWireAmount(vp) });
    costOfSold = costOfSold.plus(cost);
    vorabpauschale = vorabpauschale.plus(vp);
    left = left.minus(take);
  }
  if (left.gt(0)) throw new RangeError(`Not enough pieces: ${toWireDecimal(left)} missing`);
  return {
    consumed,
    costOfSold: toWireAmount(costOfSold),
    vorabpauschaleOfSold: toWireAmount(vorabpauschale),
    realisedPnl: toWireAmount(new Decimal(netProceeds).minus(costOfSold)),
  };
}

export type PositionSummary = {
  quantity: string;
  /** Acquisition cost of the pieces held. */
  cost: string;
  /** Average purchase price per piece (cost / quantity), six decimals. */
  averagePrice: string;
};

/** What the remaining lots add up to. */
export function positionOf(lots: readonly Lot[]): PositionSummary {
  let quantity = new Decimal(0);
  let cost = new Decimal(0);
  for (const lot of lots) {
    const remaining = new Decimal(lot.remaining);
    if (remaining.lte(0)) continue;
    quantity = quantity.plus(remaining);
    cost = cost.plus(lot.remainingCost);
  }
  return {
    quantity: toWireDecimal(quantity),
    cost: toWireAmount(cost),
    averagePrice: quantity.isZero() ? '0' : toWireDecimal(cost.div(quantity).toDecimalPlaces(6, Decimal.ROUND_HALF_UP)),
  };
}

/**
 * Gain or loss since purchase ("seit Kauf"): value minus acquisition cost (fees included), and in
 * percent of that cost to two places, half up. The one rule behind every since-purchase figure: the
 * depot's total, each position, each savings plan. No percent of a zero cost (rights received free).
 */
export function sincePurchase(value: Decimal.Value, cost: Decimal.Value): { gain: string; percent: string | null } {
  const base = new Decimal(cost);
  const gain = new Decimal(value).minus(base);
  return { gain: toWireAmount(gain), percent: base.isZero() ? null : toWireAmount(gain.div(base).mul(100)) };
}

/** A holding's value at a price in euros (the bid: what a sale would bring), to the cent. */
export const marketValue = (quantity: Decimal.Value, priceEur: Decimal.Value): string => toWireAmount(new Decimal(quantity).mul(priceEur));

/** Market value at the bid (in euros) and the gain since purchase against the acquisition cost, absolute and in %. */
export function valuation(position: Pick<PositionSummary, 'quantity' | 'cost'>, bidEur: string): { value: string; pnl: string; pnlPercent: string | null } {
  const value = marketValue(position.quantity, bidEur);
  const { gain, percent } = sincePurchase(value, position.cost);
  return { value, pnl: gain, pnlPercent: percent };
}

/** Holdings together: their cost, and value and gain since purchase once every one has a value. */
export function totalSincePurchase(rows: readonly { cost: string; value: string | null | undefined }[]): {
  cost: string;
  value: string | null;
  gain: string | null;
  gainPercent: string | null;
} {
  const cost = rows.reduce((s, r) => s.plus(r.cost), new Decimal(0));
  if (rows.some((r) => r.value === null || r.value === undefined)) return { cost: toWireAmount(cost), value: null, gain: null, gainPercent: null };
  const value = rows.reduce((s, r) => s.plus(r.value!), new Decimal(0));
  const { gain, percent } = sincePurchase(value, cost);
  return { cost: toWireAmount(cost), value: toWireAmount(value), gain, gainPercent: percent };
}
