import { describe, expect, it } from 'vitest';
import Decimal from 'decimal.js';
import { caOutcome, priceFactorOnEffect, rightsValue, type CaPosition, type CaTerms } from './corporate-actions';

const SHARE = 'DE0007164600';
const RIGHTS = 'XR0007164607';
const OTHER = 'DE0005190003';

const terms = (t: Partial<CaTerms> & Pick<CaTerms, 'type'>): CaTerms => ({
  isin: SHARE,
  targetIsin: SHARE,
  rightsIsin: null,
  ratioOld: '10',
  ratioNew: '1',
  price: null,
  dividend: null,
  foreignDividend: null,
  currency: null,
  ...t,
});
const position = (p: Partial<CaPosition>): CaPosition => ({ held: '0', rights: '0', rightsBid: null, rightsAsk: null, targetBid: null, fxRate: null, ...p });

function outcome(...args: Parameters<typeof caOutcome>) {
  const r = caOutcome(...args);
  if (!r.ok) throw new Error(r.message);
  return r.outcome;
}

describe('rights issue (KAP) 10 : 1 at 40.00 €', () => {
  const kap = terms({ type: 'KAP', rightsIsin: RIGHTS, price: '40' });

  it('subscribes as the rights allow and sells the 5 left over: 10 new shares for 401.00 €, 5 rights bring 4.55 − 1.00 €', () => {
    const o = outcome(kap, 'BEZUG_AKTIEN_GEM_BZR_BESTAND', null, position({ held: '105', rights: '105', rightsBid: '0.909' }));
    expect(o.sharesIn).toEqual([{ isin: SHARE, quantity: '10' }]);
    expect(o.rightsUsed).toBe('100');
    // 5 × 0.909 = 4.545 → 4.55 €; less the 1.00 € fee.
    expect(o.rightsSold).toBe('5');
    expect(o.steps).toContainEqual(expect.objectContaining({ step: 'sell', isin: RIGHTS, proceeds: '3.55', fee: '1.00' }));
    // 10 × 40.00 + 1.00 fee.
    expect(o.cashDebit).toBe('401.00');
    expect(o.reserve).toBe('401.00');
    expect(o.costs).toBe('2.00');
  });

  it('buys the 5 missing rights to round up to 11 new shares: 5 × 0.92 + 1.00 and 11 × 40.00 + 1.00 = 446.60 €', () => {
    const o = outcome(kap, 'TEILRECHT_KAUF_BRUCHSTUECKE', null, position({ held: '105', rights: '105', rightsBid: '0.909', rightsAsk: '0.92' }));
    expect(o.rightsBought).toBe('5');
    expect(o.rightsUsed).toBe('110');
    expect(o.sharesIn).toEqual([{ isin: SHARE, quantity: '11' }]);
    expect(o.cashDebit).toBe('446.60');
  });

  it('subscribes a stated 7 new shares with 70 of 100 rights and sells the other 30 (27.27 − 1.00 €)', () => {
    const o = outcome(kap, 'BEZUG_AKTIEN_WIE_ANGEGEBEN', '7', position({ held: '100', rights: '100', rightsBid: '0.909' }));
    expect(o.rightsUsed).toBe('70');
    expect(o.steps).toContainEqual(expect.objectContaining({ step: 'sell', quantity: '30', proceeds: '26.27' }));
    expect(o.cashDebit).toBe('281.00');
  });

  it('refuses 11 new shares when 100 rights give 10', () => {
    const r = caOutcome(kap, 'BEZUG_AKTIEN_WIE_ANGEGEBEN', '11', position({ held: '100', rights: '100' }));
    expect(r).toEqual({ ok: false, message: 'Dafür brauchen Sie 110 Bezugsrechte; Sie haben 100.' });
  });

  it('lets 3 rights worth 0.60 € lapse by default rather than sell them for a 1.00 € fee', () => {
    const o = outcome(kap, 'BEZUGSRECHTE_VERKAUFEN', null, position({ held: '3', rights: '3', rightsBid: '0.2' }));
    expect(o.rightsLapsed).toBe('3');
    expect(o.rightsSold).toBe('0');
    expect(o.cashCredit).toBe('0.00');
  });

  it('values a right before the ex date at n·(S − P)/(m + n): share at 50.00 € cum → (50 − 40)/11 = 0.909 bid, 0.910 ask', () => {
    expect(rightsValue(kap, '50', 'bid', 'cum')).toBe('0.909');
    expect(rightsValue(kap, '50', 'ask', 'cum')).toBe('0.910');
    expect(rightsValue(kap, '39', 'bid', 'cum')).toBe('0.000');
  });
});

it('bonus shares 10 : 1 on 15 shares: 1 new share in, the half share sold at 50.00 € for 25.00 €', () => {
  const o = outcome(terms({ type: 'KAP2' }), null, null, position({ held: '15', targetBid: '50' }));
  expect(o.steps[0]).toEqual({ step: 'rescale', isin: SHARE, held: '15', factor: '1.1' });
  expect(o.sharesIn).toEqual([{ isin: SHARE, quantity: '1' }]);
  expect(o.fraction).toEqual({ isin: SHARE, quantity: '0.5', amount: '25.00', side: 'sell' });
});

it('squeeze-out takes all 12 shares at 55.50 € for 666.00 €, with no instruction', () => {
  const o = outcome(terms({ type: 'BARABF', price: '55.50' }), null, null, position({ held: '12' }));
  expect(o.sharesOut).toEqual([{ isin: SHARE, quantity: '12' }]);
  expect(o.cashCredit).toBe('666.00');
  expect(caOutcome(terms({ type: 'BARABF', price: '55.50' }), 'ANNAHME', null, position({ held: '12' })).ok).toBe(false);
});

