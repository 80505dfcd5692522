import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { marketEndpoints } from '@kontor/domain/endpoints/market';
import { type Quote, quoteSchema } from '@kontor/domain/quote';
import { api } from './api-client';

/** The stream route accepts at most this many ISINs per connection. */
const MAX_ISINS_PER_STREAM = 200;

export type LiveStatus = 'idle' | 'connecting' | 'live' | 'interrupted';

type Listener = (changed: ReadonlySet<string>) => void;
type StreamFactory = (url: string) => EventSource;

const messageSchema = z.array(quoteSchema);

/**
 * One set of live-quote connections for the whole app: every screen says which ISINs it shows, the
 * hub keeps the union subscribed (one EventSource per 200 ISINs) and tells each screen only about
 * the quotes it asked for. Screens opened together (instrument page, watchlist, depot) therefore
 * share a connection instead of each opening their own.
 */
export class QuoteHub {
  readonly #quotes = new Map<string, Quote>();
  readonly #counts = new Map<string, number>();
  readonly #listeners = new Set<Listener>();
  readonly #statusListeners = new Set<() => void>();
  readonly #open: (url: string) => EventSource;
  #sources: EventSource[] = [];
  #key = '';
  #status: LiveStatus = 'idle';
  #pending: ReturnType<typeof setTimeout> | undefined;

  constructor(open: StreamFactory = (url) => new EventSource(url, { withCredentials: true })) {
    this.#open = open;
  }

  quote(isin: string): Quote | undefined {
    return this.#quotes.get(isin);
  }

  get status(): LiveStatus {
    return this.#status;
  }

