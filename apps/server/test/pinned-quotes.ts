import type { Quote } from '@kontor/domain/quote';
import type { QuoteSource } from '../src/market/feed.ts';

/**
 * A market whose prices stand still at what the test sets: the money a test works out in cents
 * does not depend on a random walk. An instrument without a price has no quote (and no history).
 */
export class PinnedQuotes implements QuoteSource {
  readonly #quotes = new Map<string, Quote>();

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
  history(): undefined {
    return undefined;
  }
  previousClose(isin: string): string | undefined {
    return this.#quotes.get(isin)?.bid;
  }
}
