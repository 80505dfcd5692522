import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_VALIDITY_DAYS } from './constants';
import {
  type OrderTicket,
  type RulesInstrument,
  accountCheckErrors,
  addDays,
  orderShapeErrors,
  orderTicketErrors,
  priceOnGrid,
  validityEnd,
} from './order-rules';
import { estimatedOrderValue } from './order-estimate';

const NBSP = '\u00a0';
// November is CET (UTC+1): Frankfurt wall-clock time to an instant.
const cet = (local: string) => new Date(`${local}+01:00`);
const MONDAY_NOON = cet('2026-11-23T12:00:00');

const etf: RulesInstrument = {
  minQty: '0.001',
  qtyIncr: '0.001',
  qtyScale: 3,
  priceIncr: '0.01',
  priceScale: 2,
  minimumOrderValue: '1.00',
  disabledExecTypes: [],
  knockedOutFlag: false,
  endfaellig: null,
  fractionalTrading: true,
  tradingHoursStartTime: '07:30',
  tradingHoursStopTime: '23:00',
  weekendTrading: false,
};
const share: RulesInstrument = { ...etf, minQty: '1', qtyIncr: '1', qtyScale: 0, fractionalTrading: false };
const ticket = (t: Partial<OrderTicket>): OrderTicket => ({
  side: 'buy',
  kind: 'limit',
  quantity: '10',
  limit: '100.00',
  validity: { type: 'day' },
  ...t,
});
const quote = { bid: '99.90', ask: '100.10' };

describe('the price grid', () => {
  it('a limit written with trailing zeros is judged by its value', () => {
    const grid = { ...etf, priceIncr: '0.5', priceScale: 4 };
    expect(orderShapeErrors(ticket({ limit: '0.10' }), grid, MONDAY_NOON).limit).toBe('Das Limit muss ein Vielfaches von 0,5 sein.');
    expect(orderShapeErrors(ticket({ limit: '1.50' }), grid, MONDAY_NOON).limit).toBeUndefined();
  });

  it('accepts a limit exactly when it is a whole multiple of the increment, for any increment and scale', () => {
    const plain = (units: bigint, places: number) => new Decimal(units.toString()).div(new Decimal(10).pow(places)).toFixed(places);
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 9n }), fc.bigInt({ min: 1n, max: 10n ** 4n }), fc.nat(4), fc.nat(4), (units, step, limitPlaces, incrPlaces) => {
        const limit = plain(units, limitPlaces);
        const priceIncr = plain(step, incrPlaces);
        const errors = orderShapeErrors(ticket({ limit }), { ...etf, priceIncr, priceScale: 4 }, MONDAY_NOON);
        expect(errors.limit === undefined).toBe(new Decimal(limit).mod(priceIncr).isZero());
      }),
      { numRuns: 1_000 },
    );
  });
});

describe('the suggested limit', () => {
  it('is the ask rounded up to the grid for a buy and the bid rounded down for a sell, and always passes the grid check', () => {
    const grid = { ...etf, priceIncr: '0.05', priceScale: 2 };
    expect(priceOnGrid('100.12', grid, true)).toBe('100.15');
    expect(priceOnGrid('100.12', grid, false)).toBe('100.10');
    expect(priceOnGrid('100.10', grid, true)).toBe('100.10');
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), fc.boolean(), (cents, up) => {
        const limit = priceOnGrid((cents / 1000).toFixed(3), grid, up);
        expect(orderShapeErrors(ticket({ limit }), grid, MONDAY_NOON).limit).toBeUndefined();
      }),
      { numRuns: 500 },
    );
  });
});

describe('a quantity off the instrument grid is refused with a German message', () => {
  it('names the step of a fractional instrument', () => {
    expect(orderShapeErrors(ticket({ quantity: '1.0005' }), { ...etf, qtyScale: 4 }, MONDAY_NOON)).toEqual({
      quantity: 'Die Stückzahl muss ein Vielfaches von 0,001 sein.',
    });
  });
  it('asks for whole pieces of a share', () => {
    expect(orderShapeErrors(ticket({ quantity: '1.5' }), share, MONDAY_NOON).quantity).toBe(
      'Die Stückzahl muss eine ganze Zahl sein.',
    );
  });
  it('counts the decimals against qtyScale', () => {
    expect(orderShapeErrors(ticket({ quantity: '0.0001' }), etf, MONDAY_NOON).quantity).toBe(
      'Die Stückzahl darf höchstens 3 Nachkommastellen haben.',
    );
  });
  it('enforces minQty', () => {
    expect(orderShapeErrors(ticket({ quantity: '5' }), { ...share, minQty: '10' }, MONDAY_NOON).quantity).toBe(
      'Die Mindeststückzahl beträgt 10.',
    );
  });
  it.each([
    [undefined, 'Bitte geben Sie eine Stückzahl ein.'],
    ['0', 'Die Stückzahl muss größer als 0 sein.'],
    ['-1', 'Die Stückzahl muss größer als 0 sein.'],
    ['1,5', 'Die Stückzahl ist keine gültige Zahl.'],
  ])('quantity %j → %s', (quantity, message) => {
    expect(orderShapeErrors(ticket({ quantity }), share, MONDAY_NOON).quantity).toBe(message);
  });
});

