import type {
  CancelStatus,
  EntityState,
  OrderKind,
  OrderStatus,
  SavingsInterval,
  TicketState,
} from './enums';

/**
 * German display labels of spec §4. Every function returns its input unchanged when it does not
 * know the value, so a new server value shows up as itself instead of as an empty cell.
 */

export const ORDER_STATUS_LABELS: Readonly<Record<OrderStatus, string>> = {
  Created: 'entgegengenommen',
  Sent: 'entgegengenommen',
  Pending: 'vorläufig',
  Open: 'offen',
  Canceled: 'gestrichen',
  Rejected: 'zurückgewiesen',
  Expired: 'abgelaufen',
  PartiallyFilled: 'teilausgeführt',
  Filled: 'ausgeführt',
};

const MARKED_FOR_CANCELLATION = 'zur Streichung vorgemerkt';
const PROVISIONALLY_CANCELED = 'vorläufig gestrichen';

function combinedStatusLabels(): Record<string, string> {
  const labels: Record<string, string> = {};
  // An order that has not been (partly) executed yet, with a cancellation on its way.
  for (const status of ['Created', 'Sent', 'Pending', 'Open'] as const) {
    labels[`${status}_CreatedCancel`] = MARKED_FOR_CANCELLATION;
    labels[`${status}_SentCancel`] = MARKED_FOR_CANCELLATION;
    labels[`${status}_PendingCancel`] = PROVISIONALLY_CANCELED;
  }
  labels['PartiallyFilled_CreatedCancel'] = `teilausgeführt, ${MARKED_FOR_CANCELLATION}`;
  labels['PartiallyFilled_SentCancel'] = `teilausgeführt, ${MARKED_FOR_CANCELLATION}`;
  labels['PartiallyFilled_PendingCancel'] = `teilausgeführt, ${PROVISIONALLY_CANCELED}`;
  labels['PartiallyFilled_Canceled'] = 'teilausgeführt, gestrichen';
  labels['PartiallyFilled_Expired'] = 'teilausgeführt, abgelaufen';
  // The rest was executed before the cancellation took effect.
  labels['PartiallyFilled_Filled'] = 'ausgeführt';
  return labels;
}

/** Labels of the combined states `<OrderStatus>_<CancelStatus>` that spec §4 lists. */
export const COMBINED_ORDER_STATUS_LABELS: Readonly<Record<string, string>> = combinedStatusLabels();

/** The status string of an order, with a running cancellation appended as `<Status>_<CancelStatus>`. */
export function combinedOrderStatus(
  status: OrderStatus,
  cancelStatus?: CancelStatus | null,
): string {
  return cancelStatus ? `${status}_${cancelStatus}` : status;
}

function lookup(table: Readonly<Record<string, string>>, key: string): string {
  return Object.hasOwn(table, key) ? (table[key] ?? key) : key;
}

/**
 * German label of an order status or of a combined cancellation state (`Open_PendingCancel`).
 * Combinations that spec §4 does not list come back unchanged.
 */
export function orderStatusLabel(status: string): string {
  if (Object.hasOwn(ORDER_STATUS_LABELS, status)) return lookup(ORDER_STATUS_LABELS, status);
  return lookup(COMBINED_ORDER_STATUS_LABELS, status);
}

export const ORDER_KIND_LABELS: Readonly<Record<OrderKind, string>> = {
  market: 'Markt',
  stop: 'Stop',
  stoplimit: 'Stop Limit',
  limit: 'Limit',
  buy: 'Kauf',
  sell: 'Verkauf',
  savings: 'Sparplan',
  fraction: 'Bruchstück',
  oco: 'OCO',
  tsl: 'TSL',
  previously_quoted: 'RFQ',
};

export function orderKindLabel(kind: string): string {
  return lookup(ORDER_KIND_LABELS, kind);
}

export const TICKET_STATE_LABELS: Readonly<Record<TicketState, string>> = {
  OPEN: 'Offen',
  PREPARED: 'Vorbereitet',
  CLOSED: 'Geschlossen',
  CUSTOMER_REPLY: 'bitte lesen',
};

export function ticketStateLabel(state: string): string {
  return lookup(TICKET_STATE_LABELS, state);
}

export const SAVINGS_INTERVAL_LABELS: Readonly<Record<SavingsInterval, string>> = {
  monthly: 'monatlich',
  biweekly: '2-wöchentlich',
  weekly: 'wöchentlich',
  quarterly: 'vierteljährlich',
};

export function savingsIntervalLabel(interval: string): string {
  return lookup(SAVINGS_INTERVAL_LABELS, interval);
}

export const ENTITY_STATE_LABELS: Readonly<Record<EntityState, string>> = {
  active: 'Aktiv',
  atwork: 'In Bearbeitung',
  deleted: 'Gelöscht',
  inactive: 'Inaktiv',
};

export function entityStateLabel(state: string): string {
  return lookup(ENTITY_STATE_LABELS, state);
}

/** The weekdays a savings plan can run on (ISO numbers, Monday = 1). */
export const WEEKDAY_LABELS: Readonly<Record<number, string>> = { 1: 'Montag', 2: 'Dienstag', 3: 'Mittwoch', 4: 'Donnerstag', 5: 'Freitag' };
