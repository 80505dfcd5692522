/**
 * The enumerations of spec §3 (and the order, ticket, savings-plan and entity values of §4), with
 * their wire values kept verbatim. Each is a readonly tuple plus the union type of its values, so
 * that zod schemas (`z.enum(INSTRUMENT_TYPES)`) and TypeScript share one list.
 *
 * What the values mean, where the name alone does not say it:
 *
 * - Instrument types: AKTIE share, ETF exchange-traded fund, FONDS mutual fund, DERIVAT derivative
 *   (warrant, knock-out, certificate), KRYPTO crypto asset, INDEX index (not tradable itself),
 *   WAEHRUNG currency pair, ROHSTOFF commodity (precious-metal spot price, ETC).
 * - Chart ranges: Intraday = the current trading day; OneWeek … FiveYears = that period back from
 *   today; Maximum = the whole stored history; CurrentYear = "laufendes Jahr", from 1 January to
 *   today; BestAccuracy = "Beste Genauigkeit": the finest resolution the history holds for the
 *   shown period (tick or minute data where it exists, otherwise daily closes); CSI = "Seit Kauf":
 *   since the customer's first purchase of the instrument in the depot.
 * - Corporate action (Kapitalmaßnahme) types (decision 022): BARABF Barabfindung (cash compensation,
 *   e.g. a squeeze-out; mandatory); KAP Kapitalerhöhung gegen Bareinlage (rights issue); KAP2
 *   Kapitalerhöhung aus Gesellschaftsmitteln (bonus shares; mandatory); UMTAUSCHF freiwilliges
 *   Umtauschangebot (voluntary exchange); UMTO Übernahmeangebot (tender offer for cash); WDIF
 *   Wahldividende mit Währungswahl (dividend in euros or the original currency); WDIV Wahldividende
 *   (cash or shares); ZEICHNUNG Zeichnung (subscription of a new issue); TEILRECHT Teilrechte
 *   (fractional rights left after a consolidation, bought up or sold).
 * - Corporate action subscription options (Weisung): BEZUG_AKTIEN_WIE_ANGEGEBEN subscribe the number
 *   of shares the customer enters; BEZUG_AKTIEN_GEM_BZR_BESTAND subscribe as many as the held
 *   subscription rights (Bezugsrechte) allow; TEILRECHT_KAUF_BRUCHSTUECKE buy the missing fractional
 *   rights to reach a whole share; TEILRECHT_VERKAUF_BRUCHSTUECKE sell the leftover fractional rights;
 *   BEZUG_STOCKDIVIDENDE take the dividend in shares.
 * - Message kinds are the lower-case kinds of inbox messages; text forms are the upper-case form in
 *   which the message text arrives. `messageKindOfTextForm` maps one to the other.
 * - Filter modes of the inbox/orders lists: ALL, SAVINGS_PLAN (only savings-plan items), CATEGORIES
 *   (filtered by chosen categories).
 * - Request states: the life of one client request; NOT_ACCEPTABLE = the server refused the request
 *   as it stands (HTTP 406, e.g. an outdated app version).
 * - Order statuses and cancel statuses: a cancellation in progress is written
 *   `<OrderStatus>_<CancelStatus>` (see `orderStatusLabel` in labels.ts).
 */

export const INSTRUMENT_TYPES = [
  'AKTIE',
  'ETF',
  'FONDS',
  'DERIVAT',
  'KRYPTO',
  'INDEX',
  'WAEHRUNG',
  'ROHSTOFF',
] as const;
export type InstrumentType = (typeof INSTRUMENT_TYPES)[number];

export const INSTRUMENT_TYPE_LABELS: Readonly<Record<InstrumentType, string>> = {
  AKTIE: 'Aktie',
  ETF: 'ETF',
  FONDS: 'Fonds',
  DERIVAT: 'Derivat',
  KRYPTO: 'Krypto',
  INDEX: 'Index',
  WAEHRUNG: 'Währung',
  ROHSTOFF: 'Rohstoff',
};

export const DERIVATIVE_KINDS = ['call', 'put'] as const;
export type DerivativeKind = (typeof DERIVATIVE_KINDS)[number];

export const CHART_TYPES = ['line', 'mountain', 'hlc', 'candle'] as const;
export type ChartType = (typeof CHART_TYPES)[number];

export const CHART_TYPE_LABELS: Readonly<Record<ChartType, string>> = {
  line: 'Linie',
  mountain: 'Fläche',
  hlc: 'HLC',
  candle: 'Kerzen',
};

export const CHART_RANGES = [
  'Intraday',
  'OneWeek',
  'OneMonth',
  'SixMonths',
  'OneYear',
  'TwoYears',
  'FiveYears',
  'Maximum',
  'CurrentYear',
  'BestAccuracy',
  'CSI',
] as const;
export type ChartRange = (typeof CHART_RANGES)[number];

/** Short German labels of the chart range buttons (T = Tag, W = Woche, M = Monat, J = Jahr). */
export const CHART_RANGE_LABELS: Readonly<Record<ChartRange, string>> = {
  Intraday: '1T',
  OneWeek: '1W',
  OneMonth: '1M',
  SixMonths: '6M',
  OneYear: '1J',
  TwoYears: '2J',
  FiveYears: '5J',
  Maximum: 'Max',
  CurrentYear: 'lfd. Jahr',
  BestAccuracy: 'Beste Genauigkeit',
  CSI: 'Seit Kauf',
};

