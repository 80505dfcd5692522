import { describe, expect, it } from 'vitest';
import { EMPTY_TAX_PAID, EMPTY_TAX_YEAR, type TaxableIncome, type TaxPaid, type TaxYear, taxCents, taxClassOf, taxEvent, taxOn } from './tax';

const share = taxClassOf({ instrumentType: 'AKTIE', name: 'SAP SE', isin: 'DE0007164600' });
const sale = (gain: string): TaxableIncome => ({ kind: 'sale', gain, taxClass: share });

describe('Soli and church tax drop fractions of a cent (§ 4 Satz 3 SolZG, the church-tax laws), and so does the KapESt', () => {
  it('kapest-34-51-gives-soli-1-89-not-1-90', () => {
    // A taxable 138.04 €: KapESt 25 % = 34.51 €; Soli 5.5 % = 1.89805 € → 1.89 € (half-up would give 1.90 €).
    expect(taxOn('138.04', '0.00', 'none')).toEqual({ capitalGainsTax: '34.51', solidaritySurcharge: '1.89', churchTax: '0.00', withholdingTaxCredited: '0.00' });
  });

  it('church-tax-8-and-9-percent-on-the-reduced-kapest', () => {
    // § 32d Abs. 1 Satz 4 EStG: KapESt = base ÷ (4 + k).
    // 9 %: 138.04 ÷ 4.09 = 33.7506… → 33.75; Soli 1.85625 → 1.85; church tax 3.0375 → 3.03.
    expect(taxOn('138.04', '0.00', '9')).toMatchObject({ capitalGainsTax: '33.75', solidaritySurcharge: '1.85', churchTax: '3.03' });
    // 8 %: 138.04 ÷ 4.08 = 33.8333… → 33.83; Soli 1.86065 → 1.86; church tax 2.7064 → 2.70.
    expect(taxOn('138.04', '0.00', '8')).toMatchObject({ capitalGainsTax: '33.83', solidaritySurcharge: '1.86', churchTax: '2.70' });
  });

  it('the-year-is-cut-once-so-two-halves-add-up-to-the-whole-and-a-refund-returns-exactly-that', () => {
    let state: { year: TaxYear; paid: TaxPaid } = { year: EMPTY_TAX_YEAR, paid: EMPTY_TAX_PAID };
    const step = (gain: string) => {
      const r = taxEvent(state, sale(gain), '0', '9');
      state = { year: r.year, paid: r.paid };
      return r.calculation;
    };
    // First half, 69.02 €: 69.02 ÷ 4.09 = 16.8753… → 16.87; Soli 0.92785 → 0.92; church tax 1.5183 → 1.51.
    expect(step('69.02')).toMatchObject({ capitalGainsTax: '16.87', solidaritySurcharge: '0.92', churchTax: '1.51' });
    // Second half: the year holds 138.04 € and owes 33.75 / 1.85 / 3.03 (above); this event withholds the difference:
    // 33.75 − 16.87 = 16.88; 1.85 − 0.92 = 0.93; 3.03 − 1.51 = 1.52.
    expect(step('69.02')).toMatchObject({ capitalGainsTax: '16.88', solidaritySurcharge: '0.93', churchTax: '1.52' });
    // A loss of 138.04 € brings the year to nil: exactly what was withheld comes back.
    expect(step('-138.04')).toMatchObject({ capitalGainsTax: '-33.75', solidaritySurcharge: '-1.85', churchTax: '-3.03' });
    expect(state.paid).toMatchObject({ capitalGainsTax: '0.00', solidaritySurcharge: '0.00', churchTax: '0.00' });
  });

  it('tax-cents-drop-fractions-and-never-round-up', () => {
    expect(taxCents('1.899999').toFixed(2)).toBe('1.89');
    expect(taxCents('0.009').toFixed(2)).toBe('0.00');
    expect(taxCents('2.70').toFixed(2)).toBe('2.70');
  });
});
