import { describe, expect, it } from 'vitest';
import { type CaPosition, type CaTerms, caOutcome, scaledPieces } from './corporate-actions';

const terms = (t: Partial<CaTerms> & Pick<CaTerms, 'type'>): CaTerms => ({
  isin: 'DE0007236101',
  targetIsin: 'DE0007236101',
  rightsIsin: null,
  ratioOld: '3',
  ratioNew: '1',
  price: null,
  dividend: null,
  foreignDividend: null,
  currency: null,
  ...t,
});
const holding = (held: string): CaPosition => ({ held, rights: '0', rightsBid: null, rightsAsk: null, targetBid: '80', fxRate: null });

// A factor of 4/3 is 1.333…3 as a decimal string: 3 × it must be 4 pieces, not 3.999999.
describe('a ratio in thirds', () => {
  it('scales 3 pieces by 4/3 to 4', () => {
    expect(scaledPieces('3', '1.3333333333333333333')).toBe('4');
    expect(scaledPieces('10', '0.66666666666666666667')).toBe('6.666666');
  });

  it('bonus shares 3 : 1 on 3 held bring 1 whole new piece and no fraction to sell', () => {
    const r = caOutcome(terms({ type: 'KAP2' }), null, null, holding('3'));
    expect(r.ok && r.outcome).toMatchObject({ sharesIn: [{ isin: 'DE0007236101', quantity: '1' }], sharesOut: [], fraction: null, cashCredit: '0.00' });
  });

  it('an exchange 3 : 4 of 3 shares brings 4 of the target', () => {
    const r = caOutcome(terms({ type: 'UMTAUSCHF', targetIsin: 'DE0008430026', ratioOld: '3', ratioNew: '4' }), 'ANNAHME', null, holding('3'));
    expect(r.ok && r.outcome).toMatchObject({ sharesIn: [{ isin: 'DE0008430026', quantity: '4' }], sharesOut: [{ isin: 'DE0007236101', quantity: '3' }], fraction: null });
  });
});
