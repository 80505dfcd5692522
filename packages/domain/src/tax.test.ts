import { describe, expect, it } from 'vitest';
import { type Lot, sellFifo } from './lots';
import {
  certifyLosses,
  type ChurchTaxRate,
  EMPTY_TAX_PAID,
  EMPTY_TAX_YEAR,
  fundTypeOf,
  nextTaxYear,
  saleGain,
  settleYear,
  taxClassOf,
  taxEvent,
  type TaxableIncome,
  type TaxPaid,
  type TaxYear,
} from './tax';
import { dividendPayment, vorabpauschale } from './vorabpauschale';

const share = taxClassOf({ instrumentType: 'AKTIE', name: 'SAP SE', isin: 'DE0007164600' });
const equityEtf = taxClassOf({ instrumentType: 'ETF', name: 'iShares Core MSCI World UCITS ETF USD (Acc)', isin: 'IE00B4L5Y983' });
const certificate = taxClassOf({ instrumentType: 'DERIVAT', name: 'Call auf DAX', isin: 'DE000VU1DAX0' });
const sale = (gain: string, taxClass = share): TaxableIncome => ({ kind: 'sale', gain, taxClass });

/** Runs events through one year, as the server does, and returns each event's calculation. */
function run(events: TaxableIncome[], allowance = '0', church: ChurchTaxRate = 'none', start: TaxYear = EMPTY_TAX_YEAR) {
  let state: { year: TaxYear; paid: TaxPaid } = { year: start, paid: EMPTY_TAX_PAID };
  return events.map((e) => {
    const r = taxEvent(state, e, allowance, church);
    state = { year: r.year, paid: r.paid };
    return r;
  });
}

