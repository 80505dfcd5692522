import Decimal from 'decimal.js';
import type { Instrument } from './instrument';
import type { BidAsk, OrderSide } from './order-rules';

/**
 * Ex-ante costs of one order (the cost information a customer sees before sending, MiFID II
 * art. 50): the explicit order fee, the small-order surcharge and the spread as the implicit
 * cost, in euros and as a percentage of the order value.
 *
 * Decisions (the spec names the fields, not the price list):
 * - Price list: 1,00 € per order, unless the instrument carries its own `tradingFees` (partner
 *   issuers: 0,00 €).
 * - Small orders ("Mindermenge"): below the instrument's `lowTradingThreshold` (500 € by default)
 *   a surcharge of 1,00 € applies. Where the instrument states `lowTradingThresholdQuantity`, an
 *   order is small when its quantity is below that instead (derivatives priced in cents).
 * - Spread cost: half the spread per piece, i.e. the difference between the price the customer
 *   pays or gets (ask or bid) and the mid, times the quantity.
 * Amounts are rounded half up to cents; the percentage to two decimals.
 */

export type PriceList = { orderFee: string; smallOrderSurcharge: string };

export const PRICE_LIST: Readonly<PriceList> = { orderFee: '1.00', smallOrderSurcharge: '1.00' };

export type CostInstrument = Pick<Instrument, 'tradingFees' | 'lowTradingThreshold' | 'lowTradingThresholdQuantity'>;

export type CostInput = {
  side: OrderSide;
  /** Pieces. */
  quantity: string;
  /** The price the order is valued at (limit, or ask/bid for a market order), quote currency. */
  price: string;
  /** The current quote; without one the spread cost is 0. */
  quote?: BidAsk | null;
  /** Euros per unit of the quote currency (default 1). */
  fxRate?: string;
};

export type ExAnteCosts = {
  /** Euros. */
  orderValue: string;
  orderFee: string;
  smallOrderSurcharge: string;
  spreadCost: string;
  /** Fee + surcharge + spread cost, euros. */
  total: string;
  /** Total as percent of the order value ("0.45" = 0,45 %). */
  totalPercent: string;
  smallOrder: boolean;
};

const cents = (d: Decimal) => d.toFixed(2, Decimal.ROUND_HALF_UP);

/** Whether an order is a small order that carries the surcharge. */
export function isSmallOrder(instrument: CostInstrument, quantity: string, orderValueEur: string): boolean {
  if (instrument.lowTradingThresholdQuantity !== null) {
    return new Decimal(quantity).lt(instrument.lowTradingThresholdQuantity);
  }
  return new Decimal(orderValueEur).lt(instrument.lowTradingThreshold);
}

export function exAnteCosts(
  input: CostInput,
  instrument: CostInstrument,
  priceList: PriceList = PRICE_LIST,
): ExAnteCosts {
  const fx = new Decimal(input.fxRate ?? '1');
  const value = new Decimal(input.quantity).mul(input.price).mul(fx);
  const fee = new Decimal(instrument.tradingFees ?? priceList.orderFee);
  const small = isSmallOrder(instrument, input.quantity, value.toFixed());
  const surcharge = small ? new Decimal(priceList.smallOrderSurcharge) : new Decimal(0);
  const halfSpread = input.quote
    ? Decimal.max(0, new Decimal(input.quote.ask).minus(input.quote.bid)).div(2)
    : new Decimal(0);
  const spread = halfSpread.mul(input.quantity).mul(fx);
  // Round each part first, so the parts the customer sees add up to the total shown.
  const parts = [fee, surcharge, spread].map((d) => new Decimal(cents(d)));
  const total = parts.reduce((a, b) => a.plus(b), new Decimal(0));
  const orderValue = new Decimal(cents(value));
  return {
    orderValue: cents(orderValue),
    orderFee: cents(fee),
    smallOrderSurcharge: cents(surcharge),
    spreadCost: cents(spread),
    total: cents(total),
    totalPercent: orderValue.isZero() ? '0.00' : cents(total.div(orderValue).mul(100)),
    smallOrder: small,
  };
}
