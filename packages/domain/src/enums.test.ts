import { describe, expect, it } from 'vitest';
import {
  CA_SUBSCRIPTION_OPTIONS,
  CA_TYPES,
  CANCEL_STATUSES,
  CHART_RANGE_LABELS,
  CHART_RANGES,
  CHART_TYPE_LABELS,
  CHART_TYPES,
  DERIVATIVE_KINDS,
  ENTITY_STATES,
  FILTER_MODES,
  INSTRUMENT_TYPE_LABELS,
  INSTRUMENT_TYPES,
  MESSAGE_KINDS,
  MESSAGE_TEXT_FORMS,
  messageKindOfTextForm,
  ORDER_KINDS,
  ORDER_STATUSES,
  REQUEST_STATES,
  SAVINGS_INTERVALS,
  SERVICE_REQUEST_KEYS,
  TICKET_STATES,
} from './enums';

describe('wire values of spec §3/§4, verbatim and in order', () => {
  it.each([
    ['instrument types', INSTRUMENT_TYPES, 'AKTIE ETF FONDS DERIVAT KRYPTO INDEX WAEHRUNG ROHSTOFF'],
    ['derivative kinds', DERIVATIVE_KINDS, 'call put'],
    ['chart types', CHART_TYPES, 'line mountain hlc candle'],
    [
      'chart ranges',
      CHART_RANGES,
      'Intraday OneWeek OneMonth SixMonths OneYear TwoYears FiveYears Maximum CurrentYear BestAccuracy CSI',
    ],
    [
      'corporate action subscription options',
      CA_SUBSCRIPTION_OPTIONS,
      'BEZUG_AKTIEN_WIE_ANGEGEBEN BEZUG_AKTIEN_GEM_BZR_BESTAND TEILRECHT_KAUF_BRUCHSTUECKE TEILRECHT_VERKAUF_BRUCHSTUECKE BEZUG_STOCKDIVIDENDE',
    ],
    ['corporate action types', CA_TYPES, 'BARABF KAP KAP2 UMTAUSCHF UMTO WDIF WDIV ZEICHNUNG TEILRECHT'],
    ['message kinds', MESSAGE_KINDS, 'msg order ticket tslupdate previously_quoted unknown'],
    ['message text forms', MESSAGE_TEXT_FORMS, 'TEXT ORDER TICKET TSLUPDATE PREVIOUSLY_QUOTED'],
    ['filter modes', FILTER_MODES, 'ALL SAVINGS_PLAN CATEGORIES'],
    ['request states', REQUEST_STATES, 'LOADING SUCCESS ERROR NOT_ACCEPTABLE'],
    [
      'order kinds',
      ORDER_KINDS,
      'market stop stoplimit limit buy sell savings fraction oco tsl previously_quoted',
    ],
    ['ticket states', TICKET_STATES, 'OPEN PREPARED CLOSED CUSTOMER_REPLY'],
    ['savings intervals', SAVINGS_INTERVALS, 'monthly biweekly weekly quarterly'],
    ['entity states', ENTITY_STATES, 'active atwork deleted inactive'],
    [
      'order statuses',
      ORDER_STATUSES,
      'Created Sent Pending Open Canceled Rejected Expired PartiallyFilled Filled',
    ],
    [
      'cancel statuses',
      CANCEL_STATUSES,
      'CreatedCancel SentCancel PendingCancel Canceled Expired Filled',
    ],
  ])('%s', (_name, values, expected) => {
    expect(values.join(' ')).toBe(expected);
  });

  it('has one service-request key for each attribute of spec §3', () => {
    expect(SERVICE_REQUEST_KEYS).toEqual([
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
    ]);
    expect(new Set(SERVICE_REQUEST_KEYS).size).toBe(SERVICE_REQUEST_KEYS.length);
  });
});

describe('German labels of the enumerations', () => {
  it.each([
    ['Intraday', '1T'],
    ['OneWeek', '1W'],
    ['OneMonth', '1M'],
    ['SixMonths', '6M'],
    ['OneYear', '1J'],
    ['TwoYears', '2J'],
    ['FiveYears', '5J'],
    ['Maximum', 'Max'],
    ['CurrentYear', 'lfd. Jahr'],
    ['BestAccuracy', 'Beste Genauigkeit'],
    ['CSI', 'Seit Kauf'],
  ] as const)('chart range %s is "%s"', (range, label) => {
    expect(CHART_RANGE_LABELS[range]).toBe(label);
  });

  it.each([
    ['line', 'Linie'],
    ['mountain', 'Fläche'],
    ['hlc', 'HLC'],
    ['candle', 'Kerzen'],
  ] as const)('chart type %s is "%s"', (type, label) => {
    expect(CHART_TYPE_LABELS[type]).toBe(label);
  });

  it.each([
    ['AKTIE', 'Aktie'],
    ['ETF', 'ETF'],
    ['FONDS', 'Fonds'],
    ['DERIVAT', 'Derivat'],
    ['KRYPTO', 'Krypto'],
    ['INDEX', 'Index'],
    ['WAEHRUNG', 'Währung'],
    ['ROHSTOFF', 'Rohstoff'],
  ] as const)('instrument type %s is "%s"', (type, label) => {
    expect(INSTRUMENT_TYPE_LABELS[type]).toBe(label);
  });
});

describe('messageKindOfTextForm', () => {
  it.each([
    ['TEXT', 'msg'],
    ['ORDER', 'order'],
    ['TICKET', 'ticket'],
    ['TSLUPDATE', 'tslupdate'],
    ['PREVIOUSLY_QUOTED', 'previously_quoted'],
    ['HTML', 'unknown'],
    ['', 'unknown'],
    ['toString', 'unknown'],
  ])('%s → %s', (form, kind) => {
    expect(messageKindOfTextForm(form)).toBe(kind);
  });
});
