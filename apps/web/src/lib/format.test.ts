import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatMoney, formatPercent, formatQuantity, PRICE_DIGITS, priceDecimals } from './format';

// The rules themselves are tested in packages/domain (numbers-…, dates-… tests); here only what the web adds.
const nbsp = '\u00a0';

describe('web formats', () => {
  it('prices with the decimals they have, within bounds', () => {
    expect(formatMoney('0.003', 'EUR', { fractionDigits: PRICE_DIGITS })).toBe(`0,003${nbsp}€`);
    expect(formatMoney('200.1', 'EUR', { fractionDigits: PRICE_DIGITS })).toBe(`200,10${nbsp}€`);
    expect(priceDecimals(0)).toBe(2);
    expect(priceDecimals(3)).toBe(3);
    expect(priceDecimals(12)).toBe(8);
  });

  it('speaks German in Berlin time', () => {
    expect(formatDateTime('2024-03-05T13:30:00Z')).toBe('05.03.2024, 14:30');
    expect(formatQuantity('0.12345678')).toBe('0,12345678');
  });

  describe('after the customer switched to English', () => {
    beforeAll(() => (i18next.isInitialized ? undefined : i18next.init({ lng: 'de', resources: { de: { translation: {} }, en: { translation: {} } } })));
    afterEach(() => i18next.changeLanguage('de'));

    it('writes numbers, money and dates as an English reader expects, still in Berlin time', async () => {
      await i18next.changeLanguage('en');
      expect(formatMoney('1234.56')).toBe('€1,234.56');
      expect(formatQuantity('2.692511')).toBe('2.692511');
      expect(formatPercent('-6.52')).toBe('-6.52%');
      expect(formatDate('2026-11-28')).toBe('28/11/2026');
      expect(formatDateTime('2024-03-05T13:30:00Z')).toBe('05/03/2024, 14:30');
    });

    it('an explicit German locale still wins (a file for a German spreadsheet)', async () => {
      await i18next.changeLanguage('en');
      expect(formatMoney('1234.56', 'EUR', { locale: 'de' })).toBe(`1.234,56${nbsp}€`);
    });
  });
});