describe('limit and stop prices respect priceIncr and priceScale', () => {
  it('refuses a limit between two ticks', () => {
    expect(orderShapeErrors(ticket({ limit: '100.05' }), { ...share, priceIncr: '0.1' }, MONDAY_NOON).limit).toBe(
      'Das Limit muss ein Vielfaches von 0,1 sein.',
    );
  });
  it('refuses a stop with more decimals than priceScale', () => {
    expect(orderShapeErrors(ticket({ kind: 'stop', stop: '99.999' }), share, MONDAY_NOON).stop).toBe(
      'Der Stop-Kurs darf höchstens 2 Nachkommastellen haben.',
    );
  });
  it('asks for both prices of a stop-limit order', () => {
    expect(orderShapeErrors(ticket({ kind: 'stoplimit', limit: null }), share, MONDAY_NOON)).toEqual({
      limit: 'Bitte geben Sie ein Limit ein.',
      stop: 'Bitte geben Sie einen Stop-Kurs ein.',
    });
  });
  it('accepts a limit order on the grid', () => {
    expect(orderShapeErrors(ticket({}), share, MONDAY_NOON)).toEqual({});
  });
});

describe('OCO legs: take profit above, stop loss below for a sell', () => {
  it('refuses a sell OCO whose limit is not above the stop', () => {
    expect(orderShapeErrors(ticket({ side: 'sell', kind: 'oco', limit: '90.00', stop: '95.00' }), share, MONDAY_NOON).limit).toBe(
      'Beim OCO-Verkauf muss das Limit über dem Stop-Kurs liegen.',
    );
  });
  it('refuses a buy OCO whose limit is not below the stop', () => {
    expect(orderShapeErrors(ticket({ kind: 'oco', limit: '110.00', stop: '105.00' }), share, MONDAY_NOON).limit).toBe(
      'Beim OCO-Kauf muss das Limit unter dem Stop-Kurs liegen.',
    );
  });
  it('accepts a sell OCO with limit 110 and stop 90', () => {
    expect(orderShapeErrors(ticket({ side: 'sell', kind: 'oco', limit: '110.00', stop: '90.00' }), share, MONDAY_NOON)).toEqual({});
  });
});

describe('trailing stop loss', () => {
  const tsl = (t: Partial<OrderTicket>) => ticket({ side: 'sell', kind: 'tsl', limit: null, ...t });
  it('is a sell order only', () => {
    expect(orderShapeErrors(tsl({ side: 'buy', trailingDistance: '5.00', trailingUnit: 'EUR' }), share, MONDAY_NOON).side).toBe(
      'Ein Trailing-Stop-Loss ist nur beim Verkauf möglich.',
    );
  });
  it('takes a euro distance on the price grid', () => {
    expect(orderShapeErrors(tsl({ trailingDistance: '5.005', trailingUnit: 'EUR' }), share, MONDAY_NOON).trailingDistance).toBe(
      'Der Abstand darf höchstens 2 Nachkommastellen haben.',
    );
  });
  it('takes a percentage below 100', () => {
    expect(orderShapeErrors(tsl({ trailingDistance: '100', trailingUnit: 'PERCENT' }), share, MONDAY_NOON).trailingDistance).toBe(
      'Der Abstand muss kleiner als 100 % sein.',
    );
    expect(orderShapeErrors(tsl({ trailingDistance: '7.5', trailingUnit: 'PERCENT' }), share, MONDAY_NOON)).toEqual({});
  });
  it('needs a unit', () => {
    expect(orderShapeErrors(tsl({ trailingDistance: '5' }), share, MONDAY_NOON).trailingDistance).toBe(
      'Bitte wählen Sie den Abstand in € oder %.',
    );
  });
  it('refuses a euro distance as large as the bid', () => {
    const errors = orderTicketErrors(tsl({ trailingDistance: '99.90', trailingUnit: 'EUR' }), share, { now: MONDAY_NOON, quote });
    expect(errors.trailingDistance).toBe('Der Abstand muss kleiner als der aktuelle Kurs sein.');
  });
});

