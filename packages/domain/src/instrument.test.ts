import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LOW_TRADING_THRESHOLD,
  INSTRUMENT_LIST_MAX,
  instrumentListRequestSchema,
  DEFAULT_MINIMUM_ORDER_VALUE,
  instrumentSchema,
  instrumentSourceSchema,
  isValidIsin,
  toInstrument,
  type InstrumentSource,
} from './instrument';

/** SAP SE as the provider sends it (reference-instruments.csv), without the optional defaults. */
const sapSource: InstrumentSource = {
  isin: 'DE0007164600',
  wkn: '716460',
  type: 'AKTIE',
  longName: 'SAP SE',
  shortName: 'SAP',
  marketName: 'Kontor Market Maker',
  quoteCurrencyCode: 'EUR',
  leverage: null,
  complex: false,
  knockedOutFlag: false,
  endfaellig: null,
  emittentShortCode: null,
  underlyingIsin: null,
  underlying: null,
  basisinformationen: null,
  verkaufsprospekt: null,
  halbjahresbericht: null,
  jahresbericht: null,
  tradingHoursStartTime: '07:30',
  tradingHoursStopTime: '23:00',
  sparplan: true,
  lowTradingThresholdQuantity: null,
  minQty: '0.001',
  priceIncr: '0.01',
  priceScale: 2,
  qtyIncr: '0.001',
  qtyScale: 3,
  isOTC: false,
  disabledExecTypes: [],
  historicQuotes: true,
  fractionalTrading: true,
  tradingFees: null,
  weekendTrading: true,
};

/** A call warrant on SAP, as a provider that leaves out what does not apply would send it. */
const warrantSource = {
  isin: 'DE000SW1ZZZ0',
  wkn: 'SW1ZZZ',
  type: 'DERIVAT',
  derivativeKind: 'call',
  longName: 'Call-Optionsschein auf SAP SE 200 EUR 12/2026',
  shortName: 'SAP Call 200',
  marketName: 'Kontor Market Maker',
  quoteCurrencyCode: 'EUR',
  leverage: '7.35',
  complex: true,
  knockedOutFlag: false,
  endfaellig: '2026-12-18',
  emittentShortCode: 'SG',
  underlyingIsin: 'DE0007164600',
  underlying: 'SAP SE',
  basisinformationen: 'https://example.com/kid/DE000SW1ZZZ0.pdf',
  tradingHoursStartTime: '08:00',
  tradingHoursStopTime: '22:00',
  sparplan: false,
  minQty: '1',
  priceIncr: '0.001',
  priceScale: 3,
  qtyIncr: '1',
  qtyScale: 0,
  isOTC: true,
  disabledExecTypes: ['stop', 'stoplimit'],
  historicQuotes: true,
  fractionalTrading: false,
  weekendTrading: false,
  minimumOrderValue: '25.00',
  lowTradingThreshold: '1000.00',
};

describe('toInstrument — spec §3 renames and defaults', () => {
  it('renames type → instrumentType, longName → name, underlying → underlyingName', () => {
    const warrant = toInstrument(instrumentSourceSchema.parse(warrantSource));
    expect(warrant.instrumentType).toBe('DERIVAT');
    expect(warrant.name).toBe('Call-Optionsschein auf SAP SE 200 EUR 12/2026');
    expect(warrant.underlyingName).toBe('SAP SE');
    expect(warrant.derivativeKind).toBe('call');
    expect(warrant).not.toHaveProperty('type');
    expect(warrant).not.toHaveProperty('longName');
    expect(warrant).not.toHaveProperty('underlying');
  });

  it('keeps the values the provider sends for minimum order value and low-trading threshold', () => {
    const warrant = toInstrument(instrumentSourceSchema.parse(warrantSource));
    expect(warrant.minimumOrderValue).toBe('25.00');
    expect(warrant.lowTradingThreshold).toBe('1000.00');
  });

  it.each([
    ['missing', {}],
    ['null', { minimumOrderValue: null, lowTradingThreshold: null }],
  ])('applies the defaults when they are %s', (_case, overrides) => {
    const sap = toInstrument({ ...sapSource, ...overrides });
    expect(sap.minimumOrderValue).toBe(DEFAULT_MINIMUM_ORDER_VALUE);
    expect(sap.lowTradingThreshold).toBe(DEFAULT_LOW_TRADING_THRESHOLD);
    expect(DEFAULT_MINIMUM_ORDER_VALUE).toBe('1.00');
    expect(DEFAULT_LOW_TRADING_THRESHOLD).toBe('500.00');
  });

  it('turns fields the provider left out into null and an empty list', () => {
    const warrant = toInstrument(instrumentSourceSchema.parse(warrantSource));
    expect(warrant.verkaufsprospekt).toBeNull();
    expect(warrant.tradingFees).toBeNull();
    expect(warrant.lowTradingThresholdQuantity).toBeNull();
    const { disabledExecTypes: _omitted, ...withoutList } = sapSource;
    expect(toInstrument(withoutList).disabledExecTypes).toEqual([]);
  });

  it('produces an Instrument the API schema accepts, with all other fields unchanged', () => {
    for (const source of [sapSource, instrumentSourceSchema.parse(warrantSource)]) {
      const instrument = toInstrument(source);
      expect(instrumentSchema.parse(instrument)).toEqual(instrument);
      expect(instrument.isin).toBe(source.isin);
      expect(instrument.tradingHoursStartTime).toBe(source.tradingHoursStartTime);
      expect(instrument.qtyIncr).toBe(source.qtyIncr);
    }
    expect(toInstrument(sapSource)).not.toHaveProperty('derivativeKind');
  });

  it('accepts a crypto asset without WKN', () => {
    const bitcoin = toInstrument({ ...sapSource, isin: 'XF000BTC0017', wkn: null, type: 'KRYPTO', longName: 'Bitcoin' });
    expect(bitcoin.wkn).toBeNull();
    expect(instrumentSchema.safeParse(bitcoin).success).toBe(true);
  });
});