  /** Keeps the ISINs subscribed until the returned function is called. */
  subscribe(isins: readonly string[], listener: Listener): () => void {
    for (const isin of isins) this.#counts.set(isin, (this.#counts.get(isin) ?? 0) + 1);
    this.#listeners.add(listener);
    this.#schedule();
    return () => {
      this.#listeners.delete(listener);
      for (const isin of isins) {
        const n = (this.#counts.get(isin) ?? 1) - 1;
        if (n <= 0) this.#counts.delete(isin);
        else this.#counts.set(isin, n);
      }
      this.#schedule();
    };
  }

  onStatus(listener: () => void): () => void {
    this.#statusListeners.add(listener);
    return () => this.#statusListeners.delete(listener);
  }

  /** Quotes that arrived another way (a REST answer, an order result) count as the latest too. */
  accept(quotes: readonly Quote[]): void {
    const changed = new Set<string>();
    for (const q of quotes) {
      const known = this.#quotes.get(q.isin);
      // A quote older than the one shown never replaces it.
      if (known && known.ts > q.ts) continue;
      if (known && known.bid === q.bid && known.ask === q.ask && known.ts === q.ts) continue;
      this.#quotes.set(q.isin, q);
      changed.add(q.isin);
    }
    if (changed.size > 0) for (const l of this.#listeners) l(changed);
  }

  /** Connects anew now (a customer's "Erneut versuchen" after an outage). */
  retry(): void {
    this.#key = '';
    this.#reconnect();
  }

  close(): void {
    for (const s of this.#sources) s.close();
    this.#sources = [];
    this.#key = '';
    this.#setStatus('idle');
  }

  // Several screens mount in one render: reconnect once, after they all said what they need.
  #schedule(): void {
    if (this.#pending) return;
    this.#pending = setTimeout(() => {
      this.#pending = undefined;
      this.#reconnect();
    }, 20);
  }

  #reconnect(): void {
    const isins = [...this.#counts.keys()].sort();
    const key = isins.join(',');
    if (key === this.#key) return;
    for (const s of this.#sources) s.close();
    this.#sources = [];
    this.#key = key;
    if (isins.length === 0) {
      this.#setStatus('idle');
      return;
    }
    this.#setStatus('connecting');
    for (let i = 0; i < isins.length; i += MAX_ISINS_PER_STREAM) {
      const chunk = isins.slice(i, i + MAX_ISINS_PER_STREAM);
      const source = this.#open(api.url('/api/quotes/stream', { isins: chunk.join(',') }));
      source.onopen = () => this.#setStatus('live');
      source.onmessage = (event: MessageEvent<string>) => {
        const parsed = messageSchema.safeParse(safeJson(event.data));
        if (!parsed.success) return;
        this.#setStatus('live');
        this.accept(parsed.data);
      };
      // EventSource reconnects by itself (the server asks for 3 s); until then the prices are stale.
      source.onerror = () => this.#setStatus(source.readyState === 2 ? 'interrupted' : 'connecting');
      this.#sources.push(source);
    }
  }

  #setStatus(status: LiveStatus): void {
    if (status === this.#status) return;
    this.#status = status;
    for (const l of this.#statusListeners) l();
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export const quoteHub = new QuoteHub();

function pick(hub: QuoteHub, isins: readonly string[]): ReadonlyMap<string, Quote> {
  const map = new Map<string, Quote>();
  for (const isin of isins) {
    const q = hub.quote(isin);
    if (q) map.set(isin, q);
  }
  return map;
}

/** The live quotes of these ISINs; re-renders when one of them changes. */
export function useLiveQuotes(isins: readonly string[], hub: QuoteHub = quoteHub): ReadonlyMap<string, Quote> {
  const key = [...new Set(isins)].sort().join(',');
  const cache = useRef<{ key: string; quotes: (Quote | undefined)[]; map: ReadonlyMap<string, Quote> } | null>(null);
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = key ? key.split(',') : [];
      if (list.length === 0) return () => {};
      const wanted = new Set(list);
      return hub.subscribe(list, (changed) => {
        for (const isin of changed) if (wanted.has(isin)) return onChange();
      });
    },
    [key, hub],
  );
  // The same map object as long as none of the quotes changed, as useSyncExternalStore requires.
  const snapshot = () => {
    const list = key ? key.split(',') : [];
    const quotes = list.map((isin) => hub.quote(isin));
    const c = cache.current;
    if (c && c.key === key && c.quotes.every((q, i) => q === quotes[i])) return c.map;
    const map = pick(hub, list);
    cache.current = { key, quotes, map };
    return map;
  };
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

export function useLiveQuote(isin: string | undefined, hub: QuoteHub = quoteHub): Quote | undefined {
  return useLiveQuotes(isin ? [isin] : [], hub).get(isin ?? '');
}

/** How long a screen waits for an instrument's first quote before it calls it an outage. */
export const QUOTE_OUTAGE_AFTER_MS = 10_000;

/**
 * An outage of one instrument's quotes: no quote has come (the stream is down, or it runs but
 * brings none for this ISIN) within `after` of opening the screen or of the last retry. `retry`
 * connects anew and waits again.
 */
export function useQuoteOutage(isin: string, hub: QuoteHub = quoteHub, after = QUOTE_OUTAGE_AFTER_MS): { outage: boolean; retry: () => void } {
  const quote = useLiveQuote(isin, hub);
  const waiting = quote === undefined;
  const [attempt, setAttempt] = useState(0);
  // Which wait ran out (ISIN and attempt): a new ISIN or a retry starts a new wait.
  const wait = `${isin}:${attempt}`;
  const [expired, setExpired] = useState<string | null>(null);
  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(() => setExpired(wait), after);
    return () => clearTimeout(timer);
  }, [waiting, wait, after]);
  const retry = useCallback(() => {
    setAttempt((n) => n + 1);
    hub.retry();
  }, [hub]);
  return { outage: waiting && expired === wait, retry };
}

/** Whether the live prices are flowing, for a "Live" / "Verbindung unterbrochen" hint. */
export function useLiveStatus(hub: QuoteHub = quoteHub): LiveStatus {
  return useSyncExternalStore(
    (cb) => hub.onStatus(cb),
    () => hub.status,
    () => 'idle',
  );
}

/** The previous day's closes of these ISINs, for the day's change next to a live price. */
export function usePreviousCloses(isins: readonly string[]): ReadonlyMap<string, string> {
  const key = [...new Set(isins)].sort().join(',');
  const result = useQuery({
    queryKey: ['quotes', 'previous-close', key],
    enabled: key !== '',
    staleTime: 5 * 60_000,
    queryFn: ({ signal }) =>
      api.callUnparsed<typeof marketEndpoints.previousCloses>({ method: 'GET', path: '/api/quotes/previous-close' }, { query: { isins: key }, signal, skipGlobalErrorHandler: true }),
  });
  return useMemo(() => new Map((result.data ?? []).map((p) => [p.isin, p.previousClose])), [result.data]);
}
