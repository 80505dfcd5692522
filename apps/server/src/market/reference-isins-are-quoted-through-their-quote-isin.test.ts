import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFERENCE_ISINS, quoteIsinOf } from '@kontor/domain/constants';
import type { Quote } from '@kontor/domain/quote';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { customerWithCash } from '../../test/money-kit.ts';
import { isinCheckDigit } from '../instruments/isin.ts';
import type { QuoteUpdate, SimulatedMarket } from './feed.ts';
import { withReferenceQuotes } from './reference-quotes.ts';

const PAIRS = Object.entries(REFERENCE_ISINS);
const BAYER_BEARER = 'DE0005752000';
const BAYER = 'DE000BAY0017';

describe('the seven reference ISINs of spec §9', () => {
  it('are seven valid ISINs, each mapped to another line that is no reference ISIN itself', () => {
    expect(PAIRS).toHaveLength(7);
    for (const [isin, line] of PAIRS) {
      for (const code of [isin, line]) expect(isinCheckDigit(code.slice(0, 11)), code).toBe(code[11]);
      expect(line).not.toBe(isin);
      expect(quoteIsinOf(line)).toBe(line);
      expect(quoteIsinOf(isin)).toBe(line);
    }
    expect(quoteIsinOf('DE0007164600')).toBe('DE0007164600');
    expect(quoteIsinOf('constructor')).toBe('constructor');
  });
});

describe('quoting a reference ISIN', () => {
  let t: TestApp;
  let anna: Awaited<ReturnType<typeof customerWithCash>>;
  beforeAll(async () => {
    // Wednesday 25 November 2026, 11:00 in Berlin: the market is open.
    t = await createTestApp({ now: '2026-11-25T10:00:00Z' });
    anna = await customerWithCash(t, '5000.00');
  });
  afterAll(async () => t.close());

  const get = async (url: string) => (await t.call({ method: 'GET', url, headers: anna.headers })).json();
  const withoutIsin = ({ isin: _isin, ...rest }: { isin: string }) => rest;

  it('each is in the instrument catalogue, in its quote line\'s currency', async () => {
    for (const [isin, line] of PAIRS) {
      const [reference, quoted] = await Promise.all([get(`/api/instrument/${isin}`), get(`/api/instrument/${line}`)]);
      expect(reference.isin, isin).toBe(isin);
      expect(reference.quoteCurrencyCode, isin).toBe(quoted.quoteCurrencyCode);
      expect(reference.sparplan, isin).toBe(false);
    }
  });

  it('a quote for a reference ISIN equals its quote ISIN\'s quote, under the ISIN asked for', async () => {
    const isins = PAIRS.flat().join(',');
    const quotes = new Map((await get(`/api/quotes?isins=${isins}`) as Quote[]).map((q) => [q.isin, q]));
    for (const [isin, line] of PAIRS) {
      expect(quotes.get(isin), isin).toEqual({ ...quotes.get(line), isin });
    }
    const closes = new Map((await get(`/api/quotes/previous-close?isins=${isins}`) as { isin: string; previousClose: string }[]).map((c) => [c.isin, c.previousClose]));
    for (const [isin, line] of PAIRS) expect(closes.get(isin), isin).toBe(closes.get(line));
  });

  it('its price history is its quote line\'s', async () => {
    for (const range of ['Intraday', 'OneMonth'] as const) {
      const [reference, quoted] = await Promise.all([get(`/api/quotes/${BAYER_BEARER}/history?range=${range}`), get(`/api/quotes/${BAYER}/history?range=${range}`)]);
      expect(reference.isin).toBe(BAYER_BEARER);
      expect(withoutIsin(reference)).toEqual(withoutIsin(quoted));
      expect(reference.bars.length).toBeGreaterThan(0);
    }
  });

  it('live: a move of the quote line reaches the subscriber of the reference ISIN, relabelled', () => {
    const market = t.app.quotes as SimulatedMarket;
    const quotes = withReferenceQuotes(market);
    const got: QuoteUpdate[] = [];
    const off = quotes.subscribe(new Set([BAYER_BEARER, BAYER]), (updates) => got.push(...updates));
    const moved = market.move(BAYER, '2')!;
    off();
    expect(got.map((u) => u.quote)).toHaveLength(2);
    expect(got.map((u) => u.quote)).toEqual(expect.arrayContaining([moved, { ...moved, isin: BAYER_BEARER }]));
    for (const u of got) expect(JSON.parse(u.json)).toEqual(u.quote);
    // After unsubscribing nothing arrives.
    market.move(BAYER, '-2');
    expect(got).toHaveLength(2);
  });

  it('an order on the old line executes at the quote line\'s price', async () => {
    await t.call({ method: 'POST', url: '/api/user/confirmlowtrading', headers: anna.headers });
    const ask = (t.app.quotes as SimulatedMarket).current(BAYER)!.ask;
    const order = await t.call({
      method: 'POST',
      url: '/api/trading',
      headers: { ...anna.headers, 'idempotency-key': randomUUID() },
      payload: { isin: BAYER_BEARER, side: 'buy', kind: 'market', quantity: '2', validity: { type: 'day' } },
    });
    expect(order.json().status, order.body).toBe('Filled');
    expect(order.json().isin).toBe(BAYER_BEARER);
    const detail = await get(`/api/trading/orders/${order.json().id}`);
    expect(JSON.stringify(detail)).toContain(ask);
  });
});
