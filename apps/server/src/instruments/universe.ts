import { quoteIsinOf } from '@kontor/domain/constants';
import { ORDER_KINDS, type InstrumentType, type OrderKind } from '@kontor/domain/enums';
import { type Instrument, type InstrumentSource, toInstrument } from '@kontor/domain/instrument';
import { mulberry32 } from '../platform/random.ts';
import { withCheckDigit } from './isin.ts';
import { REFERENCE_INSTRUMENTS, type ReferenceInstrument, tagValue } from './reference-instruments.ts';
import { floatToDecimal, formatNumber } from '@kontor/domain/numbers';

/**
 * Kontor's instrument universe: the real instruments of reference-instruments.ts, turned into full
 * provider records, plus generated derivatives (warrants and knock-outs) on them. Everything is a
 * pure function of the inputs: derivative number i is always the same product, whatever the size
 * of the universe, so a universe of a million contains the default one.
 *
 * Model maths (option prices, leverage) runs in floating point; every result is rounded to whole
 * ticks and leaves as a decimal string.
 */

export type SeededInstrument = {
  instrument: Instrument;
  /** Price level for the market simulator, decimal string in the quote currency. */
  referencePrice: string;
  /** 0 = most popular. Real instruments come first, derivatives follow their underlying. */
  popularity: number;
};

/** The same before the provider record becomes an Instrument (toInstrument), for bulk work. */
export type SeededSource = Omit<SeededInstrument, 'instrument'> & { source: InstrumentSource };

export const seeded = ({ source, referencePrice, popularity }: SeededSource): SeededInstrument => ({
  instrument: toInstrument(source),
  referencePrice,
  popularity,
});

/** Derivatives in the default universe (seeded at start). `npm run seed -- --instruments N` makes more. */
export const DEFAULT_DERIVATIVE_COUNT = 2_000;

/** Issue date of the generated derivatives; their maturities lie 3 to 36 months after it. */
const ISSUE_DATE = { year: 2026, month: 11 };
const MARKET_MAKER = 'Kontor Market Maker';

export type DocumentKind = 'basisinformationen' | 'verkaufsprospekt' | 'halbjahresbericht' | 'jahresbericht';
const DOCUMENT_FILES: Record<DocumentKind, string> = {
  basisinformationen: 'kid.pdf',
  verkaufsprospekt: 'prospekt.pdf',
  halbjahresbericht: 'halbjahresbericht.pdf',
  jahresbericht: 'jahresbericht.pdf',
};

/** Where the server serves an instrument's document (the PDFs are generated on request). */
export function documentLink(isin: string, kind: DocumentKind): string {
  return `/api/instrument/${isin}/documents/${DOCUMENT_FILES[kind]}`;
}

function links(isin: string, kinds: readonly DocumentKind[]) {
  return {
    basisinformationen: kinds.includes('basisinformationen') ? documentLink(isin, 'basisinformationen') : null,
    verkaufsprospekt: kinds.includes('verkaufsprospekt') ? documentLink(isin, 'verkaufsprospekt') : null,
    halbjahresbericht: kinds.includes('halbjahresbericht') ? documentLink(isin, 'halbjahresbericht') : null,
    jahresbericht: kinds.includes('jahresbericht') ? documentLink(isin, 'jahresbericht') : null,
  };
}
const FUND_DOCUMENTS: readonly DocumentKind[] = ['basisinformationen', 'verkaufsprospekt', 'halbjahresbericht', 'jahresbericht'];
const PRODUCT_DOCUMENTS: readonly DocumentKind[] = ['basisinformationen', 'verkaufsprospekt'];

/** Price step and decimals that suit a price level. */
function priceTick(price: number): { priceIncr: string; priceScale: number } {
  if (price < 1) return { priceIncr: '0.0001', priceScale: 4 };
  if (price < 10) return { priceIncr: '0.001', priceScale: 3 };
  return { priceIncr: '0.01', priceScale: 2 };
}

const qty = (scale: number) => ({ qtyIncr: scale === 0 ? '1' : `0.${'0'.repeat(scale - 1)}1`, qtyScale: scale });

