import { describe, expect, it } from 'vitest';
import { caNetCash, caOutcome, rightsValue, type CaPosition, type CaTerms } from './corporate-actions';

const SHARE = 'DE0007164600';
const RIGHTS = 'XR0007164607';

/** A rights issue 5 : 1 (m = 5 old shares give n = 1 new share) at the subscription price P = 128.53 €. */
const kap: CaTerms = { type: 'KAP', isin: SHARE, targetIsin: SHARE, rightsIsin: RIGHTS, ratioOld: '5', ratioNew: '1', price: '128.53', dividend: null, foreignDividend: null, currency: null };
const holding = (rights: string, rightsBid: string): CaPosition => ({ held: rights, rights, rightsBid, rightsAsk: null, targetBid: null, fxRate: null });

function outcome(...args: Parameters<typeof caOutcome>) {
  const r = caOutcome(...args);
  if (!r.ok) throw new Error(r.message);
  return r.outcome;
}

describe('a subscription right after the ex date is worth n·(S_ex − P)/m on the ex price', () => {
  it('the default sale of 12 rights at S_ex 155.32 € brings 63.30 €, not 52.58 €', () => {
    // Per right: 1 × (155.32 − 128.53) / 5 = 26.79 / 5 = 5.358 € exactly (bid: down to a tenth of a cent, nothing to cut).
    const bid = rightsValue(kap, '155.32', 'bid', 'ex');
    expect(bid).toBe('5.358');
    // 12 × 5.358 = 64.296 € → half up to the cent 64.30 €, less the 1.00 € fee = 63.30 €.
    const o = outcome(kap, 'BEZUGSRECHTE_VERKAUFEN', null, holding('12', bid));
    expect(o.steps).toEqual([{ step: 'sell', isin: RIGHTS, quantity: '12', price: '5.358', proceeds: '63.30', fee: '1.00', reason: 'rights' }]);
    expect([o.cashCredit, o.cashDebit, o.costs]).toEqual(['63.30', '0.00', '1.00']);
    expect(caNetCash(o, '0')).toBe('63.30');
    // The cum formula on the ex price gave 26.79 / 6 = 4.465 €: 12 × 4.465 = 53.58 − 1.00 = 52.58 € (what was booked before).
    expect(rightsValue(kap, '155.32', 'bid', 'cum')).toBe('4.465');
  });

  it('before the ex date the cum price gives the same value: S_cum 160.678 € → 32.148 / 6 = 5.358 €', () => {
    // The theoretical ex price of S_cum is (5 × 160.678 + 128.53) / 6 = 931.92 / 6 = 155.32 €.
    expect(rightsValue(kap, '160.678', 'bid', 'cum')).toBe('5.358');
    expect(rightsValue(kap, '160.678', 'ask', 'cum')).toBe('5.358');
    // The ask side rounds up: (155.33 − 128.53) / 5 = 5.36 exactly; (155.331 − 128.53) / 5 = 5.3602 → 5.361.
    expect(rightsValue(kap, '155.331', 'ask', 'ex')).toBe('5.361');
    expect(rightsValue(kap, '155.331', 'bid', 'ex')).toBe('5.360');
    // Below the subscription price a right is worth nothing.
    expect(rightsValue(kap, '120.00', 'bid', 'ex')).toBe('0.000');
  });

  it('one right at S_ex 134.00 € is worth 1.094 € and is sold (0.09 € after the fee); on the cum formula (0.911 €) it would have lapsed', () => {
    // (134.00 − 128.53) / 5 = 5.47 / 5 = 1.094 €: 1 × 1.094 → 1.09 € > 1.00 € fee.
    const sold = outcome(kap, 'BEZUGSRECHTE_VERKAUFEN', null, holding('1', rightsValue(kap, '134.00', 'bid', 'ex')));
    expect([sold.rightsSold, sold.rightsLapsed, sold.cashCredit]).toEqual(['1', '0', '0.09']);
    // 5.47 / 6 = 0.91166… → 0.911 €: no more than the fee, so it lapses.
    const lapsed = outcome(kap, 'BEZUGSRECHTE_VERKAUFEN', null, holding('1', rightsValue(kap, '134.00', 'bid', 'cum')));
    expect([lapsed.rightsSold, lapsed.rightsLapsed, lapsed.cashCredit]).toEqual(['0', '1', '0.00']);
  });
});