describe('instrument schemas reject what a provider must not send', () => {
  it('accepts the unchanged warrant record', () => {
    expect(instrumentSourceSchema.safeParse(warrantSource).success).toBe(true);
  });

  it.each([
    ['an unknown instrument type', { type: 'ANLEIHE' }],
    ['a price as a number', { priceIncr: 0.01 }],
    ['a trading time that is not HH:MM', { tradingHoursStartTime: '7:30' }],
    ['a trading time past midnight', { tradingHoursStopTime: '24:00' }],
    ['an ISIN with a wrong check digit', { isin: 'DE0007164601' }],
    ['an unknown derivative kind', { derivativeKind: 'straddle' }],
    ['an unknown order kind among the disabled ones', { disabledExecTypes: ['iceberg'] }],
    ['a maturity that is not a date', { endfaellig: '18.12.2026' }],
    ['a currency that is not ISO 4217', { quoteCurrencyCode: 'Euro' }],
  ])('%s', (_case, overrides) => {
    expect(instrumentSourceSchema.safeParse({ ...warrantSource, ...overrides }).success).toBe(false);
  });

  it('requires the defaulted fields in an Instrument', () => {
    const { minimumOrderValue: _m, ...withoutMinimum } = toInstrument(sapSource);
    expect(instrumentSchema.safeParse(withoutMinimum).success).toBe(false);
  });
});

describe('isValidIsin — ISO 6166 check digit', () => {
  it.each([
    'DE0007164600', // SAP
    'DE0007236101', // Siemens
    'NL0000235190', // Airbus
    'US0378331005', // Apple
    'US5949181045', // Microsoft
    'CH0038863350', // Nestlé
    'FR0000121014', // LVMH
    'IE00B4L5Y983', // iShares Core MSCI World
    'LU0323578657', // Flossbach von Storch
    'EU0009652759', // Euro / US-Dollar
    'XC0009655157', // Gold (Spot)
    'XF000BTC0017', // Bitcoin
    'DE0008469008', // DAX
  ])('%s is valid', (isin) => {
    expect(isValidIsin(isin)).toBe(true);
  });

  it.each([
    ['DE0007164601', 'wrong check digit'],
    ['US0378331006', 'wrong check digit'],
    ['IE00B4L5Y984', 'wrong check digit with letters'],
    ['DE000716460', 'too short'],
    ['DE00071646000', 'too long'],
    ['de0007164600', 'lower case'],
    ['1E0007164600', 'no country prefix'],
    ['DE000716460X', 'letter as check digit'],
    ['', 'empty'],
  ])('%s is invalid (%s)', (isin) => {
    expect(isValidIsin(isin)).toBe(false);
  });
});

describe('instrumentListRequestSchema — POST /api/instrument', () => {
  it('takes up to the limit of valid ISINs', () => {
    expect(instrumentListRequestSchema.parse(['DE0007164600', 'US0378331005'])).toEqual(['DE0007164600', 'US0378331005']);
    expect(instrumentListRequestSchema.safeParse([]).success).toBe(true);
    expect(instrumentListRequestSchema.safeParse(Array(INSTRUMENT_LIST_MAX).fill('DE0007164600')).success).toBe(true);
  });

  it.each([
    ['one more than the limit', Array(INSTRUMENT_LIST_MAX + 1).fill('DE0007164600')],
    ['an ISIN with a wrong check digit', ['DE0007164601']],
    ['an object instead of a list', { isins: ['DE0007164600'] }],
    ['a number in the list', [716460]],
  ])('refuses %s', (_case, body) => {
    expect(instrumentListRequestSchema.safeParse(body).success).toBe(false);
  });
});
