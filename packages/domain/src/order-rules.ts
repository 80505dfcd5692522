import Decimal from 'decimal.js';
import { MAX_VALIDITY_DAYS } from './constants';
import type { OrderKind } from './enums';
import type { Instrument } from './instrument';
import { orderKindLabel } from './labels';
import { estimatedOrderValue } from './order-estimate';
import { usesLimit, usesQuantity, usesStop } from './order-kinds';
import { isDecimalString } from './decimal-string';
import { formatEuro, formatQuantity, toWireAmount, toWireDecimal } from './numbers';
import {
  type TradingHours,
  lastTradingTime,
  marketLocalTime,
  nextTradingStart,
  windowOf,
} from './trading-window';

/**
 * The pure rules of an order ticket, used by the web ticket (field errors while typing) and by
 * the server (400 with the same field errors) alike. Messages are German and name one field each.
 *
 * Decisions (the spec shows no order fields):
 * - Sides are the ORDER_KINDS `buy` and `sell`; the kinds a customer places are the other order
 *   kinds except `savings` (savings plans place their own orders).
 * - A fraction order is placed by amount in euros; the quantity follows from the price at execution.
 * - A trailing stop loss (tsl) is a sell order; its distance is in euros or percent of the bid.
 * - An OCO order has a limit leg and a stop leg on the same side and quantity: for a sell the limit
 *   lies above the stop (take profit above, stop loss below), for a buy below it.
 * - Validity: `day` (the current or, outside the trading window, the next trading day), `date`
 *   (through that calendar day), `ultimo` (the last trading day of the month), `gtc` (until
 *   cancelled, at most MAX_VALIDITY_DAYS days).
 */

export const ORDER_SIDES = ['buy', 'sell'] as const satisfies readonly OrderKind[];
export type OrderSide = (typeof ORDER_SIDES)[number];

export const TICKET_ORDER_KINDS = [
  'market',
  'limit',
  'stop',
  'stoplimit',
  'oco',
  'tsl',
  'fraction',
  'previously_quoted',
] as const satisfies readonly OrderKind[];
export type TicketOrderKind = (typeof TICKET_ORDER_KINDS)[number];

/**
 * The multi-order strategies of spec §9 (feature flag `multiOrderStrategies`): kinds that place two
 * linked orders at once. In Kontor that is OCO (a limit and a stop order, one cancels the other).
 */
export const MULTI_ORDER_KINDS = ['oco'] as const satisfies readonly TicketOrderKind[];

export const VALIDITY_TYPES = ['day', 'date', 'ultimo', 'gtc'] as const;
export type ValidityType = (typeof VALIDITY_TYPES)[number];
export type OrderValidity =
  | { type: 'day' }
  | { type: 'date'; date: string }
  | { type: 'ultimo' }
  | { type: 'gtc' };

/** Unit of a trailing stop's distance. */
export const TRAILING_UNITS = ['EUR', 'PERCENT'] as const;
export type TrailingUnit = (typeof TRAILING_UNITS)[number];

/** How long a binding RFQ quote (previously_quoted) may be accepted. Decision. */
export const RFQ_QUOTE_VALIDITY_MS = 5_000;

export type OrderTicket = {
  side: OrderSide;
  kind: TicketOrderKind;
  /** Pieces; every kind except fraction. */
  quantity?: string | null;
  /** Euros; fraction only. */
  amount?: string | null;
  /** limit, stoplimit, oco. */
  limit?: string | null;
  /** stop, stoplimit, oco. */
  stop?: string | null;
  /** tsl: distance of the stop below the bid. */
  trailingDistance?: string | null;
  trailingUnit?: TrailingUnit | null;
  validity: OrderValidity;
};

export type OrderField =
  | 'side'
  | 'kind'
  | 'quantity'
  | 'amount'
  | 'limit'
  | 'stop'
  | 'trailingDistance'
  | 'validity';
export type OrderFieldErrors = Partial<Record<OrderField, string>>;

/** The instrument fields the shape of an order depends on. */
export type GridInstrument = Pick<Instrument, 'minQty' | 'qtyIncr' | 'qtyScale' | 'priceIncr' | 'priceScale'>;