describe('fraction orders are placed by amount in euros', () => {
  const fraction = (t: Partial<OrderTicket>) => ticket({ kind: 'fraction', quantity: null, limit: null, ...t });
  it('needs an amount in cents', () => {
    expect(orderShapeErrors(fraction({}), etf, MONDAY_NOON)).toEqual({ amount: 'Bitte geben Sie einen Betrag ein.' });
    expect(orderShapeErrors(fraction({ amount: '25.001' }), etf, MONDAY_NOON).amount).toBe(
      'Der Betrag darf höchstens 2 Nachkommastellen haben.',
    );
  });
  it('needs an instrument with fractional trading', () => {
    expect(orderTicketErrors(fraction({ amount: '25' }), share, { now: MONDAY_NOON }).kind).toBe(
      'Dieses Wertpapier kann nicht in Bruchstücken gehandelt werden.',
    );
    expect(orderTicketErrors(fraction({ amount: '25' }), etf, { now: MONDAY_NOON })).toEqual({});
  });
});

describe('validity date: not in the past, at most 360 days ahead', () => {
  const dated = (date: string) => ticket({ validity: { type: 'date', date } });
  it('accepts today and today + 360 days', () => {
    expect(orderShapeErrors(dated('2026-11-23'), share, MONDAY_NOON)).toEqual({});
    expect(orderShapeErrors(dated(addDays('2026-11-23', MAX_VALIDITY_DAYS)), share, MONDAY_NOON)).toEqual({});
  });
  it('refuses yesterday and day 361', () => {
    expect(orderShapeErrors(dated('2026-11-22'), share, MONDAY_NOON).validity).toBe(
      'Das Gültigkeitsdatum darf nicht in der Vergangenheit liegen.',
    );
    expect(orderShapeErrors(dated(addDays('2026-11-23', 361)), share, MONDAY_NOON).validity).toBe(
      'Das Gültigkeitsdatum darf höchstens 360 Tage in der Zukunft liegen.',
    );
  });
  it('refuses a date that does not exist', () => {
    expect(orderShapeErrors(dated('2026-02-30'), share, MONDAY_NOON).validity).toBe('Bitte geben Sie ein gültiges Datum ein.');
  });
});

describe('instrument state', () => {
  it('a disabled order kind is refused with its German label', () => {
    const noStops: RulesInstrument = { ...share, disabledExecTypes: ['stoplimit'] };
    expect(orderTicketErrors(ticket({ kind: 'stoplimit', stop: '99.00' }), noStops, { now: MONDAY_NOON }).kind).toBe(
      'Die Orderart Stop Limit ist für dieses Wertpapier nicht möglich.',
    );
  });
  it('a disabled side is refused', () => {
    const sellOnly: RulesInstrument = { ...share, disabledExecTypes: ['buy'] };
    expect(orderTicketErrors(ticket({}), sellOnly, { now: MONDAY_NOON }).side).toBe('Kauf ist für dieses Wertpapier nicht möglich.');
  });
  it('a knocked-out product can be sold but not bought', () => {
    const ko: RulesInstrument = { ...share, knockedOutFlag: true };
    expect(orderTicketErrors(ticket({}), ko, { now: MONDAY_NOON }).side).toBe(
      'Das Produkt ist ausgeknockt und kann nicht mehr gekauft werden.',
    );
    expect(orderTicketErrors(ticket({ side: 'sell' }), ko, { now: MONDAY_NOON })).toEqual({});
  });
  it('a matured product is not tradable from its maturity date on', () => {
    const matured: RulesInstrument = { ...share, endfaellig: '2026-11-23' };
    expect(orderTicketErrors(ticket({ side: 'sell' }), matured, { now: MONDAY_NOON }).side).toBe(
      'Das Produkt ist fällig und nicht mehr handelbar.',
    );
    expect(orderTicketErrors(ticket({}), { ...share, endfaellig: '2026-11-24' }, { now: MONDAY_NOON })).toEqual({});
  });
});

describe('minimum order value', () => {
  const minimum: RulesInstrument = { ...etf, minimumOrderValue: '25.00' };
  it('values a limit order at its limit', () => {
    expect(orderTicketErrors(ticket({ quantity: '0.2', limit: '100.00' }), minimum, { now: MONDAY_NOON }).quantity).toBe(
      `Das Mindestordervolumen beträgt 25,00${NBSP}€.`,
    );
    expect(orderTicketErrors(ticket({ quantity: '0.25', limit: '100.00' }), minimum, { now: MONDAY_NOON })).toEqual({});
  });
  it('values a market buy at the ask, and skips the check without a quote', () => {
    const market = ticket({ kind: 'market', quantity: '0.2', limit: null });
    expect(orderTicketErrors(market, minimum, { now: MONDAY_NOON, quote }).quantity).toMatch(/Mindestordervolumen/);
    expect(orderTicketErrors(market, minimum, { now: MONDAY_NOON })).toEqual({});
  });
  it('applies to the amount of a fraction order', () => {
    const fraction = ticket({ kind: 'fraction', quantity: null, limit: null, amount: '10' });
    expect(orderTicketErrors(fraction, minimum, { now: MONDAY_NOON }).amount).toMatch(/Mindestordervolumen/);
  });
  it('converts a foreign quote currency with the fx rate', () => {
    expect(estimatedOrderValue(ticket({ quantity: '2', limit: '10.00' }), null, '0.9')).toBe('18');
  });
});

