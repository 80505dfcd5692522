import Decimal from 'decimal.js';
import type { Instrument } from './instrument';
import type { BidAsk, OrderSide } from './order-rules';
import { roundCents, toWireAmount } from './numbers';

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

export type PriceList = { orderFee: string; smallOrderSurcharge: string; savingsPlanExecution: string };

/** Savings-plan executions are free of order fees (see savings-plans.ts). */
export const PRICE_LIST: Readonly<PriceList> = { orderFee: '1.00', smallOrderSurcharge: '1.00', savingsPlanExecution: '0.00' };

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

/** A value per string, worked out once: the few amounts of the price list and the instruments' rules (every order is priced). */
function once<T>(make: (s: string) => T): (s: string) => T {
  const made = new Map<string, T>();
  return (s) => {
    let v = made.get(s);
    if (v === undefined) {
      v = make(s);
      if (made.size < 1_000) made.set(s, v);
    }
    return v;
  };
}
const threshold = once((s) => new Decimal(s));
const fee = once((s) => roundCents(new Decimal(s)));
const asDecimal = (v: Decimal.Value) => (Decimal.isDecimal(v) ? v : new Decimal(v));

/** Whether an order is a small order that carries the surcharge. */
export function isSmallOrder(instrument: CostInstrument, quantity: Decimal.Value, orderValueEur: Decimal.Value): boolean {
  if (instrument.lowTradingThresholdQuantity !== null) {
    return asDecimal(quantity).lt(threshold(instrument.lowTradingThresholdQuantity));
  }
  return asDecimal(orderValueEur).lt(threshold(instrument.lowTradingThreshold));
}

const HALF = new Decimal('0.5');
const HUNDRED = new Decimal(100);
const ZERO = new Decimal(0);

/** Half the spread of a quote (never below 0), once per quote: the orders of a busy minute share one. */
const halfSpreads = new WeakMap<BidAsk, Decimal>();
function halfSpreadOf(quote: BidAsk): Decimal {
  let half = halfSpreads.get(quote);
  if (!half) {
    const spread = new Decimal(quote.ask).minus(quote.bid);
    half = spread.isNegative() ? ZERO : spread.mul(HALF);
    halfSpreads.set(quote, half);
  }
  return half;
}

export function exAnteCosts(
  input: CostInput,
  instrument: CostInstrument,
  priceList: PriceList = PRICE_LIST,
): ExAnteCosts {
  // Every order is priced here: each amount is parsed and rounded once.
  const fx = input.fxRate === undefined || input.fxRate === '1' ? null : new Decimal(input.fxRate);
  const quantity = new Decimal(input.quantity);
  const valueInQuoteCurrency = quantity.mul(input.price);
  const value = fx ? valueInQuoteCurrency.mul(fx) : valueInQuoteCurrency;
  const small = isSmallOrder(instrument, quantity, value);
  // Round each part first, so the parts the customer sees add up to the total shown.
  const orderFee = fee(instrument.tradingFees ?? priceList.orderFee);
  const surcharge = small ? fee(priceList.smallOrderSurcharge) : ZERO;
  let spreadCost = ZERO;
  if (input.quote) {
    const halfSpreadValue = halfSpreadOf(input.quote).mul(quantity);
    spreadCost = roundCents(fx ? halfSpreadValue.mul(fx) : halfSpreadValue);
  }
  const total = orderFee.plus(surcharge).plus(spreadCost);
  const rounded = roundCents(value);
  return {
    orderValue: toWireAmount(rounded),
    orderFee: toWireAmount(orderFee),
    smallOrderSurcharge: toWireAmount(surcharge),
    spreadCost: toWireAmount(spreadCost),
    total: toWireAmount(total),
    totalPercent: rounded.isZero() ? '0.00' : toWireAmount(total.div(rounded).mul(HUNDRED)),
    smallOrder: small,
  };
}

/**
 * The fees an execution charges (once, with an order's first execution): the order fee and
 * surcharge the customer was shown with the order, or, for an order placed without a price (no
 * costs stored), the instrument's fee from the price list.
 */
export function chargedFees(
  costs: Pick<ExAnteCosts, 'orderFee' | 'smallOrderSurcharge'> | null | undefined,
  instrument: Pick<CostInstrument, 'tradingFees'> | undefined,
  priceList: PriceList = PRICE_LIST,
): Decimal {
  if (costs) return new Decimal(costs.orderFee).plus(costs.smallOrderSurcharge);
  return fee(instrument?.tradingFees ?? priceList.orderFee);
}
