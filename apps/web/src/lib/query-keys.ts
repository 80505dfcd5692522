/**
 * The query keys more than one area reads or refreshes: the depot, the orders, an instrument, the
 * Posteingang and the notifications. One spelling here, so an order placed on the ticket, a message of the order
 * stream and the depot page all touch the same cache entries. Keys only one feature uses stay in
 * that feature.
 */
export const queryKeys = {
  /** Cash and positions (GET /api/trading/positions). */
  depot: ['trading', 'positions'],
  /** Every order query: lists and details. */
  orders: ['trading', 'orders'],
  orderLists: ['trading', 'orders', 'list'],
  orderList: (filter: string) => ['trading', 'orders', 'list', filter],
  order: (id: string) => ['trading', 'orders', 'detail', id],
  /** One instrument with its trading rules (GET /api/instrument/{isin}). */
  instrument: (isin: string | null) => ['instruments', 'instrument', isin],
  /** Everything of the Posteingang: documents, messages, unread counts (an execution brings a contract note and a message). */
  inbox: ['inbox'],
  /** The customer's notifications with the unread count (an execution brings one). */
  notifications: ['notifications', 'list'],
  /** Notizen: notices and own notes, all (`notesOf(null)`) or of one instrument; `notes` refreshes both. */
  notes: ['notes'],
  notesOf: (isin: string | null) => ['notes', isin],
  /** Everything of the money area: the overview (cash figures, payouts, debits) and the account history. */
  money: ['money'],
  moneyOverview: ['money', 'overview'],
  moneyHistory: (month: string | null, kind: string | null) => ['money', 'history', month, kind],
  /** Every ticket query: the lists (with the unread count), one ticket, its dialog. A new request refreshes them. */
  tickets: ['tickets'],
  ticketList: (view: string) => ['tickets', 'list', view],
  ticket: (id: string) => ['tickets', 'detail', id],
  ticketDialog: (id: string) => ['tickets', 'dialog', id],
  /** What service requests change (GET /api/usersettings); the back office's work shows here. */
  customerSettings: ['usersettings'],
  /** Everything of the tax (GET /api/tax per year); a sale, a dividend or a new Kirchensteuermerkmal refreshes it. */
  tax: ['tax'],
  taxYear: (year: number | null) => ['tax', 'year', year],
} as const;