/** Everything the full ticket rules read from an instrument. */
export type RulesInstrument = GridInstrument &
  Pick<
    Instrument,
    | 'minimumOrderValue'
    | 'disabledExecTypes'
    | 'knockedOutFlag'
    | 'endfaellig'
    | 'fractionalTrading'
    | 'tradingHoursStartTime'
    | 'tradingHoursStopTime'
    | 'weekendTrading'
  >;

export type BidAsk = { bid: string; ask: string };

const present = (v: string | null | undefined): v is string => v !== undefined && v !== null && v !== '';

/** Errors of a positive decimal on a grid: the first broken rule, or null. */
/**
 * A price on the instrument's grid: up to the next step (a buy limit at the ask, so it can
 * execute) or down (a sell limit at the bid), and never under one step. The ticket's suggested limit.
 */
export function priceOnGrid(price: string, instrument: Pick<GridInstrument, 'priceIncr' | 'priceScale'>, up: boolean): string {
  // At least one step: a price under it is not a limit.
  const steps = Decimal.max(1, up ? new Decimal(price).div(instrument.priceIncr).ceil() : new Decimal(price).div(instrument.priceIncr).floor());
  return toWireDecimal(steps.mul(instrument.priceIncr), instrument.priceScale);
}

function gridError(
  value: string,
  incr: string,
  scale: number,
  text: { name: string; wholeName: string },
): string | null {
  if (!isDecimalString(value)) return `${text.name} ist keine gültige Zahl.`;
  const v = new Decimal(value);
  if (v.lte(0)) return `${text.name} muss größer als 0 sein.`;
  if (v.decimalPlaces() > scale) {
    return scale === 0
      ? `${text.name} muss ${text.wholeName} sein.`
      : `${text.name} darf höchstens ${scale} Nachkommastellen haben.`;
  }
  if (!onGrid(value, v, incr)) return `${text.name} muss ein Vielfaches von ${formatQuantity(incr)} sein.`;
  return null;
}

/** value a whole multiple of incr: as integers of the finer of their last places (Decimal's mod divides, and every order asks). */
function onGrid(value: string, v: Decimal, incr: string): boolean {
  if (!isDecimalString(incr)) return v.mod(incr).isZero();
  // The written places, trailing zeros included ("0.10" has two).
  const places = Math.max((value.split('.')[1] ?? '').length, (incr.split('.')[1] ?? '').length);
  const step = unitsOf(incr, places);
  return step === 0n ? false : unitsOf(value, places) % step === 0n;
}

/** A plain decimal string as a whole number of 10^-places (places at least its own decimals). */
function unitsOf(value: string, places: number): bigint {
  const [whole = '0', fraction = ''] = value.split('.');
  return BigInt(`${whole}${fraction.padEnd(places, '0')}`);
}

const QUANTITY = { name: 'Die Stückzahl', wholeName: 'eine ganze Zahl' };
const LIMIT = { name: 'Das Limit', wholeName: 'ein ganzzahliger Betrag' };
const STOP = { name: 'Der Stop-Kurs', wholeName: 'ein ganzzahliger Betrag' };
const DISTANCE = { name: 'Der Abstand', wholeName: 'ein ganzzahliger Betrag' };

