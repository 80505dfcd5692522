import { EventEmitter } from 'node:events';
import type { Socket } from 'node:net';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Quote } from '@kontor/domain/quote';
import type { QuoteListener, QuoteSource, QuoteUpdate } from './feed.ts';
import { HEARTBEAT_MS, MAX_BACKLOG_BYTES, QuoteStreams, STREAM_FLUSH_MS } from './quote-streams.ts';

class FakeSocket extends EventEmitter {
  frames: Buffer[] = [];
  writableLength = 0;
  destroyed = false;
  write(frame: Buffer) {
    this.frames.push(frame);
    return true;
  }
  destroy() {
    if (this.destroyed) return;
    this.destroyed = true;
    this.emit('close');
  }
  get text() {
    return this.frames.map((f) => f.toString());
  }
}

/** A quote source whose ticks the test publishes by hand. */
function source() {
  const listeners = new Map<QuoteListener, ReadonlySet<string>>();
  const quotes: Pick<QuoteSource, 'subscribe'> & { publish(...q: Quote[]): void; subscriptions(): number } = {
    subscribe(isins, listener) {
      listeners.set(listener, isins);
      return () => listeners.delete(listener);
    },
    publish(...q) {
      const updates: QuoteUpdate[] = q.map((quote) => ({ quote, json: JSON.stringify(quote) }));
      for (const [l, isins] of listeners) {
        const mine = updates.filter((u) => isins.has(u.quote.isin));
        if (mine.length) l(mine);
      }
    },
    subscriptions: () => listeners.size,
  };
  return quotes;
}

const SAP = 'DE0007164600';
const MSCI = 'IE00B4L5Y983';
const quote = (isin: string, bid: string): Quote => ({ id: `${isin}-${bid}`, isin, bid, ask: bid, ts: new Date().toISOString() });
const sock = () => new FakeSocket() as FakeSocket & Socket;
/** Lets the pending write pass run. */
const written = () => new Promise((resolve) => setImmediate(resolve));
const data = (s: FakeSocket) => s.text.filter((t) => t.startsWith('data: ')).map((t) => (JSON.parse(t.slice(6)) as Quote[]).map((q) => `${q.isin} ${q.bid}`));

let quotes: ReturnType<typeof source>;
let streams: QuoteStreams;
beforeEach(() => {
  // Writes run on the real setImmediate; time and the throttle's timers are the test's.
  vi.useFakeTimers({ now: new Date('2026-11-23T11:00:00Z'), toFake: ['Date', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
  quotes = source();
  streams = new QuoteStreams(quotes);
});
afterEach(async () => {
  await streams.close();
  vi.useRealTimers();
});

describe('live quote streams', () => {
  it('streams watching the same ISINs share one subscription and one frame', async () => {
    const [a, b, c] = [sock(), sock(), sock()];
    streams.add([SAP, MSCI], a);
    streams.add([MSCI, SAP], b);
    streams.add([SAP], c);
    expect(quotes.subscriptions()).toBe(2);
    quotes.publish(quote(SAP, '180.00'), quote(MSCI, '104.00'));
    await written();
    expect(data(a)).toEqual([[`${SAP} 180.00`, `${MSCI} 104.00`]]);
    expect(b.frames[0]).toBe(a.frames[0]);
    expect(data(c)).toEqual([[`${SAP} 180.00`]]);
  });

  it('pushes right after a tick, then at most once per interval with the newest quote per ISIN', async () => {
    const s = sock();
    streams.add([SAP, MSCI], s);
    quotes.publish(quote(SAP, '180.00'));
    await written();
    expect(data(s)).toEqual([[`${SAP} 180.00`]]);
    await vi.advanceTimersByTimeAsync(50);
    quotes.publish(quote(SAP, '180.01'));
    quotes.publish(quote(MSCI, '104.00'), quote(SAP, '180.02'));
    await vi.advanceTimersByTimeAsync(STREAM_FLUSH_MS - 50 - 1);
    expect(data(s)).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await written();
    expect(data(s)).toEqual([[`${SAP} 180.00`], [`${SAP} 180.02`, `${MSCI} 104.00`]]);
    await vi.advanceTimersByTimeAsync(STREAM_FLUSH_MS);
    quotes.publish(quote(MSCI, '104.01'));
    await written();
    expect(data(s).at(-1)).toEqual([`${MSCI} 104.01`]);
  });

  it('a stream leaves when its socket closes, and the last one of a set ends the subscription', async () => {
    const [a, b] = [sock(), sock()];
    streams.add([SAP], a);
    streams.add([SAP], b);
    a.destroy();
    expect(streams.size).toBe(1);
    quotes.publish(quote(SAP, '180.00'));
    await written();
    expect(a.frames).toEqual([]);
    expect(data(b)).toHaveLength(1);
    b.emit('error', new Error('ECONNRESET'));
    expect(streams.size).toBe(0);
    expect(quotes.subscriptions()).toBe(0);
  });

  it('sends an idle stream a comment line, and none while quotes flow', async () => {
    const [idle, busy] = [sock(), sock()];
    streams.add([SAP], idle);
    streams.add([MSCI], busy);
    for (let t = 0; t < HEARTBEAT_MS; t += 1000) {
      quotes.publish(quote(MSCI, `104.${String(t / 1000).padStart(2, '0')}`));
      await vi.advanceTimersByTimeAsync(1000);
      await written();
    }
    await vi.advanceTimersByTimeAsync(HEARTBEAT_MS / 3);
    await written();
    expect(idle.text).toEqual([': ping\n\n']);
    expect(busy.text.every((t) => t.startsWith('data: '))).toBe(true);
  });

  it('drops a client that stopped reading, so it reconnects with a fresh snapshot', async () => {
    const [slow, fine] = [sock(), sock()];
    streams.add([SAP], slow);
    streams.add([SAP], fine);
    slow.writableLength = MAX_BACKLOG_BYTES + 1;
    quotes.publish(quote(SAP, '180.00'));
    await written();
    expect(slow.destroyed).toBe(true);
    expect(data(fine)).toHaveLength(1);
    expect(streams.size).toBe(1);
  });
});
