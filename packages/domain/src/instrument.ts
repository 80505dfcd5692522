import { z } from 'zod';
import { DERIVATIVE_KINDS, INSTRUMENT_TYPES, ORDER_KINDS } from './enums';
import { decimalStringSchema } from './money';
import { FUND_TYPES, fundTypeOf } from './tax';

/**
 * The instrument of spec §3. The provider's record (InstrumentSource) is turned into Kontor's
 * Instrument by renaming type → instrumentType, longName → name, underlying → underlyingName and
 * filling in the defaults for minimumOrderValue and lowTradingThreshold.
 *
 * Wire conventions: amounts, prices, quantities and the leverage are decimal strings; times of day
 * are 'HH:MM' (German local time); dates are 'YYYY-MM-DD'. A field that does not apply to an
 * instrument (a share has no leverage, a crypto asset no WKN) is null in an Instrument; the provider
 * may send it as null or leave it out.
 */

/** Orders below this value (EUR) are refused when the provider sends no minimum. */
export const DEFAULT_MINIMUM_ORDER_VALUE = '1.00';

/**
 * Orders below this value (EUR) count as small orders ("Mindermenge"): the customer confirms the
 * small-order surcharge before sending (/api/user/confirmlowtrading). 500 is the product constant
 * of spec §9; it is the threshold the German zero-commission brokers use.
 */
export const DEFAULT_LOW_TRADING_THRESHOLD = '500.00';

const ISIN_PATTERN = /^[A-Z]{2}[A-Z0-9]{9}[0-9]$/;

/**
 * Whether an ISIN (ISO 6166) is well-formed and its check digit right: letters become numbers
 * (A = 10 … Z = 35), then the Luhn checksum over all digits must be 0 mod 10.
 */
export function isValidIsin(isin: string): boolean {
  return ISIN_PATTERN.test(isin) && isinLuhnSum(isin, false) % 10 === 0;
}

/**
 * The Luhn sum (ISO 6166) of ISIN characters: letters count as two digits (A = 10 … Z = 35), and
 * every second digit from the right is doubled, starting with the rightmost when
 * `doubleRightmost` (the 11 characters before a check digit). Every order's ISIN is checked.
 */
export function isinLuhnSum(chars: string, doubleRightmost: boolean): number {
  let sum = 0;
  let double = doubleRightmost;
  for (let i = chars.length - 1; i >= 0; i--) {
    const code = chars.charCodeAt(i);
    let value = code >= 65 ? code - 55 : code - 48;
    // A letter's two digits: its ones stand right of its tens.
    do {
      let d = value % 10;
      if (double) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
      sum += d;
      double = !double;
      value = (value - (value % 10)) / 10;
    } while (value > 0);
  }
  return sum;
}

/** An ISIN with a correct check digit. */
export const isinSchema = z.string().refine(isValidIsin, { message: 'Keine gültige ISIN' });

/** Most ISINs one POST /api/instrument may ask for. */
export const INSTRUMENT_LIST_MAX = 200;

/** POST /api/instrument (spec §7): a list of ISINs; the answer holds the known ones, in this order. */
export const instrumentListRequestSchema = z.array(isinSchema).max(INSTRUMENT_LIST_MAX);

const timeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'Uhrzeit als HH:MM' });
const link = z.string().min(1);

/** Fields that provider and Kontor name alike; `null` where a field does not apply. */
const sharedFields = {
  isin: isinSchema,
  /** German securities number; null for instruments without one (crypto assets). */
  wkn: z.string().regex(/^[A-Z0-9]{6}$/).nullable(),
  shortName: z.string().min(1),
  derivativeKind: z.enum(DERIVATIVE_KINDS).optional(),
  /** The trading venue, e.g. "Kontor Market Maker". */
  marketName: z.string().min(1),
  quoteCurrencyCode: z.string().regex(/^[A-Z]{3}$/),
  /** Leverage of a derivative ("5.2"); null for instruments without leverage. */
  leverage: decimalStringSchema.nullable(),
  /** A complex product (derivatives, some ETFs): the customer must have confirmed the knowledge. */
  complex: z.boolean(),
  /** A knock-out product whose barrier was hit; it can no longer be bought. */
  knockedOutFlag: z.boolean(),
  /** Maturity date ("endfällig am") of a derivative; null when open-end or not a derivative. */
  endfaellig: z.iso.date().nullable(),
  /** Issuer of a derivative or ETF, e.g. "SG" or "ISH". */
  emittentShortCode: z.string().nullable(),
  underlyingIsin: isinSchema.nullable(),
  /** Link to the Basisinformationsblatt (PRIIPs key information document). */
  basisinformationen: link.nullable(),
  /** Link to the Verkaufsprospekt (sales prospectus). */
  verkaufsprospekt: link.nullable(),
  /** Link to the Halbjahresbericht (semi-annual report) of a fund. */
  halbjahresbericht: link.nullable(),
  /** Link to the Jahresbericht (annual report) of a fund. */
  jahresbericht: link.nullable(),
  tradingHoursStartTime: timeOfDay,
  tradingHoursStopTime: timeOfDay,
  /** Can be bought by savings plan. */
  sparplan: z.boolean(),
  /** The small-order threshold expressed as a quantity, where the instrument has one. */
  lowTradingThresholdQuantity: decimalStringSchema.nullable(),
  /** Smallest quantity of an order. */
  minQty: decimalStringSchema,
  /** Step between prices ("0.01") and the number of price decimals. */
  priceIncr: decimalStringSchema,
  priceScale: z.number().int().min(0).max(20),
  /** Step between quantities ("1", "0.001") and the number of quantity decimals. */
  qtyIncr: decimalStringSchema,
  qtyScale: z.number().int().min(0).max(20),
  /** Traded over the counter (not on an exchange); the customer confirms OTC trading once. */
  isOTC: z.boolean(),
  /** Order kinds this instrument does not allow, e.g. ["stop", "stoplimit"]. */
  disabledExecTypes: z.array(z.enum(ORDER_KINDS)),
  /** A price history exists (charts can be drawn). */
  historicQuotes: z.boolean(),
  /** Fractions of a unit can be bought. */
  fractionalTrading: z.boolean(),
  /** Fee per order in EUR when it differs from the price list; null = price list. */
  tradingFees: decimalStringSchema.nullable(),
  /** Tradable on Saturdays and Sundays. */
  weekendTrading: z.boolean(),
};