/** Frankfurt calendar date plus whole days, 'YYYY-MM-DD'. */
export function addDays(date: string, days: number): string {
  const [y = 0, m = 1, d = 1] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

function isCalendarDate(date: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return false;
  return addDays(date, 0) === date;
}

/**
 * Rules that need no market data and no account: required fields per kind, positive numbers,
 * quantity and price grids, OCO leg order, TSL side and distance, validity date range. The order
 * engine applies exactly these to every order it is given.
 */
export function orderShapeErrors(ticket: OrderTicket, instrument: GridInstrument, now: Date): OrderFieldErrors {
  const errors: OrderFieldErrors = {};
  const { kind, side } = ticket;
  if (!(ORDER_SIDES as readonly string[]).includes(side)) errors.side = 'Bitte wählen Sie Kauf oder Verkauf.';
  if (!(TICKET_ORDER_KINDS as readonly string[]).includes(kind)) {
    errors.kind = 'Bitte wählen Sie eine Orderart.';
    return errors;
  }

  if (usesQuantity(kind)) {
    if (!present(ticket.quantity)) errors.quantity = 'Bitte geben Sie eine Stückzahl ein.';
    else {
      const e = gridError(ticket.quantity, instrument.qtyIncr, instrument.qtyScale, QUANTITY);
      if (e) errors.quantity = e;
      else if (new Decimal(ticket.quantity).lt(instrument.minQty)) {
        errors.quantity = `Die Mindeststückzahl beträgt ${formatQuantity(instrument.minQty)}.`;
      }
    }
  } else if (!present(ticket.amount)) errors.amount = 'Bitte geben Sie einen Betrag ein.';
  else {
    const e = gridError(ticket.amount, '0.01', 2, { name: 'Der Betrag', wholeName: 'ein ganzzahliger Betrag' });
    if (e) errors.amount = e;
  }

  if (usesLimit(kind)) {
    if (!present(ticket.limit)) errors.limit = 'Bitte geben Sie ein Limit ein.';
    else {
      const e = gridError(ticket.limit, instrument.priceIncr, instrument.priceScale, LIMIT);
      if (e) errors.limit = e;
    }
  }
  if (usesStop(kind)) {
    if (!present(ticket.stop)) errors.stop = 'Bitte geben Sie einen Stop-Kurs ein.';
    else {
      const e = gridError(ticket.stop, instrument.priceIncr, instrument.priceScale, STOP);
      if (e) errors.stop = e;
    }
  }
  if (kind === 'oco' && !errors.limit && !errors.stop && present(ticket.limit) && present(ticket.stop)) {
    const limit = new Decimal(ticket.limit);
    if (side === 'sell' && !limit.gt(ticket.stop)) {
      errors.limit = 'Beim OCO-Verkauf muss das Limit über dem Stop-Kurs liegen.';
    }
    if (side === 'buy' && !limit.lt(ticket.stop)) {
      errors.limit = 'Beim OCO-Kauf muss das Limit unter dem Stop-Kurs liegen.';
    }
  }

  if (kind === 'tsl') {
    if (side === 'buy') errors.side = 'Ein Trailing-Stop-Loss ist nur beim Verkauf möglich.';
    const unit = ticket.trailingUnit;
    if (unit !== 'EUR' && unit !== 'PERCENT') errors.trailingDistance = 'Bitte wählen Sie den Abstand in € oder %.';
    else if (!present(ticket.trailingDistance)) errors.trailingDistance = 'Bitte geben Sie einen Abstand ein.';
    else if (unit === 'EUR') {
      const e = gridError(ticket.trailingDistance, instrument.priceIncr, instrument.priceScale, DISTANCE);
      if (e) errors.trailingDistance = e;
    } else {
      const e = gridError(ticket.trailingDistance, '0.01', 2, DISTANCE);
      if (e) errors.trailingDistance = e;
      else if (new Decimal(ticket.trailingDistance).gte(100)) {
        errors.trailingDistance = 'Der Abstand muss kleiner als 100 % sein.';
      }
    }
  }

  const validityError = validityErrors(ticket.validity, now);
  if (validityError) errors.validity = validityError;
  return errors;
}

function validityErrors(validity: OrderValidity | undefined, now: Date): string | null {
  if (!validity || !(VALIDITY_TYPES as readonly string[]).includes(validity.type)) {
    return 'Bitte wählen Sie eine Gültigkeit.';
  }
  if (validity.type !== 'date') return null;
  if (!isCalendarDate(validity.date)) return 'Bitte geben Sie ein gültiges Datum ein.';
  const today = marketLocalTime(now).date;
  if (validity.date < today) return 'Das Gültigkeitsdatum darf nicht in der Vergangenheit liegen.';
  if (validity.date > addDays(today, MAX_VALIDITY_DAYS)) {
    return `Das Gültigkeitsdatum darf höchstens ${MAX_VALIDITY_DAYS} Tage in der Zukunft liegen.`;
  }
  return null;
}

export type TicketContext = {
  now: Date;
  /** The current quote, when known: enables the minimum order value and the stop-vs-price checks. */
  quote?: BidAsk | null;
  /** Euros per unit of the instrument's quote currency (default 1). */
  fxRate?: string;
};

/**
 * All pure rules of an order ticket: the shape rules plus the instrument's state (order kinds it
 * disables, knocked out, matured, fractional trading), the minimum order value and, with a
 * quote, where a stop may lie. Returns one German message per field; `{}` when the ticket is fine.
 */
export function orderTicketErrors(
  ticket: OrderTicket,
  instrument: RulesInstrument,
  context: TicketContext,
): OrderFieldErrors {
  const errors = orderShapeErrors(ticket, instrument, context.now);
  const { side, kind } = ticket;

  if (instrument.disabledExecTypes.includes(side)) {
    errors.side = `${orderKindLabel(side)} ist für dieses Wertpapier nicht möglich.`;
  }
  if (instrument.disabledExecTypes.includes(kind)) {
    errors.kind = `Die Orderart ${orderKindLabel(kind)} ist für dieses Wertpapier nicht möglich.`;
  }
  if (kind === 'fraction' && !instrument.fractionalTrading) {
    errors.kind = 'Dieses Wertpapier kann nicht in Bruchstücken gehandelt werden.';
  }
  if (instrument.endfaellig && marketLocalTime(context.now).date >= instrument.endfaellig) {
    errors.side = 'Das Produkt ist fällig und nicht mehr handelbar.';
  } else if (instrument.knockedOutFlag && side === 'buy') {
    errors.side = 'Das Produkt ist ausgeknockt und kann nicht mehr gekauft werden.';
  }

  const quote = context.quote;
  if (!errors.quantity && !errors.amount && !errors.limit && !errors.stop) {
    const value = estimatedOrderValue(ticket, quote, context.fxRate);
    if (value !== null && new Decimal(value).lt(instrument.minimumOrderValue)) {
      errors[kind === 'fraction' ? 'amount' : 'quantity'] =
        `Das Mindestordervolumen beträgt ${formatEuro(instrument.minimumOrderValue)}.`;
    }
  }

  if (quote) {
    // A stop already reached would trigger at once: the customer meant a market order.
    if ((kind === 'stop' || kind === 'stoplimit' || kind === 'oco') && !errors.stop && present(ticket.stop)) {
      const mid = new Decimal(quote.bid).plus(quote.ask).div(2);
      if (side === 'sell' && !mid.gt(ticket.stop)) errors.stop = 'Der Stop-Kurs muss unter dem aktuellen Kurs liegen.';
      if (side === 'buy' && !mid.lt(ticket.stop)) errors.stop = 'Der Stop-Kurs muss über dem aktuellen Kurs liegen.';
    }
    if (kind === 'tsl' && ticket.trailingUnit === 'EUR' && !errors.trailingDistance && present(ticket.trailingDistance)) {
      if (!new Decimal(ticket.trailingDistance).lt(quote.bid)) {
        errors.trailingDistance = 'Der Abstand muss kleiner als der aktuelle Kurs sein.';
      }
    }
  }
  return errors;
}

/** What the account can bear: cash and pieces not yet blocked by other open orders. */
export type AccountAvailability = {
  /** Euros. */
  availableCash: string;
  /** Pieces of this instrument held and not reserved by other open sell orders. */
  availableQuantity: string;
};

/**
 * Buying power and available quantity: a buy needs its estimated value plus costs (euros) in
 * available cash; a sell may not exceed the available pieces (a fraction sell: their value at
 * the bid). Without a reference price a buy is not checked here; the service checks it at
 * execution.
 */
export function accountCheckErrors(
  ticket: OrderTicket,
  account: AccountAvailability,
  context: { quote?: BidAsk | null; costs?: string; fxRate?: string } = {},
): OrderFieldErrors {
  const field = ticket.kind === 'fraction' ? 'amount' : 'quantity';
  if (ticket.side === 'buy') {
    const value = estimatedOrderValue(ticket, context.quote, context.fxRate);
    if (value === null) return {};
    if (new Decimal(value).plus(context.costs ?? '0').gt(account.availableCash)) {
      return {
        [field]: `Ihr verfügbarer Betrag von ${formatEuro(account.availableCash)} reicht für diese Order nicht aus.`,
      };
    }
    return {};
  }
  const available = new Decimal(account.availableQuantity);
  if (available.lte(0)) return { [field]: 'Sie haben keinen verfügbaren Bestand in diesem Wertpapier.' };
  if (ticket.kind === 'fraction') {
    if (!context.quote || !present(ticket.amount) || !isDecimalString(ticket.amount)) return {};
    const worth = available.mul(context.quote.bid).mul(context.fxRate ?? '1');
    return new Decimal(ticket.amount).gt(worth)
      ? { amount: `Ihr verfügbarer Bestand ist derzeit ${formatEuro(toWireAmount(worth, 'down'))} wert.` }
      : {};
  }
  if (present(ticket.quantity) && isDecimalString(ticket.quantity) && available.lt(ticket.quantity)) {
    return { quantity: `Sie können höchstens ${formatQuantity(toWireDecimal(available))} Stück verkaufen.` };
  }
  return {};
}

// ——— Validity ———

/** The instant a window that is open at `at` closes. */
function closeOfWindow(hours: TradingHours, at: Date): Date {
  const local = marketLocalTime(at);
  const window = windowOf(hours, local.weekday);
  if (!window) throw new Error('closeOfWindow: market closed');
  const [h = '0', m = '0'] = window.stop.split(':');
  const stopSeconds = Number(h) * 3600 + Number(m) * 60;
  const secondStart = at.getTime() - (at.getTime() % 1000);
  return new Date(secondStart + (stopSeconds - local.seconds) * 1000);
}

/** The first instant of a Frankfurt calendar day. */
function startOfLocalDate(date: string): Date {
  const [y = 0, m = 1, d = 1] = date.split('-').map(Number);
  const noonUtc = Date.UTC(y, m - 1, d, 12); // 13:00 or 14:00 in Frankfurt, the same date
  return new Date(noonUtc - marketLocalTime(new Date(noonUtc)).seconds * 1000);
}

/** The close of the last window that opens on or before the end of that calendar day. */
function lastCloseOnOrBefore(hours: TradingHours, date: string): Date {
  const endOfDay = new Date(startOfLocalDate(addDays(date, 1)).getTime() - 1);
  const last = lastTradingTime(hours, endOfDay);
  return last.getTime() === endOfDay.getTime() ? closeOfWindow(hours, last) : new Date(last.getTime() + 1000);
}

/**
 * When an order placed at `now` with this validity expires (the instant it stops being valid).
 * An order is always valid for at least the next trading window: a `date` whose last window has
 * closed already (today after the close, a weekend date) works like `day`; `ultimo` after the
 * month's last close means the next month's ultimo.
 */
export function validityEnd(validity: OrderValidity, hours: TradingHours, now: Date): Date {
  const dayEnd = closeOfWindow(hours, nextTradingStart(hours, now));
  const today = marketLocalTime(now).date;
  const latest = (end: Date) => (end.getTime() > dayEnd.getTime() ? end : dayEnd);
  switch (validity.type) {
    case 'day':
      return dayEnd;
    case 'date':
      return latest(lastCloseOnOrBefore(hours, validity.date));
    case 'gtc':
      return latest(lastCloseOnOrBefore(hours, addDays(today, MAX_VALIDITY_DAYS)));
    case 'ultimo': {
      const [y = 0, m = 1] = today.split('-').map(Number);
      const monthEnd = (year: number, month: number) =>
        new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10); // day 0 of the next month
      const thisMonth = lastCloseOnOrBefore(hours, monthEnd(y, m));
      if (thisMonth.getTime() > now.getTime()) return thisMonth;
      return lastCloseOnOrBefore(hours, monthEnd(m === 12 ? y + 1 : y, m === 12 ? 1 : m + 1));
    }
  }
}
