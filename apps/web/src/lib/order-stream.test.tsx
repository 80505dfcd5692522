import { act, render, screen, waitFor } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Depot, TradingOrder } from '@kontor/domain/trading-contracts';
import { Providers } from '../app/providers';
import { FakeEventSource } from '../test/fake-event-source';
import { testAuth, testConfig } from '../test/fixtures';
import { OrderStream, useOrderFallbackRefetch } from './order-stream';
import * as parsers from './order-stream-messages';
import { queryKeys } from './query-keys';

const TSL = 'a1111111-2222-4333-8444-555555555555';
const LIMIT = 'b1111111-2222-4333-8444-555555555555';

const order = (id: string, overrides: Partial<TradingOrder> = {}) => ({ id, kind: 'limit', status: 'Open', cancelStatus: null, stop: null, ...overrides }) as TradingOrder;
const depot = { positions: [], totals: { cost: '0.00', value: null, gain: null, gainPercent: null }, cash: { available: '100.00', reserved: '0.00', reservedParts: { openOrders: '0.00', corporateActions: '0.00', payouts: '0.00' }, total: '100.00' } } as Depot;

let client: QueryClient;

/** The cache as the pages left it: two orders in the open list, each one's page, the depot and the Posteingang. */
function seed() {
  client.setQueryData(queryKeys.order(TSL), order(TSL, { kind: 'tsl', stop: '95.00' }));
  client.setQueryData(queryKeys.order(LIMIT), order(LIMIT));
  client.setQueryData(queryKeys.orderList('open'), { orders: [order(TSL, { kind: 'tsl', stop: '95.00' }), order(LIMIT)] });
  client.setQueryData(queryKeys.depot, depot);
  client.setQueryData(queryKeys.inbox, { documents: [] });
  client.setQueryData(queryKeys.taxYear(null), { year: 2026 });
  client.setQueryData(queryKeys.notifications, { unread: 0, items: [] });
}

const stale = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated ?? false;