/** Index trading hours (German local time) by the country of the index. */
const INDEX_HOURS: Record<string, [string, string]> = {
  US: ['15:30', '22:00'],
  XC: ['15:30', '22:00'],
  JP: ['01:00', '07:00'],
};

const NOT_TRADABLE: OrderKind[] = [...ORDER_KINDS];

/** A real instrument as the provider would send it. */
export function referenceSource(ref: ReferenceInstrument): InstrumentSource {
  const price = Number(ref.price);
  const top = ref.tags.includes('top');
  const plan = (top || ref.tags.includes('plan')) && !ref.tags.includes('noplan');
  const underlyingIsin = ref.tags.find((t) => t.startsWith('und:'))?.slice(4) ?? null;
  const underlying = underlyingIsin
    ? REFERENCE_INSTRUMENTS.find((r) => r.isin === underlyingIsin)?.name ?? null
    : tagValue(ref, 'undname') ?? null;
  const base: InstrumentSource = {
    isin: ref.isin,
    wkn: ref.wkn,
    type: ref.instrumentType,
    longName: ref.name,
    shortName: ref.shortName,
    marketName: MARKET_MAKER,
    quoteCurrencyCode: ref.currency,
    leverage: null,
    complex: false,
    knockedOutFlag: false,
    endfaellig: null,
    emittentShortCode: tagValue(ref, 'em') ?? null,
    underlyingIsin,
    underlying,
    ...links(ref.isin, []),
    tradingHoursStartTime: '07:30',
    tradingHoursStopTime: '23:00',
    sparplan: plan,
    lowTradingThresholdQuantity: null,
    minQty: '1',
    ...priceTick(price),
    ...qty(0),
    isOTC: false,
    disabledExecTypes: [],
    historicQuotes: true,
    fractionalTrading: plan,
    tradingFees: null,
    weekendTrading: false,
  };
  const fractional = (scale: number) => ({ ...qty(scale), minQty: qty(scale).qtyIncr, fractionalTrading: true });

  switch (ref.instrumentType) {
    case 'AKTIE': {
      if (plan) return { ...base, ...fractional(6), weekendTrading: top };
      // Whole shares only: the small-order threshold as a number of shares (EUR lines only).
      const lowQty = ref.currency === 'EUR' ? String(Math.ceil(500 / price)) : null;
      return { ...base, disabledExecTypes: ['fraction'], lowTradingThresholdQuantity: lowQty };
    }
    case 'ETF': {
      const partner = base.emittentShortCode === 'ISH' || base.emittentShortCode === 'XTR';
      return {
        ...base,
        ...fractional(6),
        weekendTrading: top,
        ...links(ref.isin, FUND_DOCUMENTS),
        // Partner issuers' ETFs trade without order fee.
        tradingFees: partner ? '0.00' : null,
      };
    }
    case 'FONDS':
      return {
        ...base,
        ...fractional(3),
        ...links(ref.isin, FUND_DOCUMENTS),
        tradingHoursStartTime: '08:00',
        tradingHoursStopTime: '22:00',
        disabledExecTypes: ['stop', 'stoplimit', 'oco', 'tsl'],
        minimumOrderValue: '25.00',
      };
    case 'KRYPTO':
      return {
        ...base,
        ...fractional(price >= 1000 ? 5 : price >= 10 ? 3 : 1),
        sparplan: true,
        weekendTrading: true,
        isOTC: true,
        disabledExecTypes: ['stoplimit', 'oco', 'tsl'],
        minimumOrderValue: '10.00',
        lowTradingThreshold: '50.00',
      };
    case 'ROHSTOFF':
      if (base.emittentShortCode) {
        // Exchange-traded commodities (Xetra-Gold, physical silver): bought like an ETF.
        return { ...base, ...fractional(3), ...links(ref.isin, PRODUCT_DOCUMENTS) };
      }
      // Spot prices: ounces in fractions, also at weekends, against the market maker.
      return { ...base, ...fractional(3), sparplan: false, weekendTrading: true, isOTC: true, disabledExecTypes: ['savings', 'oco', 'tsl'] };
    case 'WAEHRUNG':
      return { ...base, priceIncr: '0.00001', priceScale: 5, minQty: '100', isOTC: true, disabledExecTypes: ['savings', 'fraction', 'oco', 'tsl'] };
    case 'INDEX': {
      const [start, stop] = INDEX_HOURS[ref.isin.slice(0, 2)] ?? ['09:00', '17:30'];
      return { ...base, priceIncr: '0.01', priceScale: 2, tradingHoursStartTime: start, tradingHoursStopTime: stop, disabledExecTypes: NOT_TRADABLE };
    }
    default:
      return base;
  }
}

