import type { CancelStatus, OrderStatus } from '@kontor/domain/enums';
import type { Instrument } from '@kontor/domain/instrument';
import type { OrderFieldErrors, OrderSide, OrderTicket, OrderValidity, TicketOrderKind, TrailingUnit } from '@kontor/domain/order-rules';
import type { Quote } from '@kontor/domain/quote';

/** What the engine reads from an instrument: its grids and its trading hours. */
export type EngineInstrument = Pick<
  Instrument,
  | 'isin'
  | 'minQty'
  | 'priceIncr'
  | 'priceScale'
  | 'qtyIncr'
  | 'qtyScale'
  | 'tradingHoursStartTime'
  | 'tradingHoursStopTime'
  | 'weekendTrading'
>;

/**
 * A market maker's quote as the engine takes it. `size` (pieces) is the most one order may
 * execute against this quote; absent = unlimited. Each order gets up to that much on its own (the
 * market maker quotes every order separately), so fills never depend on which order comes first.
 */
export type EngineQuote = Pick<Quote, 'isin' | 'bid' | 'ask' | 'ts'> & { id?: string; size?: string | null };

export type EngineOptions = {
  /** The instrument of an ISIN, or undefined when Kontor does not know it. */
  instrument: (isin: string) => EngineInstrument | undefined;
  /**
   * Notional cap of the market maker, in the quote currency: one order executes at most
   * floor(cap / price) pieces per quote. Absent = no cap (only `quote.size` limits).
   */
  maxOrderValuePerQuote?: string | null;
  /** A new order executes at once against the last quote when it is at most this old (default 10 s). */
  maxQuoteAgeMs?: number;
  /** How long an RFQ quote can be accepted (default RFQ_QUOTE_VALIDITY_MS). */
  rfqValidityMs?: number;
};

export type PlaceOrder = OrderTicket & { id: string; accountId: string; isin: string };

export type RequestQuote = { id: string; accountId: string; isin: string; side: OrderSide; quantity: string };

/**
 * An order as the engine keeps it and as the service persists it: JSON-safe (strings, numbers,
 * booleans, null). `OrderEngine.rebuild` takes a list of these and continues where it left off.
 */
export type OrderState = {
  id: string;
  accountId: string;
  isin: string;
  side: OrderSide;
  kind: TicketOrderKind;
  /** Pieces; null for a fraction order (by amount). */
  quantity: string | null;
  /** Euros (quote currency); fraction orders only. */
  amount: string | null;
  limit: string | null;
  /** stop, stoplimit, oco: the stop price. tsl: the current trailing stop (null until the first quote). */
  stop: string | null;
  trailingDistance: string | null;
  trailingUnit: TrailingUnit | null;
  validity: OrderValidity;
  /** ISO instant at which the order stops being valid (an RFQ: its quote). */
  expiresAt: string;
  status: OrderStatus;
  cancelStatus: CancelStatus | null;
  /** The stop fired: stop and tsl are market orders now, stoplimit a limit order, oco its stop leg. */
  triggered: boolean;
  /** OCO: the legs still alive. */
  ocoLeg: 'both' | 'limit' | 'stop' | null;
  filledQuantity: string;
  /** Sum of quantity × price of all executions, quote currency. */
  filledValue: string;
  /** Number of executions so far (execution ids are `<order id>-<n>`). */
  executions: number;
  /** RFQ: the binding price and the quote it came from. */
  quotedPrice: string | null;
  quoteId: string | null;
  createdAt: string;
  /** Time priority, assigned by the engine; ties between equal prices go to the lower seq. */
  seq: number;
  /** Why the order was rejected (German, for the customer). */
  reason: string | null;
};

type EventBase = { orderId: string; at: string; order: OrderState };

export type StatusEvent = EventBase & {
  type: 'status';
  status: OrderStatus;
  cancelStatus: CancelStatus | null;
  /** `combinedOrderStatus(status, cancelStatus)`, e.g. `Open_PendingCancel`. */
  display: string;
  /** German label of `display`. */
  label: string;
  reason: string | null;
  errors?: OrderFieldErrors;
};

export type ExecutionEvent = EventBase & {
  type: 'execution';
  executionId: string;
  isin: string;
  side: OrderSide;
  quantity: string;
  price: string;
  /** quantity × price, exact; the ledger rounds. */
  value: string;
  quoteId: string | null;
};

export type EngineEvent =
  | StatusEvent
  | ExecutionEvent
  | (EventBase & { type: 'triggered'; mid: string })
  | (EventBase & { type: 'tslupdate'; stop: string; previousStop: string | null })
  | (EventBase & { type: 'ocoLegCanceled'; leg: 'limit' | 'stop' })
  | (EventBase & { type: 'quoted'; price: string; validUntil: string })
  | { type: 'refused'; orderId: string; at: string; request: 'place' | 'cancel' | 'accept'; reason: RefusalReason };

/** Why a request changed nothing. */
export type RefusalReason = 'duplicate' | 'unknown' | 'alreadyCancelling' | 'notAQuote';
