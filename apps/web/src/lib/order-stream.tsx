import { createContext, useContext, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { notificationListSchema } from '@kontor/domain/notifications';
import type { OrderStreamMessage, TradingOrder } from '@kontor/domain/trading-contracts';
import type { z } from 'zod';
import { api } from './api-client';
import type * as OrderStreamMessages from './order-stream-messages';
import { useAuth } from './auth';
import { queryKeys } from './query-keys';

/**
 * The customer's live order messages (GET /api/trading/stream, Server-Sent Events), one stream per
 * signed-in session: each message refreshes what shows the order — its page, the order lists, the
 * depot and, for an execution, the Posteingang with its contract note. Decision 012. The same
 * stream carries the bell's unread count (`notifications`), so the bell never polls.
 */

export type OrderStreamStatus = 'idle' | 'connecting' | 'live' | 'interrupted';

/** While no stream delivers (not yet open, refused, or a browser without EventSource), open orders and the depot are looked at again this often. */
export const FALLBACK_REFETCH_MS = 30_000;

/** EventSource gives up after an HTTP error (a 401 before the session cookie is there, a 502): it is opened again after these waits. */
const REOPEN_AFTER_MS = [1_000, 3_000, 10_000, 30_000] as const;

/** Messages of one burst (a fill is a status and an execution) are handled together. */
const BATCH_MS = 50;

const MESSAGE_TYPES = ['status', 'execution', 'tslupdate'] as const;

export type OrderMessage = OrderStreamMessage;

type OrderList = { orders: TradingOrder[] };

/** The new stop of a trailing stop, written into every cached view of the order. */
function moveStop(client: QueryClient, orderId: string, stop: string): void {
  client.setQueryData<TradingOrder>(queryKeys.order(orderId), (old) => old && { ...old, stop });
  client.setQueriesData<OrderList>({ queryKey: queryKeys.orderLists }, (old) =>
    old && { ...old, orders: old.orders.map((o) => (o.id === orderId ? { ...o, stop } : o)) },
  );
}

/**
 * What a batch of messages changes in the cache. A trailing stop rises with every rising tick:
 * its stop is written in place, without asking the server. A status change or an execution
 * changes more (fills, reservations, pieces, documents): those views are fetched again.
 */
export function applyOrderMessages(client: QueryClient, messages: readonly OrderMessage[]): void {
  for (const m of messages) if (m.type === 'tslupdate') moveStop(client, m.orderId, m.stop);
  const changed = messages.filter((m) => m.type !== 'tslupdate');
  if (changed.length === 0) return;
  // A fetch already under way is newer than the message and is kept.
  const keep = { cancelRefetch: false };
  for (const orderId of new Set(changed.map((m) => m.orderId))) void client.invalidateQueries({ queryKey: queryKeys.order(orderId) }, keep);
  void client.invalidateQueries({ queryKey: queryKeys.orderLists }, keep);
  void client.invalidateQueries({ queryKey: queryKeys.depot }, keep);
  // An execution brings its contract note (its notification is announced by the `notifications` event),
  // and a sale's tax changes the tax year.
  if (changed.some((m) => m.type === 'execution')) {
    void client.invalidateQueries({ queryKey: queryKeys.inbox }, keep);
    void client.invalidateQueries({ queryKey: queryKeys.tax }, keep);
  }
}

type NotificationList = z.infer<typeof notificationListSchema>;

/**
 * The `notifications` event: the bell's unread count changed (a notification was written or read,
 * by any source: another tab or device too). The count is shown at once; the list behind it is
 * fetched again, and so is the Posteingang's, whose documents and messages are read with their
 * notifications (one unread count everywhere).
 */
export function applyNotificationsEvent(client: QueryClient, { unread }: { unread: number }): void {
  client.setQueryData<NotificationList>(queryKeys.notifications, (old) => old && { ...old, unread });
  void client.invalidateQueries({ queryKey: queryKeys.notifications }, { cancelRefetch: false });
  void client.invalidateQueries({ queryKey: queryKeys.inbox }, { cancelRefetch: false });
}

/** Everything an order message can change: fetched again after the stream (re)opens, since messages sent meanwhile are lost. */
function catchUp(client: QueryClient): void {
  const keep = { cancelRefetch: false };
  void client.invalidateQueries({ queryKey: queryKeys.orders }, keep);
  void client.invalidateQueries({ queryKey: queryKeys.depot }, keep);
  void client.invalidateQueries({ queryKey: queryKeys.inbox }, keep);
  void client.invalidateQueries({ queryKey: queryKeys.notifications }, keep);
  void client.invalidateQueries({ queryKey: queryKeys.tax }, keep);
}

type Open = (url: string) => EventSource;

type Parsers = typeof OrderStreamMessages;

/** The message parsers load with the stream, not with the app (they bring the shared schemas). */
const loadParsers = (): Promise<Parsers> => import('./order-stream-messages');

/** EventSource.CLOSED: the browser gave up on this connection. */
const CLOSED = 2;

/** The browser's EventSource; none in a browser without it (the fallback refetch then does the work). */
function browserEventSource(): Open | null {
  return typeof EventSource === 'undefined' ? null : (url) => new EventSource(url, { withCredentials: true });
}

export class OrderStream {
  readonly #client: QueryClient;
  readonly #open: Open | undefined;
  readonly #loadParsers: () => Promise<Parsers>;
  #parsers: Parsers | null = null;
  #loadingParsers: Promise<void> | null = null;
  /** Messages that arrived before the parsers did, in order. */
  #unparsed: ((parsers: Parsers) => void)[] = [];
  readonly #listeners = new Set<() => void>();
  #source: EventSource | null = null;
  #status: OrderStreamStatus = 'idle';
  #started = false;
  #refusals = 0;
  #reopen: ReturnType<typeof setTimeout> | undefined;
  #pending: OrderMessage[] = [];
  #flush: ReturnType<typeof setTimeout> | undefined;

  /**
   * `open`: how a stream is opened; the browser's EventSource unless a test passes its own.
   * `parsers`: the message parsers, loaded on first start unless given.
   */
  constructor(client: QueryClient, open?: Open, parsers?: Parsers) {
    this.#client = client;
    this.#open = open;
    this.#parsers = parsers ?? null;
    this.#loadParsers = loadParsers;
  }

  get status(): OrderStreamStatus {
    return this.#status;
  }

  onStatus(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Opens the stream (once; again after stop). */
  start(): void {
    if (this.#started) return;
    this.#started = true;
    this.#refusals = 0;
    this.#prepareParsers();
    this.#connect();
  }

  #prepareParsers(): Promise<void> {
    if (this.#parsers) return Promise.resolve();
    this.#loadingParsers ??= this.#loadParsers().then(
      (parsers) => {
        this.#parsers = parsers;
        const waiting = this.#unparsed;
        this.#unparsed = [];
        for (const handle of waiting) handle(parsers);
      },
      (error: unknown) => {
        // Offline: tried again with the next message; the catch-up after a reopen covers what was missed.
        this.#loadingParsers = null;
        console.warn('Order stream messages could not be read', error);
      },
    );
    return this.#loadingParsers;
  }

  /** Handles a message with the parsers, at once or once they are there (order kept). */
  #withParsers(handle: (parsers: Parsers) => void): void {
    if (this.#parsers) {
      handle(this.#parsers);
      return;
    }
    this.#unparsed.push(handle);
    void this.#prepareParsers();
  }

  /** Closes the stream, e.g. at sign-out; what is still queued is dropped with the customer's data. */
  stop(): void {
    this.#started = false;
    clearTimeout(this.#reopen);
    clearTimeout(this.#flush);
    this.#pending = [];
    this.#unparsed = [];
    this.#source?.close();
    this.#source = null;
    this.#setStatus('idle');
  }

  #connect(): void {
    const open = this.#open ?? browserEventSource();
    if (!open) return;
    const source = open(api.url('/api/trading/stream'));
    this.#source = source;
    this.#setStatus('connecting');
    source.onopen = () => {
      this.#refusals = 0;
      this.#setStatus('live');
      catchUp(this.#client);
    };
    for (const type of MESSAGE_TYPES) {
      source.addEventListener(type, (event) => {
        const { data } = event as MessageEvent;
        this.#withParsers(({ parseOrderMessage }) => {
          const message = parseOrderMessage(type, data);
          if (message) this.#queue(message);
        });
      });
    }
    source.addEventListener('notifications', (event) => {
      const { data } = event as MessageEvent;
      this.#withParsers(({ parseNotificationsEvent }) => {
        const parsed = parseNotificationsEvent(data);
        if (parsed) applyNotificationsEvent(this.#client, parsed);
      });
    });
    source.onerror = () => {
      if (source !== this.#source) return;
      // CONNECTING: the browser tries again by itself (the server asks for 3 s). CLOSED: it gave up.
      if (source.readyState !== CLOSED) {
        this.#setStatus('connecting');
        return;
      }
      source.close();
      this.#source = null;
      this.#setStatus('interrupted');
      const wait = REOPEN_AFTER_MS[Math.min(this.#refusals, REOPEN_AFTER_MS.length - 1)];
      this.#refusals += 1;
      this.#reopen = setTimeout(() => {
        if (this.#started) this.#connect();
      }, wait);
    };
  }

  #queue(message: OrderMessage): void {
    this.#pending.push(message);
    this.#flush ??= setTimeout(() => {
      this.#flush = undefined;
      const batch = this.#pending;
      this.#pending = [];
      applyOrderMessages(this.#client, batch);
    }, BATCH_MS);
  }

  #setStatus(status: OrderStreamStatus): void {
    if (status === this.#status) return;
    this.#status = status;
    for (const listener of this.#listeners) listener();
  }
}

const OrderStreamContext = createContext<OrderStream | null>(null);

/**
 * Holds the one order stream of the app: open while a customer is signed in, closed at sign-out
 * (and when the app unmounts). Mounted once, in app/providers.
 */
export function OrderStreamProvider({ client, open, children }: { client: QueryClient; open?: Open; children: ReactNode }) {
  const auth = useAuth();
  const [stream] = useState(() => new OrderStream(client, open));
  useEffect(() => {
    const follow = () => (auth.store.getSnapshot().status === 'signedIn' ? stream.start() : stream.stop());
    follow();
    const off = auth.store.subscribe(follow);
    return () => {
      off();
      stream.stop();
    };
  }, [auth, stream]);
  return <OrderStreamContext.Provider value={stream}>{children}</OrderStreamContext.Provider>;
}

/**
 * The refetch interval for views an order message would refresh: none while the stream
 * delivers, the slow fallback while it does not.
 */
export function useOrderFallbackRefetch(): number | false {
  const stream = useContext(OrderStreamContext);
  const live = useSyncExternalStore(
    (onChange) => stream?.onStatus(onChange) ?? (() => {}),
    () => stream?.status === 'live',
    () => false,
  );
  return live ? false : FALLBACK_REFETCH_MS;
}
