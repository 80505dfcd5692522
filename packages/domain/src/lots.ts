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

/** Market value at the bid and the unrealised gain against the acquisition cost, absolute and in %. */
export function valuation(position: Pick<PositionSummary, 'quantity' | 'cost'>, bid: string): { value: string; pnl: string; pnlPercent: string } {
  const value = new Decimal(position.quantity).mul(bid).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  const pnl = value.minus(position.cost);
  const cost = new Decimal(position.cost);
  const pnlPercent = cost.isZero() ? new Decimal(0) : pnl.div(cost).mul(100);
  return { value: toWireAmount(value), pnl: toWireAmount(pnl), pnlPercent: toWireAmount(pnlPercent) };
}