export const instrumentSchema = z.object({
  ...sharedFields,
  instrumentType: z.enum(INSTRUMENT_TYPES),
  /** Full name, e.g. "SAP SE". */
  name: z.string().min(1),
  underlyingName: z.string().nullable(),
  /** Smallest order value in EUR. */
  minimumOrderValue: decimalStringSchema,
  /** Order value in EUR below which an order is a small order. */
  lowTradingThreshold: decimalStringSchema,
  /** ETFs and funds: the fund type that sets the Teilfreistellung (tax.ts); null for anything else. Older records lack it. */
  fundType: z.enum(FUND_TYPES).nullable().optional(),
});
export type Instrument = z.infer<typeof instrumentSchema>;

/**
 * The provider's instrument record, with its own names for type, name and underlying. Fields that
 * do not apply may be null or missing; minimumOrderValue and lowTradingThreshold may be missing.
 */
export const instrumentSourceSchema = z.object({
  ...sharedFields,
  type: z.enum(INSTRUMENT_TYPES),
  longName: z.string().min(1),
  underlying: z.string().nullish(),
  minimumOrderValue: decimalStringSchema.nullish(),
  lowTradingThreshold: decimalStringSchema.nullish(),
  wkn: sharedFields.wkn.optional(),
  leverage: sharedFields.leverage.optional(),
  endfaellig: sharedFields.endfaellig.optional(),
  emittentShortCode: sharedFields.emittentShortCode.optional(),
  underlyingIsin: sharedFields.underlyingIsin.optional(),
  basisinformationen: sharedFields.basisinformationen.optional(),
  verkaufsprospekt: sharedFields.verkaufsprospekt.optional(),
  halbjahresbericht: sharedFields.halbjahresbericht.optional(),
  jahresbericht: sharedFields.jahresbericht.optional(),
  lowTradingThresholdQuantity: sharedFields.lowTradingThresholdQuantity.optional(),
  tradingFees: sharedFields.tradingFees.optional(),
  disabledExecTypes: sharedFields.disabledExecTypes.optional(),
});
export type InstrumentSource = z.infer<typeof instrumentSourceSchema>;

/** The provider's record as Kontor's Instrument: renames of spec §3, defaults, absent fields as null. */
export function toInstrument(source: InstrumentSource): Instrument {
  const {
    type,
    longName,
    underlying,
    minimumOrderValue,
    lowTradingThreshold,
    derivativeKind,
    disabledExecTypes,
    ...rest
  } = source;
  const instrument: Instrument = {
    ...rest,
    wkn: rest.wkn ?? null,
    leverage: rest.leverage ?? null,
    endfaellig: rest.endfaellig ?? null,
    emittentShortCode: rest.emittentShortCode ?? null,
    underlyingIsin: rest.underlyingIsin ?? null,
    basisinformationen: rest.basisinformationen ?? null,
    verkaufsprospekt: rest.verkaufsprospekt ?? null,
    halbjahresbericht: rest.halbjahresbericht ?? null,
    jahresbericht: rest.jahresbericht ?? null,
    lowTradingThresholdQuantity: rest.lowTradingThresholdQuantity ?? null,
    tradingFees: rest.tradingFees ?? null,
    disabledExecTypes: disabledExecTypes ?? [],
    instrumentType: type,
    name: longName,
    underlyingName: underlying ?? null,
    minimumOrderValue: minimumOrderValue ?? DEFAULT_MINIMUM_ORDER_VALUE,
    lowTradingThreshold: lowTradingThreshold ?? DEFAULT_LOW_TRADING_THRESHOLD,
  };
  if (derivativeKind !== undefined) instrument.derivativeKind = derivativeKind;
  instrument.fundType = fundTypeOf(instrument);
  return instrument;
}
