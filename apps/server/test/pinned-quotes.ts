import type { Quote } from '@kontor/domain/quote';
import type { ChartRange } from '@kontor/domain/enums';
import type { QuoteSource } from '../src/market/feed.ts';
import type { Bar, History } from '../src/market/history.ts';

/**
 * A market whose prices stand still at what the test sets: the money a test works out in cents
 * does not depend on a random walk. An instrument without a price has no quote (and no history).
 */
export class PinnedQuotes implements QuoteSource {
  readonly #quotes = new Map<string, Quote>();
  readonly #history = new Map<string, Bar[]>();

  pin(isin: string, bid: string, ask: string): void {
    this.#quotes.set(isin, { id: `pinned-${isin}-${bid}-${ask}`, isin, bid, ask, ts: new Date().toISOString() });
  }
  unpin(isin: string): void {
    this.#quotes.delete(isin);
  }
  current(isin: string): Quote | undefined {
    return this.#quotes.get(isin);
  }
  subscribe(): () => void {
    return () => {};
  }
  /** Daily closes of the past (oldest first), for what reads prices of a day gone by (a statement, the Vorabpauschale). */
  pinHistory(isin: string, closes: readonly { t: string; c: string }[]): void {
    this.#history.set(isin, closes.map(({ t, c }) => ({ t, o: c, h: c, l: c, c })));
  }
  history(isin: string, range: ChartRange): History | undefined {
    const bars = this.#history.get(isin);
    return bars && { isin, range, resolution: '1d', bars };
  }
  previousClose(isin: string): string | undefined {
    return this.#quotes.get(isin)?.bid;
  }
}
