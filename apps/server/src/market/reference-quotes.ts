import type { ChartRange } from '@kontor/domain/enums';
import { quoteIsinOf } from '@kontor/domain/constants';
import type { Quote } from '@kontor/domain/quote';
import type { History } from './history.ts';
import type { QuoteListener, QuoteSource, QuoteUpdate } from './feed.ts';

/**
 * The reference ISINs of spec §9 (REFERENCE_ISINS, decision 024) are quoted through their quote
 * ISIN: the same quote, history and previous close, carrying the reference ISIN so that whoever
 * asked for it (the depot, an order on the old line, a chart) finds it under the ISIN it asked for.
 * Every other ISIN passes straight through: one object lookup on the order path.
 */
export function withReferenceQuotes(source: QuoteSource): QuoteSource {
  const relabel = (quote: Quote, isin: string): Quote => ({ ...quote, isin });
  return {
    current(isin) {
      const line = quoteIsinOf(isin);
      if (line === isin) return source.current(isin);
      const quote = source.current(line);
      return quote && relabel(quote, isin);
    },
    subscribe(isins: ReadonlySet<string>, listener: QuoteListener) {
      // Per quote line, the ISINs the subscriber asked for under it (its own among them, or not).
      const asked = new Map<string, string[]>();
      for (const isin of isins) {
        const line = quoteIsinOf(isin);
        asked.set(line, [...(asked.get(line) ?? []), isin]);
      }
      if ([...asked].every(([line, list]) => list.length === 1 && list[0] === line)) return source.subscribe(isins, listener);
      return source.subscribe(new Set(asked.keys()), (updates) => {
        const out: QuoteUpdate[] = [];
        for (const u of updates) {
          for (const isin of asked.get(u.quote.isin) ?? []) {
            if (isin === u.quote.isin) out.push(u);
            else {
              const quote = relabel(u.quote, isin);
              out.push({ quote, json: JSON.stringify(quote) });
            }
          }
        }
        if (out.length > 0) listener(out);
      });
    },
    history(isin: string, range: ChartRange, since?: Date): History | undefined {
      const history = source.history(quoteIsinOf(isin), range, since);
      return history && { ...history, isin };
    },
    previousClose: (isin) => source.previousClose(quoteIsinOf(isin)),
  };
}
