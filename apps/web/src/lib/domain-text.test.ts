import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GridInstrument, orderShapeErrors, type OrderTicket } from '@kontor/domain/order-rules';
import { postalCodeIssue } from '@kontor/domain/service-requests';
import de from '../../public/assets/i18n/de.json';
import en from '../../public/assets/i18n/en.json';
import { missingDomainTexts } from '../../../../scripts/domain-text.mjs';
import './countries';
import './domain-labels';
import { domainText } from './domain-text';
import { i18n, initI18n, translationUrl } from './i18n';

const catalogue = (en as { domainText: Record<string, string> }).domainText;

describe('the catalogue of the domain’s German sentences', () => {
  it('has English for every sentence the domain and the server’s errors put before a customer', () => {
    expect(missingDomainTexts()).toEqual([]);
  });

  it('has no empty English', () => {
    expect(Object.entries(catalogue).filter(([, english]) => english.trim() === '')).toEqual([]);
  });

  it('keeps every value of a sentence in its English', () => {
    const lost = Object.entries(catalogue).filter(([german, english]) =>
      [...german.matchAll(/\{\d+\}/g)].some(([placeholder]) => !english.includes(placeholder)),
    );
    expect(lost).toEqual([]);
  });
});

describe('a German sentence of the domain in English mode', () => {
  beforeAll(async () => {
    await initI18n({
      language: 'en',
      fetch: async (url) => new Response(JSON.stringify([translationUrl('en', 'start'), translationUrl('en', 'rest')].includes(String(url)) ? en : de), { headers: { 'content-type': 'application/json' } }),
    });
  });
  afterAll(() => i18n.changeLanguage('de'));

  const share: GridInstrument = { minQty: '1', qtyIncr: '1', qtyScale: 0, priceIncr: '0.01', priceScale: 2 };
  const ticket = (t: Partial<OrderTicket>): OrderTicket =>
    ({ side: 'buy', kind: 'market', quantity: '1', amount: null, limit: null, stop: null, validity: { type: 'day' }, ...t }) as OrderTicket;

  it('reads in English when it is built from parts, each part translated', () => {
    const german = orderShapeErrors(ticket({ quantity: '1.5' }), share, new Date('2026-11-23T11:00:00Z')).quantity;
    expect(german).toBe('Die Stückzahl muss eine ganze Zahl sein.');
    expect(domainText(german!)).toBe('The quantity must be a whole number.');
  });

  it('keeps the values and translates a country inside the sentence', () => {
    const german = postalCodeIssue('AT', '12345');
    expect(german).toBe('Diese Postleitzahl passt nicht zu Österreich.');
    expect(domainText(german!)).toBe('This postcode does not match Austria.');
    expect(domainText('Sie können höchstens 7,5 Stück verkaufen.')).toBe('You can sell at most 7.5 shares.');
    expect(domainText('Sie können höchstens 1.234,5 Stück verkaufen.')).toBe('You can sell at most 1,234.5 shares.');
    expect(domainText('Der Betrag übersteigt Ihr auszahlbares Guthaben von 12.345,60\u00a0€.')).toBe('The amount exceeds your balance available for payout of €12,345.60.');
  });

  it('reads what the server writes for the customer: notifications, booking texts, document titles and notices, dates included', () => {
    expect(domainText('Order ausgeführt: Kauf SAP SE')).toBe('Order executed: Buy SAP SE');
    expect(domainText('3 Stück zu 239,12\u00a0€ ausgeführt.')).toBe('3 shares executed at €239.12.');
    expect(domainText('Verkauf 1.234,5 iShares Core MSCI World')).toBe('Sell 1,234.5 iShares Core MSCI World');
    expect(domainText('Wertpapierabrechnung Kauf SAP SE')).toBe('Contract note: buy SAP SE');
    // A title of a label and a name: the label in English.
    expect(domainText('Kapitalerhöhung gegen Bareinlage SAP SE DE0007164600')).toBe('Capital increase against cash SAP SE DE0007164600');
    expect(domainText('Auszahlung an DE89 **** **** **** **30 00 (ausgeführt)')).toBe('Payout to DE89 **** **** **** **30 00 (executed)');
    expect(domainText('Weisung zu SAP SE bis 10.12.2026 möglich')).toBe('Instruction on SAP SE possible until 10/12/2026');
    expect(domainText('Kapitalerhöhung gegen Bareinlage. Ihre Weisung ist bis 10.12.2026 12:00 Uhr möglich.')).toBe(
      'Capital increase against cash. You can give your instruction until 10/12/2026, 12:00.',
    );
  });

  it('stays German in German mode, and a sentence the catalogue does not know stays as it came', () => {
    expect(domainText('Die Stückzahl muss eine ganze Zahl sein.', 'de')).toBe('Die Stückzahl muss eine ganze Zahl sein.');
    expect(domainText('Etwas völlig Neues.')).toBe('Etwas völlig Neues.');
  });
});