export const CA_SUBSCRIPTION_OPTIONS = [
  'BEZUG_AKTIEN_WIE_ANGEGEBEN',
  'BEZUG_AKTIEN_GEM_BZR_BESTAND',
  'TEILRECHT_KAUF_BRUCHSTUECKE',
  'TEILRECHT_VERKAUF_BRUCHSTUECKE',
  'BEZUG_STOCKDIVIDENDE',
] as const;
export type CaSubscriptionOption = (typeof CA_SUBSCRIPTION_OPTIONS)[number];

export const CA_TYPES = [
  'BARABF',
  'KAP',
  'KAP2',
  'UMTAUSCHF',
  'UMTO',
  'WDIF',
  'WDIV',
  'ZEICHNUNG',
  'TEILRECHT',
] as const;
export type CaType = (typeof CA_TYPES)[number];

export const MESSAGE_KINDS = [
  'msg',
  'order',
  'ticket',
  'tslupdate',
  'previously_quoted',
  'unknown',
] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

export const MESSAGE_TEXT_FORMS = [
  'TEXT',
  'ORDER',
  'TICKET',
  'TSLUPDATE',
  'PREVIOUSLY_QUOTED',
] as const;
export type MessageTextForm = (typeof MESSAGE_TEXT_FORMS)[number];

const MESSAGE_KIND_BY_TEXT_FORM: Readonly<Record<MessageTextForm, MessageKind>> = {
  TEXT: 'msg',
  ORDER: 'order',
  TICKET: 'ticket',
  TSLUPDATE: 'tslupdate',
  PREVIOUSLY_QUOTED: 'previously_quoted',
};

/** The message kind of a text form; a form Kontor does not know is of kind `unknown`. */
export function messageKindOfTextForm(form: string): MessageKind {
  return Object.hasOwn(MESSAGE_KIND_BY_TEXT_FORM, form)
    ? MESSAGE_KIND_BY_TEXT_FORM[form as MessageTextForm]
    : 'unknown';
}

export const FILTER_MODES = ['ALL', 'SAVINGS_PLAN', 'CATEGORIES'] as const;
export type FilterMode = (typeof FILTER_MODES)[number];

export const REQUEST_STATES = ['LOADING', 'SUCCESS', 'ERROR', 'NOT_ACCEPTABLE'] as const;
export type RequestState = (typeof REQUEST_STATES)[number];

/**
 * Attribute keys of a service request (a ticket that asks for a change of customer data), in the
 * order of spec §3. Numbered keys (taxCountry1 … taxId3) are the up to three tax residences.
 */
export const SERVICE_REQUEST_KEYS = [
  'newMobileNumber',
  'newReferenceAccountIban',
  'directDebitMandate',
  'portfolioReportDueDate',
  'tan',
  'newStreet',
  'newStreet2',
  'newHouseNumber',
  'newHouseNumber2',
  'postalCode',
  'city',
  'country',
  'taxCountry1',
  'taxCountry2',
  'taxCountry3',
  'taxId1',
  'taxId2',
  'taxId3',
  'taxExemptionOrderAmount',
  'validFrom',
  'validTo',
  'preconditionYear',
  'jointExemptionData',
  'lossOffsetResetStocks',
  'lossOffsetResetOther',
  'cryptoAddressConfirmedDateTime',
  'idDocumentNewValidUntil',
  'idDocumentConfirmValid',
  'attachmentFileReferences',
  'terminationReason',
  'lombardConfirmedDocuments',
] as const;
export type ServiceRequestKey = (typeof SERVICE_REQUEST_KEYS)[number];

/** Order kinds (execution types and sides) as shown in spec §4 "Other labels". */
export const ORDER_KINDS = [
  'market',
  'stop',
  'stoplimit',
  'limit',
  'buy',
  'sell',
  'savings',
  'fraction',
  'oco',
  'tsl',
  'previously_quoted',
] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];

export const TICKET_STATES = ['OPEN', 'PREPARED', 'CLOSED', 'CUSTOMER_REPLY'] as const;
export type TicketState = (typeof TICKET_STATES)[number];

export const SAVINGS_INTERVALS = ['monthly', 'biweekly', 'weekly', 'quarterly'] as const;
export type SavingsInterval = (typeof SAVINGS_INTERVALS)[number];

export const ENTITY_STATES = ['active', 'atwork', 'deleted', 'inactive'] as const;
export type EntityState = (typeof ENTITY_STATES)[number];

export const ORDER_STATUSES = [
  'Created',
  'Sent',
  'Pending',
  'Open',
  'Canceled',
  'Rejected',
  'Expired',
  'PartiallyFilled',
  'Filled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** States of a cancellation request; the last three are its outcome. */
export const CANCEL_STATUSES = [
  'CreatedCancel',
  'SentCancel',
  'PendingCancel',
  'Canceled',
  'Expired',
  'Filled',
] as const;
export type CancelStatus = (typeof CANCEL_STATUSES)[number];