describe('German tax on investment income', () => {
  it('fifo-across-three-lots-with-fees', () => {
    // Three buys of 10 at 100, 110 and 120 €, each with a 1 € fee: the lots cost 1,001, 1,101 and 1,201 €.
    const lots: Lot[] = [
      { id: 'a', quantity: '10', remaining: '10', cost: '1001.00', remainingCost: '1001.00' },
      { id: 'b', quantity: '10', remaining: '10', cost: '1101.00', remainingCost: '1101.00' },
      { id: 'c', quantity: '10', remaining: '10', cost: '1201.00', remainingCost: '1201.00' },
    ];
    // Sell 25 at 130 € with a 1 € fee: proceeds 3,250 − 1 = 3,249 €.
    // Cost: 1,001 + 1,101 + half of 1,201 (600.50) = 2,702.50 €. Gain 546.50 €.
    const fifo = sellFifo(lots, '25', '3249.00');
    expect(fifo.consumed.map((c) => [c.lotId, c.quantity, c.cost])).toEqual([
      ['a', '10', '1001.00'],
      ['b', '10', '1101.00'],
      ['c', '5', '600.50'],
    ]);
    expect(saleGain(fifo)).toBe('546.50');
    // KapESt 25 % of 546.50 = 136.625 → 136.62 (fractions of a cent dropped); Soli 5.5 % of 136.62 = 7.5141 → 7.51.
    const [r] = run([sale(saleGain(fifo))]);
    expect(r!.calculation).toMatchObject({ capitalGainsTax: '136.62', solidaritySurcharge: '7.51', churchTax: '0.00' });
  });

  it('allowance-used-before-tax', () => {
    // Freistellungsauftrag 1,000 €. A gain of 800 € uses 800 € of it and is not taxed.
    const [first, second] = run([sale('800.00'), sale('500.00')], '1000.00');
    expect(first!.calculation).toMatchObject({ allowanceUsed: '800.00', capitalGainsTax: '0.00', solidaritySurcharge: '0.00' });
    // The next 500 € use the remaining 200 €; 300 € are taxed: KapESt 75.00, Soli 4.125 → 4.12.
    expect(second!.calculation).toMatchObject({ allowanceUsed: '200.00', capitalGainsTax: '75.00', solidaritySurcharge: '4.12' });
    expect(second!.paid.allowanceUsed).toBe('1000.00');
  });

  it('share-loss-offsets-a-later-share-gain-and-refunds-tax', () => {
    const [gain, loss, bigLoss, laterGain] = run([sale('1000.00'), sale('-400.00'), sale('-900.00'), sale('500.00')]);
    // 1,000 € gain: KapESt 250.00, Soli 13.75.
    expect(gain!.calculation).toMatchObject({ capitalGainsTax: '250.00', solidaritySurcharge: '13.75' });
    // A 400 € loss: the year nets 600 € → KapESt 150.00, Soli 8.25; refund 100.00 and 5.50.
    expect(loss!.calculation).toMatchObject({ capitalGainsTax: '-100.00', solidaritySurcharge: '-5.50', lossPotSharesAfter: '0.00' });
    // A 900 € loss: the year nets −300 €; the rest of the tax comes back (150.00, 8.25) and 300 € go to the share pot.
    expect(bigLoss!.calculation).toMatchObject({ capitalGainsTax: '-150.00', solidaritySurcharge: '-8.25', lossPotSharesAfter: '300.00' });
    // A later 500 € gain meets the 300 € pot: 200 € taxed → KapESt 50.00, Soli 2.75; the pot is empty.
    expect(laterGain!.calculation).toMatchObject({ capitalGainsTax: '50.00', solidaritySurcharge: '2.75', lossPotSharesBefore: '300.00', lossPotSharesAfter: '0.00' });
  });

  it('share-loss-does-not-offset-a-dividend-but-another-loss-offsets-a-share-gain', () => {
    // A 500 € share loss stays in the share pot; a 200 € dividend of a German share is taxed in full: KapESt 50.00.
    const [, dividend] = run([sale('-500.00'), { kind: 'dividend', gross: '200.00', taxClass: share, foreignTax: '0.00' }]);
    expect(dividend!.calculation).toMatchObject({ capitalGainsTax: '50.00', lossPotSharesAfter: '500.00' });
    // A 300 € loss on a certificate (other pot), then a 1,000 € share gain: 1,000 − 300 = 700 € taxed → KapESt 175.00.
    const [, shareGain] = run([sale('-300.00', certificate), sale('1000.00')]);
    expect(shareGain!.calculation).toMatchObject({ capitalGainsTax: '175.00', lossPotOtherBefore: '300.00', lossPotOtherAfter: '0.00' });
  });

  it('etf-gain-taxed-after-30-percent-teilfreistellung', () => {
    expect(equityEtf).toEqual({ pot: 'other', fundType: 'AKTIENFONDS', teilfreistellung: '0.30' });
    // 1,000 € gain on an equity ETF: 700 € taxable → KapESt 175.00, Soli 9.625 → 9.62.
    const [r] = run([sale('1000.00', equityEtf)]);
    expect(r!.calculation).toMatchObject({ taxablePart: '700.00', capitalGainsTax: '175.00', solidaritySurcharge: '9.62' });
    // A mixed fund keeps 85 %: 1,000 € → 850 € → KapESt 212.50.
    const mixed = taxClassOf({ instrumentType: 'FONDS', name: 'Flossbach von Storch - Multiple Opportunities R', isin: 'LU0323578657' });
    expect(run([sale('1000.00', mixed)])[0]!.calculation.capitalGainsTax).toBe('212.50');
    expect(fundTypeOf({ instrumentType: 'FONDS', name: 'hausInvest Immobilienfonds', isin: 'DE0009807016' })).toBe('IMMOBILIENFONDS');
    expect(fundTypeOf({ instrumentType: 'AKTIE', name: 'SAP SE', isin: 'DE0007164600' })).toBeNull();
  });

  it('church-tax-9-percent-lowers-kapest-to-24-45', () => {
    // 1,000 € ÷ 4.09 = 244.4987… → 244.49; Soli 5.5 % = 13.44695 → 13.44; church tax 9 % = 22.0041 → 22.00.
    const [nine] = run([sale('1000.00')], '0', '9');
    expect(nine!.calculation).toMatchObject({ capitalGainsTax: '244.49', solidaritySurcharge: '13.44', churchTax: '22.00' });
    // 8 %: 1,000 ÷ 4.08 = 245.0980… → 245.09; Soli 13.47995 → 13.47; church tax 19.6072 → 19.60.
    const [eight] = run([sale('1000.00')], '0', '8');
    expect(eight!.calculation).toMatchObject({ capitalGainsTax: '245.09', solidaritySurcharge: '13.47', churchTax: '19.60' });
  });

  it('us-dividend-withholding-credited-not-against-allowance', () => {
    // 100 shares × 1.00 $ at 0.90 €/$ = 90.00 € gross; US tax 15 % = 13.50 €.
    const apple = taxClassOf({ instrumentType: 'AKTIE', name: 'Apple Inc.', isin: 'US0378331005' });
    const paid = dividendPayment({ isin: 'US0378331005', quantity: '100', perShare: '1.00', fxRate: '0.90' });
    expect(paid).toEqual({ gross: '90.00', foreignTax: '13.50' });
    const dividend: TaxableIncome = { kind: 'dividend', gross: paid.gross, taxClass: apple, foreignTax: paid.foreignTax };
    // No allowance: KapESt 25 % of 90 = 22.50 − 13.50 credited = 9.00; Soli 0.495 → 0.49.
    expect(run([dividend])[0]!.calculation).toMatchObject({ capitalGainsTax: '9.00', solidaritySurcharge: '0.49', withholdingTaxCredited: '13.50' });
    // With 1,000 € allowance the gross 90 € use it; nothing is credited, the US tax is not given back by the allowance.
    expect(run([dividend], '1000.00')[0]!.calculation).toMatchObject({ allowanceUsed: '90.00', capitalGainsTax: '0.00', withholdingTaxCredited: '0.00' });
    // A German share's dividend has no foreign tax.
    expect(dividendPayment({ isin: 'DE0007164600', quantity: '10', perShare: '2.20', fxRate: '1' })).toEqual({ gross: '22.00', foreignTax: '0.00' });
  });

  it('vorabpauschale-booked-in-january-deducted-on-sale', () => {
    // 10 pieces of an accumulating equity ETF bought 15 March 2026; 100 € on 2 January, 110 € at year end.
    // Basisertrag 100 × 3.20 % × 0.7 = 2.24 € per piece (below the 10 € increase) × 10 = 22.40 €,
    // less 2/12 for January and February = 18.666… → 18.67 €.
    const vp = vorabpauschale({ year: 2026, quantity: '10', startPrice: '100', endPrice: '110', purchasedOn: '2026-03-15' });
    expect(vp).toBe('18.67');
    // Booked in January 2027: 70 % taxable = 13.069 → 13.07; KapESt 3.2675 → 3.26; Soli 0.1793 → 0.17.
    const [january] = run([{ kind: 'vorabpauschale', amount: vp, taxClass: equityEtf }]);
    expect(january!.calculation).toMatchObject({ taxablePart: '13.07', capitalGainsTax: '3.26', solidaritySurcharge: '0.17' });
    // Sold later in 2027 for 1,200 € after costs; bought for 1,000 €: gain 200 − 18.67 = 181.33 €.
    const lot: Lot = { id: 'etf', quantity: '10', remaining: '10', cost: '1000.00', remainingCost: '1000.00', remainingVorabpauschale: vp };
    const gain = saleGain(sellFifo([lot], '10', '1200.00'));
    expect(gain).toBe('181.33');
    // 70 % = 126.931 → 126.93; KapESt 31.7325 → 31.73; Soli 1.74515 → 1.74.
    expect(run([sale(gain, equityEtf)])[0]!.calculation).toMatchObject({ taxablePart: '126.93', capitalGainsTax: '31.73', solidaritySurcharge: '1.74' });
    // The cap: a year that rose only 1 € per piece gives 1 € per piece, held all year: 10.00 €.
    expect(vorabpauschale({ year: 2026, quantity: '10', startPrice: '100', endPrice: '101', purchasedOn: '2025-06-01' })).toBe('10.00');
    // A year with a loss gives none.
    expect(vorabpauschale({ year: 2026, quantity: '10', startPrice: '100', endPrice: '90', purchasedOn: '2025-06-01' })).toBe('0.00');
  });

  it('loss-certificate-empties-the-pots-and-uncertified-pots-carry-into-the-next-year', () => {
    const [r] = run([sale('-700.00'), sale('-200.00', certificate)]).slice(1);
    const year = r!.year;
    const s = settleYear(year, '0', 'none');
    expect([s.lossPotShares, s.lossPotOther]).toEqual(['700.00', '200.00']);
    // Certified: a later share gain of 500 € meets an empty pot and is taxed in full (KapESt 125.00).
    const certified = certifyLosses(year, s, { shares: true, other: true });
    expect(settleYear(certified, '0', 'none')).toMatchObject({ lossPotShares: '0.00', lossPotOther: '0.00' });
    const after = taxEvent({ year: certified, paid: r!.paid }, sale('500.00'), '0', 'none');
    expect(after.calculation.capitalGainsTax).toBe('125.00');
    // Not certified: the next year starts with both pots; a 500 € share gain is offset in full.
    const next = nextTaxYear(s);
    expect(run([sale('500.00')], '0', 'none', next)[0]!.calculation).toMatchObject({ capitalGainsTax: '0.00', lossPotSharesAfter: '200.00', lossPotOtherAfter: '200.00' });
  });
});