export function realSources(): SeededSource[] {
  return REFERENCE_INSTRUMENTS.map((ref) => ({ source: referenceSource(ref), referencePrice: ref.price, popularity: ref.popularity }));
}

export const realInstruments = (): SeededInstrument[] => realSources().map(seeded);

// ——— Derivatives ———————————————————————————————————————————————————————————————

type Issuer = {
  /** Two letters after DE000 in the issuer's ISINs and WKNs. */
  prefix: string;
  code: string;
  name: string;
  weekend: boolean;
  /** Trades without order fee at Kontor. */
  partner: boolean;
  hours: [string, string];
  minimumOrderValue?: string;
  lowTradingThreshold?: string;
  disabled: OrderKind[];
};

const ISSUERS: readonly Issuer[] = [
  { prefix: 'SW', code: 'SG', name: 'Société Générale', weekend: true, partner: true, hours: ['07:30', '23:00'], disabled: ['savings', 'fraction'] },
  { prefix: 'HG', code: 'HSBC', name: 'HSBC', weekend: false, partner: true, hours: ['08:00', '22:00'], minimumOrderValue: '10.00', disabled: ['savings', 'fraction'] },
  { prefix: 'VM', code: 'VON', name: 'Vontobel', weekend: true, partner: false, hours: ['08:00', '22:00'], lowTradingThreshold: '250.00', disabled: ['savings', 'fraction', 'tsl'] },
  { prefix: 'UL', code: 'UBS', name: 'UBS', weekend: false, partner: false, hours: ['08:00', '22:00'], disabled: ['savings', 'fraction', 'oco'] },
  { prefix: 'MG', code: 'MS', name: 'Morgan Stanley', weekend: false, partner: true, hours: ['08:00', '22:00'], minimumOrderValue: '10.00', lowTradingThreshold: '250.00', disabled: ['savings', 'fraction'] },
  { prefix: 'CJ', code: 'CITI', name: 'Citigroup', weekend: false, partner: false, hours: ['08:00', '22:00'], disabled: ['savings', 'fraction', 'tsl', 'oco'] },
  { prefix: 'DQ', code: 'DZ', name: 'DZ BANK', weekend: false, partner: false, hours: ['08:00', '22:00'], minimumOrderValue: '25.00', disabled: ['savings', 'fraction'] },
  { prefix: 'PN', code: 'BNP', name: 'BNP Paribas', weekend: true, partner: false, hours: ['08:00', '22:00'], disabled: ['savings', 'fraction', 'tsl'] },
  { prefix: 'HC', code: 'HVB', name: 'UniCredit', weekend: false, partner: false, hours: ['08:00', '22:00'], disabled: ['savings', 'fraction'] },
  { prefix: 'GQ', code: 'GS', name: 'Goldman Sachs', weekend: false, partner: false, hours: ['08:00', '22:00'], lowTradingThreshold: '250.00', disabled: ['savings', 'fraction', 'oco'] },
];

/** EUR per unit of a quote currency, for pricing EUR derivatives on foreign underlyings. */
const EUR_PER: Record<string, number> = { EUR: 1, USD: 0.864, CHF: 1.07, GBP: 1.14, DKK: 0.134, SEK: 0.091, NOK: 0.085, JPY: 0.0057, HKD: 0.111 };
const VOLATILITY: Partial<Record<InstrumentType, number>> = { AKTIE: 0.3, INDEX: 0.18, KRYPTO: 0.7, WAEHRUNG: 0.08, ROHSTOFF: 0.2 };