/** An open stream with the cache seeded after its catch-up. */
function liveStream() {
  const stream = new OrderStream(client, (url) => new FakeEventSource(url) as unknown as EventSource, parsers);
  stream.start();
  const source = FakeEventSource.opened.at(-1)!;
  source.open();
  seed();
  return { stream, source };
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeEventSource.opened = [];
  client = new QueryClient();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('order stream → cache', () => {
  it('opens /api/trading/stream once and is live when the server answers', () => {
    const stream = new OrderStream(client, (url) => new FakeEventSource(url) as unknown as EventSource, parsers);
    stream.start();
    stream.start();
    expect(FakeEventSource.opened.map((s) => s.url)).toEqual(['/api/trading/stream']);
    expect(stream.status).toBe('connecting');
    FakeEventSource.opened[0]!.open();
    expect(stream.status).toBe('live');
  });

  it('writes a trailing stop’s new stop into its page and the lists, without asking the server again', () => {
    const { source } = liveStream();
    source.emit('tslupdate', { type: 'tslupdate', orderId: TSL, at: '2026-11-23T10:00:00.000Z', stop: '96.50', previousStop: '95.00' });
    vi.advanceTimersByTime(50);
    expect(client.getQueryData<TradingOrder>(queryKeys.order(TSL))?.stop).toBe('96.50');
    expect(client.getQueryData<{ orders: TradingOrder[] }>(queryKeys.orderList('open'))?.orders.map((o) => o.stop)).toEqual(['96.50', null]);
    expect([stale(queryKeys.order(TSL)), stale(queryKeys.orderList('open')), stale(queryKeys.depot)]).toEqual([false, false, false]);
  });

  it('a status change fetches that order, the lists and the depot again; an execution the Posteingang and the tax year too', () => {
    const { source } = liveStream();
    source.emit('status', { type: 'status', orderId: LIMIT, at: '2026-11-23T10:00:00.000Z', display: 'Canceled', label: 'gestrichen' });
    vi.advanceTimersByTime(50);
    expect(stale(queryKeys.order(LIMIT))).toBe(true);
    expect(stale(queryKeys.orderList('open'))).toBe(true);
    expect(stale(queryKeys.depot)).toBe(true);
    expect(stale(queryKeys.order(TSL))).toBe(false);
    expect(stale(queryKeys.inbox)).toBe(false);
    expect(stale(queryKeys.notifications)).toBe(false);
    expect(stale(queryKeys.taxYear(null))).toBe(false);

    source.emit('execution', { type: 'execution', orderId: TSL, at: '2026-11-23T10:00:01.000Z', quantity: '1', price: '96.40' });
    vi.advanceTimersByTime(50);
    expect(stale(queryKeys.order(TSL))).toBe(true);
    expect(stale(queryKeys.inbox)).toBe(true);
    // A sale's tax changes the tax year.
    expect(stale(queryKeys.taxYear(null))).toBe(true);
    // Its notification comes with its own event, once written.
    expect(stale(queryKeys.notifications)).toBe(false);
  });

  it('a `notifications` event sets the bell’s count at once and fetches the list and the Posteingang again', () => {
    const { source } = liveStream();
    source.emit('notifications', { type: 'notifications', unread: 3 });
    expect(client.getQueryData<{ unread: number }>(queryKeys.notifications)?.unread).toBe(3);
    expect(stale(queryKeys.notifications)).toBe(true);
    // A document read in another tab reads its notification: this tab's Posteingang counts anew.
    expect(stale(queryKeys.inbox)).toBe(true);
    source.dispatchEvent(new MessageEvent('notifications', { data: '{"unread":"viele"}' }));
    expect(client.getQueryData<{ unread: number }>(queryKeys.notifications)?.unread).toBe(3);
  });

  it('handles the messages of one burst (a fill: status and execution) together', () => {
    const { source } = liveStream();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    source.emit('status', { type: 'status', orderId: LIMIT, at: '2026-11-23T10:00:00.000Z', display: 'Filled', label: 'ausgeführt' });
    source.emit('execution', { type: 'execution', orderId: LIMIT, at: '2026-11-23T10:00:00.000Z', quantity: '2', price: '150' });
    expect(invalidate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(50);
    // The order, the lists, the depot, the Posteingang, the tax: each once.
    expect(invalidate).toHaveBeenCalledTimes(5);
  });

  it('ignores a message it cannot read', () => {
    const { source } = liveStream();
    source.dispatchEvent(new MessageEvent('status', { data: 'not json' }));
    source.emit('execution', { orderId: LIMIT });
    vi.advanceTimersByTime(50);
    expect(stale(queryKeys.depot)).toBe(false);
  });

  it('opens again after the server refused it, and once open fetches what it may have missed', () => {
    const { stream, source } = liveStream();
    source.fail();
    expect(stream.status).toBe('interrupted');
    vi.advanceTimersByTime(999);
    expect(FakeEventSource.opened).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeEventSource.opened).toHaveLength(2);
    expect(stale(queryKeys.depot)).toBe(false);
    FakeEventSource.opened[1]!.open();
    expect(stream.status).toBe('live');
    expect([stale(queryKeys.depot), stale(queryKeys.order(LIMIT)), stale(queryKeys.orderList('open')), stale(queryKeys.inbox)]).toEqual([true, true, true, true]);
  });

  it('stop closes the stream and drops what was still queued', () => {
    const { stream, source } = liveStream();
    source.emit('status', { type: 'status', orderId: LIMIT, at: '2026-11-23T10:00:00.000Z', display: 'Canceled', label: 'gestrichen' });
    stream.stop();
    vi.advanceTimersByTime(50);
    expect(source.closed).toBe(true);
    expect(stream.status).toBe('idle');
    expect(stale(queryKeys.depot)).toBe(false);
  });
});

function Polling() {
  const fallback = useOrderFallbackRefetch();
  return <p>{fallback === false ? 'Aktualisierung über den Stream' : `Abfrage alle ${fallback / 1000} s`}</p>;
}

describe('one order stream per signed-in session', () => {
  it('opens with the sign-in, stops the fallback refetch while live, and closes at sign-out', async () => {
    vi.useRealTimers();
    vi.stubGlobal('EventSource', FakeEventSource);
    const auth = testAuth();
    render(
      <Providers config={testConfig()} auth={auth}>
        <Polling />
      </Providers>,
    );
    await waitFor(() => expect(FakeEventSource.openAt('/api/trading/stream')).toHaveLength(1));
    expect(screen.getByText('Abfrage alle 30 s')).toBeTruthy();
    act(() => FakeEventSource.openAt('/api/trading/stream')[0]!.open());
    expect(screen.getByText('Aktualisierung über den Stream')).toBeTruthy();

    await act(() => auth.signOut());
    expect(FakeEventSource.openAt('/api/trading/stream')).toHaveLength(0);
    expect(FakeEventSource.opened.every((s) => s.closed)).toBe(true);
    expect(screen.getByText('Abfrage alle 30 s')).toBeTruthy();
  });
});
