import Decimal from 'decimal.js';
import { type CostInstrument, type ExAnteCosts, exAnteCosts } from './order-costs';
import { usesLimit, usesStop } from './order-kinds';
import type { BidAsk, OrderTicket } from './order-rules';
import { isDecimalString } from './decimal-string';
import { toWireDecimal } from './numbers';

/**
 * What an order is worth before it executes: the price it is valued at, the pieces it comes to
 * and the money a buy holds. The server's "Order prüfen", its pre-trade checks and the web
 * ticket's live estimate all value an order here.
 */

const valid = (v: string | null | undefined): v is string => typeof v === 'string' && v !== '' && isDecimalString(v);

/**
 * The price an order is valued at before it executes: its limit, else its stop, else the quote
 * (ask for a buy, bid for a sell). An OCO may execute at either leg: it is valued at the one less
 * favourable to the customer, the higher for a buy and the lower for a sell, so that costs and
 * buying power are never understated.
 */
export function referencePrice(ticket: Pick<OrderTicket, 'side' | 'kind' | 'limit' | 'stop'>, quote?: BidAsk | null): string | null {
  const limit = usesLimit(ticket.kind) && valid(ticket.limit) ? ticket.limit : null;
  const stop = usesStop(ticket.kind) && valid(ticket.stop) ? ticket.stop : null;
  if (ticket.kind === 'oco' && limit && stop) {
    return toWireDecimal(ticket.side === 'buy' ? Decimal.max(limit, stop) : Decimal.min(limit, stop));
  }
  if (limit) return limit;
  if (stop) return stop;
  if (!quote) return null;
  return ticket.side === 'buy' ? quote.ask : quote.bid;
}

/** The pieces an order comes to: its quantity, or for a fraction order its amount at the quote, rounded down to 6 places. */
export function estimatedQuantity(ticket: Pick<OrderTicket, 'side' | 'kind' | 'quantity' | 'amount'>, quote?: BidAsk | null): string | null {
  if (ticket.kind !== 'fraction') return valid(ticket.quantity) ? ticket.quantity : null;
  if (!quote || !valid(ticket.amount)) return null;
  const price = ticket.side === 'buy' ? quote.ask : quote.bid;
  if (!new Decimal(price).gt(0)) return null;
  return toWireDecimal(new Decimal(ticket.amount).div(price).toDecimalPlaces(6, Decimal.ROUND_DOWN));
}

/**
 * Estimated value of the order in euros (quantity × reference price × fxRate, or the amount of a
 * fraction order); null when no price is known. fxRate: euros per unit of the quote currency.
 */
export function estimatedOrderValue(ticket: OrderTicket, quote?: BidAsk | null, fxRate = '1'): string | null {
  if (ticket.kind === 'fraction') return valid(ticket.amount) ? ticket.amount : null;
  const price = referencePrice(ticket, quote);
  if (!price || !valid(ticket.quantity)) return null;
  return toWireDecimal(new Decimal(ticket.quantity).mul(price).mul(fxRate));
}

export type OrderEstimate = { quantity: string; price: string; costs: ExAnteCosts };

/** Pieces, reference price and ex-ante costs of an order; null while a price or the pieces are unknown. */
export function orderEstimate(
  ticket: OrderTicket,
  instrument: CostInstrument,
  market: { quote?: BidAsk | null; fxRate: string },
): OrderEstimate | null {
  const quantity = estimatedQuantity(ticket, market.quote);
  const price = referencePrice(ticket, market.quote);
  if (!quantity || !price || !new Decimal(quantity).gt(0) || !new Decimal(price).gt(0)) return null;
  const costs = exAnteCosts({ side: ticket.side, quantity, price, quote: market.quote, fxRate: market.fxRate }, instrument);
  return { quantity, price, costs };
}

/**
 * A buy that executes at a price not known in advance (market, stop, and the stop leg of an OCO)
 * holds this much more than its estimate, so that a moving market does not leave it uncovered.
 */
export const RESERVATION_BUFFER = new Decimal('1.10');

/**
 * The euros a buy order holds while it is open, fees included, rounded up to the cent; null for a
 * market buy without a quote. A limit holds its limit; what executes at an unknown price holds
 * its estimate plus the buffer; a fraction order holds its amount.
 */
export function buyReservation(ticket: OrderTicket, quote: BidAsk | null, fxRate: string, fees: Decimal.Value): Decimal | null {
  let value: Decimal;
  if (ticket.kind === 'fraction') {
    if (!valid(ticket.amount)) return null;
    value = new Decimal(ticket.amount);
  } else {
    if (!valid(ticket.quantity)) return null;
    let price: Decimal;
    switch (ticket.kind) {
      case 'limit':
      case 'stoplimit':
        if (!valid(ticket.limit)) return null;
        price = new Decimal(ticket.limit);
        break;
      case 'oco':
        if (!valid(ticket.limit) || !valid(ticket.stop)) return null;
        price = Decimal.max(ticket.limit, new Decimal(ticket.stop).mul(RESERVATION_BUFFER));
        break;
      case 'stop':
        if (!valid(ticket.stop)) return null;
        price = new Decimal(ticket.stop).mul(RESERVATION_BUFFER);
        break;
      default:
        if (!quote) return null;
        price = new Decimal(quote.ask).mul(RESERVATION_BUFFER);
    }
    value = new Decimal(ticket.quantity).mul(price).mul(fxRate);
  }
  return value.plus(fees).toDecimalPlaces(2, Decimal.ROUND_UP);
}