it('a tender of more shares than held is refused; not taking part books nothing', () => {
  const umto = terms({ type: 'UMTO', price: '60' });
  expect(caOutcome(umto, 'ANNAHME', '20', position({ held: '10' }))).toEqual({ ok: false, message: 'Sie können höchstens 10 Stück einreichen.' });
  expect(outcome(umto, 'ANNAHME', '4', position({ held: '10' })).cashCredit).toBe('240.00');
  expect(outcome(umto, 'KEINE_TEILNAHME', null, position({ held: '10' })).steps).toEqual([]);
});

it('an exchange 2 : 1 of 7 shares gives 3 new shares and sells the half at 30.00 € for 15.00 €', () => {
  const o = outcome(terms({ type: 'UMTAUSCHF', targetIsin: OTHER, ratioOld: '2', ratioNew: '1' }), 'ANNAHME', null, position({ held: '7', targetBid: '30' }));
  expect(o.sharesOut).toEqual([{ isin: SHARE, quantity: '7' }]);
  expect(o.sharesIn).toEqual([{ isin: OTHER, quantity: '3' }]);
  expect(o.fraction?.amount).toBe('15.00');
});

it('a scrip dividend of 100 × 0.85 € buys 4 shares at 19.00 € (76.00 €) and pays 9.00 € in cash', () => {
  const o = outcome(terms({ type: 'WDIV', dividend: '0.85', price: '19' }), 'BEZUG_STOCKDIVIDENDE', null, position({ held: '100' }));
  expect(o.sharesIn).toEqual([{ isin: SHARE, quantity: '4' }]);
  expect(o.cashCredit).toBe('9.00');
  expect(outcome(terms({ type: 'WDIV', dividend: '0.85', price: '19' }), 'BARDIVIDENDE', null, position({ held: '100' })).cashCredit).toBe('85.00');
});

it('a dividend with a currency choice: 100 × 0.90 USD at 0.92 € = 82.80 €, or the fixed 100 × 0.80 € = 80.00 €', () => {
  const wdif = terms({ type: 'WDIF', dividend: '0.80', foreignDividend: '0.90', currency: 'USD' });
  expect(outcome(wdif, 'WAEHRUNG_ORIGINAL', null, position({ held: '100', fxRate: '0.92' })).cashCredit).toBe('82.80');
  expect(outcome(wdif, 'WAEHRUNG_EUR', null, position({ held: '100', fxRate: '0.92' })).cashCredit).toBe('80.00');
});

it('a subscription of a new issue: 25 held at 10 : 1 allow 2 pieces; 2 at 10.00 € cost 21.00 € with the fee', () => {
  const z = terms({ type: 'ZEICHNUNG', targetIsin: OTHER, price: '10' });
  expect(caOutcome(z, 'BEZUG_AKTIEN_WIE_ANGEGEBEN', '3', position({ held: '25' }))).toEqual({ ok: false, message: 'Ihnen stehen höchstens 2 Stück zu.' });
  const o = outcome(z, 'BEZUG_AKTIEN_WIE_ANGEGEBEN', '2', position({ held: '25' }));
  expect(o.sharesIn).toEqual([{ isin: OTHER, quantity: '2' }]);
  expect(o.cashDebit).toBe('21.00');
});

describe('fractional rights of a consolidation 5 : 1 on 7 shares (1.4 new shares)', () => {
  const tr = terms({ type: 'TEILRECHT', ratioOld: '5', ratioNew: '1', price: '250' });
  it('sells the 0.4 at 245.00 € for 98.00 €, leaving 1 share', () => {
    const o = outcome(tr, 'TEILRECHT_VERKAUF_BRUCHSTUECKE', null, position({ held: '7', targetBid: '245' }));
    expect(o.fraction).toEqual({ isin: SHARE, quantity: '0.4', amount: '98.00', side: 'sell' });
    // 7 old shares become 1.4, less the 0.4 sold: 6 fewer pieces.
    expect(o.sharesOut).toEqual([{ isin: SHARE, quantity: '6' }]);
  });
  it('or buys 0.6 at 250.00 € for 150.00 € up to 2 shares', () => {
    const o = outcome(tr, 'TEILRECHT_KAUF_BRUCHSTUECKE', null, position({ held: '7', targetBid: '245' }));
    expect(o.fraction).toEqual({ isin: SHARE, quantity: '0.6', amount: '150.00', side: 'buy' });
    expect(o.sharesOut).toEqual([{ isin: SHARE, quantity: '5' }]);
    expect(o.reserve).toBe('150.00');
  });
});

it('the share price follows the event: bonus 10 : 1 × 10/11, consolidation 5 : 1 × 5, a rights issue 10 : 1 at 40 € on a 51 € share to 50 €', () => {
  expect(priceFactorOnEffect(terms({ type: 'KAP2' }), null)).toBe(new Decimal(10).div(11).toFixed());
  expect(priceFactorOnEffect(terms({ type: 'TEILRECHT', ratioOld: '5', ratioNew: '1' }), null)).toBe('5');
  // (10 × 51 + 1 × 40) / 11 = 50; 50 / 51 of the price.
  const kap = terms({ type: 'KAP', rightsIsin: RIGHTS, price: '40' });
  expect(new Decimal(priceFactorOnEffect(kap, '51')!).mul(51).toDecimalPlaces(10).toFixed()).toBe('50');
  // A subscription price above the market does not lift the share.
  expect(priceFactorOnEffect(kap, '30')).toBe('1');
  expect(priceFactorOnEffect(terms({ type: 'BARABF', price: '55' }), '50')).toBeNull();
});
