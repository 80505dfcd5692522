import Decimal from 'decimal.js';
import { type DividendHistory, paysDividends } from '@kontor/domain/dividends';
import type { Instrument } from '@kontor/domain/instrument';
import type { NewsItem } from '@kontor/domain/news';
import { seededRandom } from '../platform/random.ts';
import { formatNumber, toWireAmount } from '@kontor/domain/numbers';

/**
 * Generated reference data an instrument page shows beside the price: the dividend history of
 * shares and distributing ETFs, and news headlines. Deterministic per instrument (and per day for
 * news), so the same page shows the same data all day.
 */
const CURRENCY_SYMBOLS: Record<string, string> = { EUR: '€', USD: '$', GBP: '£', CHF: 'CHF', JPY: '¥' };

export function dividendHistory(instrument: Instrument, referencePrice: string, today: Date): DividendHistory {
  if (!paysDividends(instrument)) return { headline: 'Dieses Wertpapier schüttet keine Dividende aus.', entries: [] };
  const rng = seededRandom(`dividends:${instrument.isin}`);
  const symbol = CURRENCY_SYMBOLS[instrument.quoteCurrencyCode] ?? instrument.quoteCurrencyCode;
  const price = new Decimal(referencePrice);
  const baseYield = 0.8 + rng() * 3.2; // percent
  const year = today.getUTCFullYear();
  // Eight past years and next year's announced payment; the exposed history drops the future one.
  const entries = [];
  for (let y = year - 7; y <= year + 1; y++) {
    const yieldPercent = new Decimal(baseYield * (0.85 + rng() * 0.3)).toDecimalPlaces(2);
    const priceThen = price.mul(0.7 + 0.3 * ((y - (year - 7)) / 8));
    entries.push({
      year: y,
      yieldPercent: toWireAmount(yieldPercent),
      yieldAbsolute: toWireAmount(priceThen.mul(yieldPercent).div(100)),
      symbol,
    });
  }
  const last = entries.find((e) => e.year === year - 1)!;
  return { headline: `Dividendenrendite ${formatNumber(last.yieldPercent, 2)} % (${last.year})`, entries };
}

const TEMPLATES: [string, string][] = [
  ['{name}: Analysten heben Kursziel an', 'Mehrere Häuser sehen weiteres Potenzial und passen ihre Einschätzung nach oben an.'],
  ['{name} legt Quartalszahlen vor', 'Umsatz und Ergebnis lagen im Rahmen der Erwartungen; der Ausblick wurde bestätigt.'],
  ['{name} im Fokus der Anleger', 'Das Handelsvolumen lag am Vormittag deutlich über dem Durchschnitt der letzten Wochen.'],
  ['Branchenausblick: Was {name} jetzt erwartet', 'Ein Überblick über Chancen und Risiken für die kommenden Monate.'],
  ['{name}: Hauptversammlung beschließt Dividende', 'Die Aktionäre stimmten dem Vorschlag der Verwaltung mit großer Mehrheit zu.'],
  ['Charttechnik: {name} testet wichtige Marke', 'Charttechniker beobachten, ob die Unterstützung hält.'],
  ['{name} kündigt Investitionsprogramm an', 'Das Unternehmen will in den nächsten Jahren stärker in Digitalisierung und Effizienz investieren.'],
  ['Marktbericht: {name} unter den Tagesgewinnern', 'Im freundlichen Gesamtmarkt gehörte der Titel zu den stärksten Werten.'],
];
const SOURCES = ['Kontor Marktberichte', 'Börsen-Ticker', 'Finanznachrichten'];

export function newsFor(instrument: Instrument, now: Date, size: number): NewsItem[] {
  const name = instrument.shortName ?? instrument.name;
  const items: NewsItem[] = [];
  const dayMs = 86_400_000;
  for (let d = 0; items.length < size && d < 60; d++) {
    const day = Math.floor(now.getTime() / dayMs) - d;
    const rng = seededRandom(`news:${instrument.isin}:${day}`);
    if (rng() < 0.45) continue; // not every instrument is in the news every day
    const [title, summary] = TEMPLATES[Math.floor(rng() * TEMPLATES.length)]!;
    const published = new Date(day * dayMs + Math.floor((7 + rng() * 12) * 3_600_000));
    if (published > now) continue;
    items.push({
      id: `${instrument.isin}-${day}`,
      isin: instrument.isin,
      title: title.replace('{name}', name),
      summary,
      source: SOURCES[Math.floor(rng() * SOURCES.length)]!,
      publishedAt: published.toISOString(),
    });
  }
  return items;
}
