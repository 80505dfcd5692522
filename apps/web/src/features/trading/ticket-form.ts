import { fieldErrorMap, type FieldError } from '@kontor/domain/backend-error-rules';
import type { Instrument } from '@kontor/domain/instrument';
import { chargedFees } from '@kontor/domain/order-costs';
import { orderEstimate, type OrderEstimate } from '@kontor/domain/order-estimate';
import { usesLimit, usesQuantity, usesStop, usesValidity } from '@kontor/domain/order-kinds';
import {
  accountCheckErrors,
  type BidAsk,
  type OrderField,
  type OrderFieldErrors,
  type OrderSide,
  type OrderTicket,
  orderTicketErrors,
  TICKET_ORDER_KINDS,
  type TicketOrderKind,
  type TrailingUnit,
  type ValidityType,
} from '@kontor/domain/order-rules';
import type { Depot, OrderTicketRequest } from '@kontor/domain/trading-contracts';
import { parseDecimalInput } from '../../lib/decimal-input';
import { toWireAmount } from '@kontor/domain/numbers';

/**
 * The order ticket as the customer fills it in: every number exactly as typed (German, "12,50"),
 * so that nothing typed is lost or reformatted while the rules of @kontor/domain/order-rules check
 * it live. `toTicket` turns it into the request the server checks with the same rules.
 */
export type TicketValues = {
  side: OrderSide;
  kind: TicketOrderKind;
  quantity: string;
  amount: string;
  limit: string;
  stop: string;
  trailingDistance: string;
  trailingUnit: TrailingUnit;
  validityType: ValidityType;
  /** 'YYYY-MM-DD' for validity "date". */
  validityDate: string;
};

/** `validity`: the customer's default validity (Einstellungen), day when none. */
export function initialValues(side: OrderSide, kind: TicketOrderKind = 'market', validity: ValidityType = 'day'): TicketValues {
  return {
    side,
    kind,
    quantity: '',
    amount: '',
    limit: '',
    stop: '',
    trailingDistance: '',
    trailingUnit: 'PERCENT',
    validityType: validity,
    validityDate: '',
  };
}

/** The order kinds this instrument offers on this side (a TSL protects a holding: sell only). */
export function availableKinds(instrument: Pick<Instrument, 'disabledExecTypes' | 'fractionalTrading'>, side: OrderSide): TicketOrderKind[] {
  return TICKET_ORDER_KINDS.filter((kind) => {
    if (instrument.disabledExecTypes.includes(kind)) return false;
    if (kind === 'fraction' && !instrument.fractionalTrading) return false;
    if (kind === 'tsl' && side === 'buy') return false;
    return true;
  });
}

/** A typed number as a decimal string; text that is no number stays as it is (the rules say so). */
function number(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return parseDecimalInput(trimmed) ?? trimmed;
}

/** The request for POST /api/trading and /api/trading/costs: only the fields the kind uses. */
export function toTicket(values: TicketValues, isin: string): OrderTicketRequest {
  const { kind } = values;
  return {
    isin,
    side: values.side,
    kind,
    quantity: usesQuantity(kind) ? number(values.quantity) : null,
    amount: kind === 'fraction' ? number(values.amount) : null,
    limit: usesLimit(kind) ? number(values.limit) : null,
    stop: usesStop(kind) ? number(values.stop) : null,
    trailingDistance: kind === 'tsl' ? number(values.trailingDistance) : null,
    trailingUnit: kind === 'tsl' ? values.trailingUnit : null,
    validity: !usesValidity(kind)
      ? { type: 'day' }
      : values.validityType === 'date'
        ? { type: 'date', date: values.validityDate }
        : { type: values.validityType },
  };
}

export type TicketContext = {
  now: Date;
  quote: BidAsk | null;
  /** Euros per unit of the quote currency; null while the exchange rate is unknown. */
  fxRate: string | null;
  depot: Depot | undefined;
};

/** Pieces of this instrument the customer holds and has not promised to another sell order. */
export function availableQuantity(depot: Depot | undefined, isin: string): string {
  return depot?.positions.find((p) => p.isin === isin)?.available ?? '0';
}

/**
 * Every rule the ticket can check before asking the server: the instrument's rules and, once
 * they pass for the amount, buying power or the pieces available. One German message per field.
 */
export function ticketErrors(values: TicketValues, instrument: Instrument, context: TicketContext): OrderFieldErrors {
  const ticket = toTicket(values, instrument.isin) as OrderTicket;
  const fxRate = context.fxRate ?? undefined;
  const errors = orderTicketErrors(ticket, instrument, { now: context.now, quote: context.quote, fxRate });
  const field = values.kind === 'fraction' ? 'amount' : 'quantity';
  if (!errors[field] && !errors.limit && !errors.stop && context.depot && (context.fxRate || values.side === 'sell')) {
    const estimate = ticketEstimate(values, instrument, context);
    // Without an estimate the server checks without fees too.
    const fees = estimate ? toWireAmount(chargedFees(estimate.costs, instrument)) : '0';
    Object.assign(
      errors,
      accountCheckErrors(
        ticket,
        { availableCash: context.depot.cash.available, availableQuantity: availableQuantity(context.depot, instrument.isin) },
        { quote: context.quote, costs: fees, fxRate },
      ),
    );
  }
  return errors;
}

/** The fields the page shows, in the order a keyboard reaches them. */
export const FIELD_ORDER: readonly OrderField[] = ['side', 'kind', 'quantity', 'amount', 'limit', 'stop', 'trailingDistance', 'validity'];

/** Pieces, price and ex-ante costs while typing (the server's "Order prüfen" answer is the binding one). */
export function ticketEstimate(values: TicketValues, instrument: Instrument, context: Pick<TicketContext, 'quote' | 'fxRate'>): OrderEstimate | null {
  if (!context.fxRate) return null;
  return orderEstimate(toTicket(values, instrument.isin) as OrderTicket, instrument, { quote: context.quote, fxRate: context.fxRate });
}

/** Field errors of a 400 or 422 answer at the ticket's fields (the unit at its distance, the date at its validity). */
export function serverFieldErrors(errors: readonly FieldError[]): OrderFieldErrors {
  return fieldErrorMap(errors, (key) => {
    const field = (key === 'trailingUnit' ? 'trailingDistance' : key.startsWith('validity') ? 'validity' : key) as OrderField;
    return FIELD_ORDER.includes(field) ? field : undefined;
  });
}