/** The underlyings of generated derivatives and how often each is chosen. */
type Underlying = { ref: ReferenceInstrument; weight: number };
// Reference lines (quoted through another ISIN) are no underlyings.
const UNDERLYINGS: readonly Underlying[] = REFERENCE_INSTRUMENTS.filter((r) =>
  quoteIsinOf(r.isin) === r.isin &&
  (r.instrumentType === 'AKTIE' || r.instrumentType === 'INDEX' || r.instrumentType === 'KRYPTO' || r.instrumentType === 'WAEHRUNG' || (r.instrumentType === 'ROHSTOFF' && r.isin.startsWith('XC'))),
).map((ref) => ({
  ref,
  // Leverage products concentrate on indices, the best-known shares, gold, FX and bitcoin.
  weight: ref.instrumentType === 'AKTIE' ? (ref.tags.includes('top') ? 6 : 2) : ref.instrumentType === 'KRYPTO' && ref.popularity > 100 ? 2 : 12,
}));
const CUMULATIVE: Float64Array = (() => {
  const c = new Float64Array(UNDERLYINGS.length);
  let sum = 0;
  UNDERLYINGS.forEach((u, i) => {
    sum += u.weight;
    c[i] = sum;
  });
  return c;
})();

const SEED = 0x4b4f4e54; // "KONT"

// Serial numbers: a bijection of 0 … 36^4-1, so numbers look scattered like real WKNs and the
// ISIN leads back to the ordinal.
const SERIALS = 36 ** 4;
const MUL = 1_000_003; // coprime to 36^4 = 2^8 · 3^8
const ADD = 7_654_321 % SERIALS;
const MUL_INV = modInverse(MUL, SERIALS);
function modInverse(a: number, m: number): number {
  let [oldR, r] = [a, m];
  let [oldS, s] = [1, 0];
  while (r !== 0) {
    const q = Math.floor(oldR / r);
    [oldR, r] = [r, oldR - q * r];
    [oldS, s] = [s, oldS - q * s];
  }
  return ((oldS % m) + m) % m;
}
const mulMod = (a: number, b: number, m: number) => Number((BigInt(a) * BigInt(b)) % BigInt(m));

/** The most derivatives the ISIN scheme can number (10 issuers × 36^4 serials). */
export const MAX_DERIVATIVES = ISSUERS.length * SERIALS;

function derivativeIsin(ordinal: number): string {
  const issuer = ISSUERS[ordinal % ISSUERS.length]!;
  const serial = (mulMod(Math.floor(ordinal / ISSUERS.length), MUL, SERIALS) + ADD) % SERIALS;
  return withCheckDigit(`DE000${issuer.prefix}${serial.toString(36).toUpperCase().padStart(4, '0')}`);
}

/** The ordinal of a generated derivative's ISIN, or undefined for any other ISIN. */
export function derivativeOrdinal(isin: string): number | undefined {
  if (!/^DE000[A-Z]{2}[0-9A-Z]{4}\d$/.test(isin)) return undefined;
  const issuerIndex = ISSUERS.findIndex((i) => i.prefix === isin.slice(5, 7));
  if (issuerIndex < 0) return undefined;
  const serial = parseInt(isin.slice(7, 11), 36);
  const n = mulMod((serial - ADD + SERIALS) % SERIALS, MUL_INV, SERIALS);
  const ordinal = n * ISSUERS.length + issuerIndex;
  return derivativeIsin(ordinal) === isin ? ordinal : undefined;
}

/** Standard normal distribution function (Abramowitz–Stegun 26.2.17, error < 7.5e-8). */
function normCdf(x: number): number {
  const t = 1 / (1 + 0.2316419 * Math.abs(x));
  const d = 0.3989422804014327 * Math.exp((-x * x) / 2);
  const p = d * t * (0.31938153 + t * (-0.356563782 + t * (1.781477937 + t * (-1.821255978 + t * 1.330274429))));
  return x >= 0 ? 1 - p : p;
}

