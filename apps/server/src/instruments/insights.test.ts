import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DividendHistory } from '@kontor/domain/dividends';
import type { NewsItem } from '@kontor/domain/news';
import { signedInCustomer, type SignedInCustomer } from '../../test/customer.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { withCheckDigit } from './isin.ts';

let t: TestApp;
let customer: SignedInCustomer;
beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-23T11:00:00Z' });
  customer = await signedInCustomer(t.app, t.database.db);
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: customer.headers });

describe('GET /api/instrument/:isin/dividends', () => {
  it('shows a share’s last six years, newest first, none in the future, with a headline', async () => {
    const res = await get('/api/instrument/DE0007164600/dividends');
    expect(res.statusCode).toBe(200);
    const body = res.json() as DividendHistory;
    expect(body.headline).toMatch(/^Dividendenrendite \d+,\d{2} % \(2025\)$/);
    expect(body.entries.map((e) => e.year)).toEqual([2026, 2025, 2024, 2023, 2022, 2021]);
    expect(body.entries[0]).toMatchObject({ symbol: '€', yieldPercent: expect.stringMatching(/^\d+\.\d{2}$/) });
  });

  it('is the same on every call', async () => {
    expect((await get('/api/instrument/DE0007164600/dividends')).body).toBe((await get('/api/instrument/DE0007164600/dividends')).body);
  });

  it('says so for an instrument without dividends, and 404 for an unknown one', async () => {
    const search = await get('/api/instrumentsearch?defaultAllTypes=true&tradableBusiness=true&type=DERIVAT&size=1');
    const derivative = search.json().results[0].isin as string;
    const none = (await get(`/api/instrument/${derivative}/dividends`)).json() as DividendHistory;
    expect(none.entries).toEqual([]);
    expect(none.headline).toMatch(/keine Dividende/);
    const unknown = await get(`/api/instrument/${withCheckDigit('XS999999999')}/dividends`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toMatch(/nicht bekannt/);
  });
});

describe('GET /api/instrument-cache/news', () => {
  it('lists headlines about the instrument, newest first, none from the future', async () => {
    const res = await get('/api/instrument-cache/news?isin=DE0007164600&size=5');
    expect(res.statusCode).toBe(200);
    const { items } = res.json() as { items: NewsItem[] };
    expect(items).toHaveLength(5);
    expect(items.every((n) => n.isin === 'DE0007164600' && n.title.length > 10)).toBe(true);
    const times = items.map((n) => Date.parse(n.publishedAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(Math.max(...times)).toBeLessThanOrEqual(Date.parse('2026-11-23T11:00:00Z'));
  });

  it('refuses a bad ISIN or size with 400', async () => {
    expect((await get('/api/instrument-cache/news?isin=SAP')).statusCode).toBe(400);
    expect((await get('/api/instrument-cache/news?isin=DE0007164600&size=500')).statusCode).toBe(400);
  });
});

describe('GET /api/instrument/:isin/documents/:file', () => {
  it('serves an ETF’s linked key information document as a real PDF (a share has none)', async () => {
    expect((await get('/api/instrument/DE0007164600')).json().basisinformationen).toBeNull();
    const instrument = (await get('/api/instrument/IE00B4L5Y983')).json();
    expect(instrument.basisinformationen).toBe('/api/instrument/IE00B4L5Y983/documents/kid.pdf');
    const res = await get(instrument.basisinformationen);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain('Basisinformationsblatt-IE00B4L5Y983.pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(res.rawPayload.subarray(-6).toString()).toContain('%%EOF');
    expect(res.rawPayload.toString('latin1')).toContain('Basisinformationsblatt IE00B4L5Y983');
  });

  it('refuses an unknown document with 400 and needs a signed-in customer', async () => {
    expect((await get('/api/instrument/DE0007164600/documents/geheim.pdf')).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/instrument/DE0007164600/documents/kid.pdf' })).statusCode).toBe(401);
  });
});
