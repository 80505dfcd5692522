import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Quote } from '@kontor/domain/quote';
import { QuoteHub, useLiveQuote } from './live-quotes';

class FakeSource {
  static opened: FakeSource[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((e: MessageEvent<string>) => void) | null = null;
  onerror: (() => void) | null = null;
  readyState = 0;
  closed = false;
  constructor(readonly url: string) {
    FakeSource.opened.push(this);
  }
  close() {
    this.closed = true;
    this.readyState = 2;
  }
  push(quotes: Quote[]) {
    this.onmessage?.({ data: JSON.stringify(quotes) } as MessageEvent<string>);
  }
}

const q = (isin: string, bid: string, ts = '2026-11-23T09:00:00.000Z'): Quote => ({ id: `${isin}-1`, isin, bid, ask: bid, ts });
const SAP = 'DE0007164600';
const ETF = 'IE00B4L5Y983';

function hub() {
  FakeSource.opened = [];
  return new QuoteHub((url) => new FakeSource(url) as unknown as EventSource);
}

afterEach(() => vi.useRealTimers());

describe('QuoteHub', () => {
  it('opens one stream for the union of what the screens show, and reopens when that changes', () => {
    vi.useFakeTimers();
    const h = hub();
    const offA = h.subscribe([SAP], () => {});
    const offB = h.subscribe([SAP, ETF], () => {});
    vi.advanceTimersByTime(50);
    expect(FakeSource.opened).toHaveLength(1);
    expect(decodeURIComponent(FakeSource.opened[0]!.url)).toBe(`/api/quotes/stream?isins=${SAP},${ETF}`);
    offB();
    vi.advanceTimersByTime(50);
    expect(FakeSource.opened[0]!.closed).toBe(true);
    expect(decodeURIComponent(FakeSource.opened[1]!.url)).toBe(`/api/quotes/stream?isins=${SAP}`);
    offA();
    vi.advanceTimersByTime(50);
    expect(FakeSource.opened[1]!.closed).toBe(true);
    expect(h.status).toBe('idle');
  });

  it('tells a screen only about its own ISINs and ignores an older quote or a broken message', () => {
    vi.useFakeTimers();
    const h = hub();
    const seen: string[][] = [];
    h.subscribe([SAP], (changed) => seen.push([...changed]));
    vi.advanceTimersByTime(50);
    const source = FakeSource.opened[0]!;
    source.push([q(SAP, '182.40', '2026-11-23T09:00:01.000Z')]);
    source.push([q(SAP, '181.00', '2026-11-23T09:00:00.000Z')]);
    source.onmessage?.({ data: 'kaputt' } as MessageEvent<string>);
    expect(h.quote(SAP)?.bid).toBe('182.40');
    expect(seen).toEqual([[SAP]]);
    expect(h.status).toBe('live');
  });

  it('re-renders a component with the newest quote', () => {
    vi.useFakeTimers();
    const h = hub();
    function Price() {
      const quote = useLiveQuote(SAP, h);
      return <span>{quote ? quote.bid : 'lädt'}</span>;
    }
    render(<Price />);
    expect(screen.getByText('lädt')).toBeDefined();
    act(() => vi.advanceTimersByTime(50));
    act(() => FakeSource.opened[0]!.push([q(SAP, '182.40')]));
    expect(screen.getByText('182.40')).toBeDefined();
  });
});