/** A strike step that gives round numbers at this price level. */
function strikeStep(price: number): { step: number; decimals: number } {
  const magnitude = Math.floor(Math.log10(price));
  return { step: 10 ** (magnitude - 2), decimals: Math.max(0, 2 - magnitude) };
}
const roundTo = (x: number, step: number) => Math.round(x / step) * step;
/** A strike in an instrument's name: German decimals without trailing zeros or grouping ("12500", "0,75"). */
const germanNumber = (x: number, decimals: number) => formatNumber(floatToDecimal(x, decimals), { min: 0, max: decimals }, { grouping: false });

/** Third Friday of a month, 'YYYY-MM-DD'. */
function thirdFriday(year: number, month: number): string {
  const first = new Date(Date.UTC(year, month - 1, 1)).getUTCDay();
  const day = 1 + ((5 - first + 7) % 7) + 14;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function toTicks(price: number): { price: string; priceIncr: string; priceScale: number } {
  const tick = price < 10 ? { priceIncr: '0.001', priceScale: 3 } : { priceIncr: '0.01', priceScale: 2 };
  const step = Number(tick.priceIncr);
  return { price: floatToDecimal(Math.max(step, roundTo(price, step)), tick.priceScale), ...tick };
}

/** Derivative number `ordinal` of the universe: a warrant or knock-out on a real underlying. */
export const derivativeAt = (ordinal: number): SeededInstrument => seeded(derivativeSource(ordinal));

export function derivativeSource(ordinal: number): SeededSource {
  if (!Number.isInteger(ordinal) || ordinal < 0 || ordinal >= MAX_DERIVATIVES) throw new RangeError(`No derivative ${ordinal}`);
  const rng = mulberry32(SEED ^ Math.imul(ordinal + 1, 0x9e3779b1));
  const issuer = ISSUERS[ordinal % ISSUERS.length]!;
  const isin = derivativeIsin(ordinal);

  const pick = rng() * CUMULATIVE[CUMULATIVE.length - 1]!;
  let lo = 0;
  let hi = CUMULATIVE.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (CUMULATIVE[mid]! > pick) hi = mid;
    else lo = mid + 1;
  }
  const und = UNDERLYINGS[lo]!.ref;
  const spot = Number(und.price);
  const fx = EUR_PER[und.currency] ?? 1;
  const sigma = VOLATILITY[und.instrumentType] ?? 0.3;
  // Bezugsverhältnis: brings one certificate to a price of a few euros.
  const ratio = 10 ** (1 - Math.floor(Math.log10(spot * fx)));
  const { step, decimals } = strikeStep(spot);
  const kind = rng() < 0.56 ? 'call' : 'put';
  const product = rng();
  const months = 3 + Math.floor(rng() * 34);
  const expiryMonth = ((ISSUE_DATE.month - 1 + months) % 12) + 1;
  const expiryYear = ISSUE_DATE.year + Math.floor((ISSUE_DATE.month - 1 + months) / 12);
  const years = months / 12;

  let name: string;
  let shortLabel: string;
  let endfaellig: string | null;
  let price: number;
  let leverage: string | null;
  let knockedOut = false;
  const cur = und.currency;
  const mmYyyy = `${String(expiryMonth).padStart(2, '0')}/${expiryYear}`;

  if (product < 0.35) {
    // Optionsschein (warrant), Black–Scholes without rates.
    const strike = Math.max(step, roundTo(spot * (0.7 + rng() * 0.6), step));
    const sd = sigma * Math.sqrt(years);
    const d1 = (Math.log(spot / strike) + (sd * sd) / 2) / sd;
    const d2 = d1 - sd;
    const value = kind === 'call' ? spot * normCdf(d1) - strike * normCdf(d2) : strike * normCdf(-d2) - spot * normCdf(-d1);
    const delta = kind === 'call' ? normCdf(d1) : normCdf(d1) - 1;
    price = value * ratio * fx;
    leverage = value > 0 ? floatToDecimal(Math.abs(delta) * spot / value, 2) : null;
    endfaellig = thirdFriday(expiryYear, expiryMonth);
    const word = kind === 'call' ? 'Call' : 'Put';
    name = `${word}-Optionsschein auf ${und.name} ${germanNumber(strike, decimals)} ${cur} ${mmYyyy}`;
    shortLabel = `${word} ${germanNumber(strike, decimals)} ${mmYyyy.slice(0, 3)}${mmYyyy.slice(5)}`;
  } else {
    // Knock-out (Turbo): open end or with maturity; a few have hit their barrier.
    const wanted = 2 + rng() * rng() * 28;
    const distance = spot / wanted;
    knockedOut = rng() < 0.02;
    const barrier = kind === 'call' ? spot - distance * (knockedOut ? -0.2 : 1) : spot + distance * (knockedOut ? -0.2 : 1);
    const strike = Math.max(step, roundTo(barrier, step));
    const intrinsic = kind === 'call' ? spot - strike : strike - spot;
    const openEnd = product < 0.8;
    endfaellig = openEnd ? null : thirdFriday(expiryYear, expiryMonth);
    if (knockedOut || intrinsic <= 0) {
      knockedOut = true;
      price = 0.001;
      leverage = null;
    } else {
      price = (intrinsic + spot * 0.003) * ratio * fx;
      leverage = floatToDecimal(spot / (intrinsic + spot * 0.003), 2);
    }
    const word = kind === 'call' ? 'Long' : 'Short';
    name = `Turbo ${word}${openEnd ? ' Open End' : ''} auf ${und.name} KO ${germanNumber(strike, decimals)} ${cur}${openEnd ? '' : ` ${mmYyyy}`}`;
    shortLabel = `Turbo ${word} ${germanNumber(strike, decimals)}${openEnd ? '' : ` ${mmYyyy.slice(0, 3)}${mmYyyy.slice(5)}`}`;
  }

  const ticks = toTicks(price);
  const source: InstrumentSource = {
    isin,
    wkn: isin.slice(5, 11),
    type: 'DERIVAT',
    derivativeKind: kind,
    longName: name,
    shortName: `${und.shortName} ${shortLabel} ${issuer.code}`,
    marketName: `${issuer.name} (außerbörslich)`,
    quoteCurrencyCode: 'EUR',
    leverage,
    complex: true,
    knockedOutFlag: knockedOut,
    endfaellig,
    emittentShortCode: issuer.code,
    underlyingIsin: und.isin,
    underlying: und.name,
    ...links(isin, PRODUCT_DOCUMENTS),
    tradingHoursStartTime: issuer.hours[0],
    tradingHoursStopTime: issuer.hours[1],
    sparplan: false,
    lowTradingThresholdQuantity: null,
    minQty: '1',
    priceIncr: ticks.priceIncr,
    priceScale: ticks.priceScale,
    ...qty(0),
    isOTC: true,
    disabledExecTypes: issuer.disabled,
    // New issues have no price history yet.
    historicQuotes: rng() > 0.05,
    fractionalTrading: false,
    tradingFees: issuer.partner ? '0.00' : null,
    weekendTrading: issuer.weekend,
    ...(issuer.minimumOrderValue ? { minimumOrderValue: issuer.minimumOrderValue } : {}),
    ...(issuer.lowTradingThreshold ? { lowTradingThreshold: issuer.lowTradingThreshold } : {}),
  };
  return { source, referencePrice: ticks.price, popularity: 1_000 + und.popularity };
}

/**
 * The universe as provider records: the real instruments, then `derivatives` generated ones.
 * (`seeded` turns one into an Instrument; bulk consumers such as the index skip that step.)
 */
export function* universeSources(derivatives: number = DEFAULT_DERIVATIVE_COUNT): Generator<SeededSource> {
  yield* realSources();
  for (let i = 0; i < derivatives; i++) yield derivativeSource(i);
}

let realByIsin: Map<string, ReferenceInstrument> | undefined;

/** The instrument with this ISIN in a universe of `derivatives` generated ones, without building the rest. */
export function universeInstrument(isin: string, derivatives: number): SeededInstrument | undefined {
  const ordinal = derivativeOrdinal(isin);
  if (ordinal !== undefined) return ordinal < derivatives ? derivativeAt(ordinal) : undefined;
  realByIsin ??= new Map(REFERENCE_INSTRUMENTS.map((r) => [r.isin, r]));
  const ref = realByIsin.get(isin);
  return ref && seeded({ source: referenceSource(ref), referencePrice: ref.price, popularity: ref.popularity });
}