describe('a stop already reached would trigger at once and is refused', () => {
  it('a stop-loss sell must lie below the mid', () => {
    expect(orderTicketErrors(ticket({ side: 'sell', kind: 'stop', stop: '100.00' }), share, { now: MONDAY_NOON, quote }).stop).toBe(
      'Der Stop-Kurs muss unter dem aktuellen Kurs liegen.',
    );
    expect(orderTicketErrors(ticket({ side: 'sell', kind: 'stop', stop: '99.99' }), share, { now: MONDAY_NOON, quote })).toEqual({});
  });
  it('a stop-buy must lie above the mid', () => {
    expect(orderTicketErrors(ticket({ kind: 'stop', stop: '100.00' }), share, { now: MONDAY_NOON, quote }).stop).toBe(
      'Der Stop-Kurs muss über dem aktuellen Kurs liegen.',
    );
  });
});

describe('buying power and available quantity', () => {
  it('a buy needs value plus costs in available cash', () => {
    const account = { availableCash: '1001.00', availableQuantity: '0' };
    expect(accountCheckErrors(ticket({}), account, { costs: '1.00' })).toEqual({});
    expect(accountCheckErrors(ticket({}), account, { costs: '1.01' })).toEqual({
      quantity: `Ihr verfügbarer Betrag von 1.001,00${NBSP}€ reicht für diese Order nicht aus.`,
    });
  });
  it('a sell may not exceed the pieces not reserved by other sells', () => {
    const account = { availableCash: '0', availableQuantity: '7' };
    expect(accountCheckErrors(ticket({ side: 'sell', quantity: '7' }), account)).toEqual({});
    expect(accountCheckErrors(ticket({ side: 'sell', quantity: '8' }), account)).toEqual({
      quantity: 'Sie können höchstens 7 Stück verkaufen.',
    });
    expect(accountCheckErrors(ticket({ side: 'sell' }), { ...account, availableQuantity: '0' }).quantity).toBe(
      'Sie haben keinen verfügbaren Bestand in diesem Wertpapier.',
    );
  });
  it('a fraction sell may not exceed the value of the pieces at the bid', () => {
    const sell = ticket({ side: 'sell', kind: 'fraction', quantity: null, limit: null, amount: '50.00' });
    const account = { availableCash: '0', availableQuantity: '0.5' };
    expect(accountCheckErrors(sell, account, { quote })).toEqual({
      amount: `Ihr verfügbarer Bestand ist derzeit 49,95${NBSP}€ wert.`,
    });
  });
});

describe('validity end', () => {
  const hours = { tradingHoursStartTime: '07:30', tradingHoursStopTime: '23:00', weekendTrading: false };
  it('a day order placed inside the window ends at today’s close', () => {
    expect(validityEnd({ type: 'day' }, hours, MONDAY_NOON)).toEqual(cet('2026-11-23T23:00:00'));
  });
  it('a day order placed on Friday night is valid for Monday', () => {
    expect(validityEnd({ type: 'day' }, hours, cet('2026-11-27T23:30:00'))).toEqual(cet('2026-11-30T23:00:00'));
  });
  it('a date order ends at that day’s close; a Saturday date at Friday’s close', () => {
    expect(validityEnd({ type: 'date', date: '2026-12-02' }, hours, MONDAY_NOON)).toEqual(cet('2026-12-02T23:00:00'));
    expect(validityEnd({ type: 'date', date: '2026-11-28' }, hours, MONDAY_NOON)).toEqual(cet('2026-11-27T23:00:00'));
  });
  it('a date order for today placed after the close is valid for the next trading day', () => {
    expect(validityEnd({ type: 'date', date: '2026-11-23' }, hours, cet('2026-11-23T23:10:00'))).toEqual(
      cet('2026-11-24T23:00:00'),
    );
  });
  it('until cancelled ends at the close 360 days ahead (Thu 18 Nov 2027)', () => {
    expect(addDays('2026-11-23', 360)).toBe('2027-11-18');
    expect(validityEnd({ type: 'gtc' }, hours, MONDAY_NOON)).toEqual(cet('2027-11-18T23:00:00'));
  });
});
