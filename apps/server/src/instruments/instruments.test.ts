import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INSTRUMENT_TYPES } from '@kontor/domain/enums';
import { DEFAULT_LOW_TRADING_THRESHOLD, DEFAULT_MINIMUM_ORDER_VALUE, type Instrument, instrumentSchema, isValidIsin } from '@kontor/domain/instrument';
import { INSTRUMENT_SEARCH_DEFAULT_SIZE, instrumentCountsSchema, instrumentSearchResponseSchema } from '@kontor/domain/instrument-search';
import { signedInCustomer } from '../../test/customer.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { withCheckDigit } from './isin.ts';
import { REFERENCE_INSTRUMENTS } from './reference-instruments.ts';
import { seedInstruments } from './seed.ts';
import { instrumentStore } from './store.ts';
import { DEFAULT_DERIVATIVE_COUNT } from './universe.ts';

let t: TestApp;
let auth: { authorization: string };
let universe: Instrument[];

beforeAll(async () => {
  t = await createTestApp();
  auth = (await signedInCustomer(t.app, t.database.db)).headers;
  universe = [];
  for await (const p of t.app.instruments.priced()) universe.push(p.instrument);
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = auth) => t.call({ method: 'GET', url, headers });
const search = async (query: string) => {
  const res = await get(`/api/instrumentsearch?defaultAllTypes=true&tradableBusiness=true${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return instrumentSearchResponseSchema.parse(res.json());
};
const SAP = 'DE0007164600';
const UNKNOWN = withCheckDigit('DE000KONTOR');

describe('the seeded universe', () => {
  it('holds at least 200 real instruments of all eight types and the generated derivatives', () => {
    expect(REFERENCE_INSTRUMENTS.length).toBeGreaterThanOrEqual(200);
    expect(new Set(REFERENCE_INSTRUMENTS.map((r) => r.isin)).size).toBe(REFERENCE_INSTRUMENTS.length);
    expect(new Set(REFERENCE_INSTRUMENTS.map((r) => r.instrumentType))).toEqual(new Set(INSTRUMENT_TYPES.filter((x) => x !== 'DERIVAT')));
    expect(universe).toHaveLength(REFERENCE_INSTRUMENTS.length + DEFAULT_DERIVATIVE_COUNT);
    expect(new Set(universe.map((i) => i.instrumentType))).toEqual(new Set(INSTRUMENT_TYPES));
    expect(universe.find((i) => i.isin === 'IE00B4L5Y983')?.name).toBe('iShares Core MSCI World UCITS ETF USD (Acc)');
  });

  it('has a valid ISIN everywhere, German WKNs inside their ISIN, and every instrument matches the contract', () => {
    expect(universe.filter((i) => !isValidIsin(i.isin)).map((i) => i.isin)).toEqual([]);
    expect(new Set(universe.map((i) => i.isin)).size).toBe(universe.length);
    for (const i of universe) {
      expect(instrumentSchema.safeParse(i).success, i.isin).toBe(true);
      if (i.isin.startsWith('DE') && i.wkn) expect(i.isin.slice(5, 11)).toBe(i.wkn);
    }
  });

  it('generates derivatives with underlying, issuer, kind, leverage and maturity', () => {
    const derivatives = universe.filter((i) => i.instrumentType === 'DERIVAT');
    const real = new Map(universe.filter((i) => i.instrumentType !== 'DERIVAT').map((i) => [i.isin, i]));
    for (const d of derivatives) {
      expect(d.complex).toBe(true);
      expect(['call', 'put']).toContain(d.derivativeKind);
      expect(real.get(d.underlyingIsin!)?.name).toBe(d.underlyingName);
      expect(d.emittentShortCode).toMatch(/^[A-Z]+$/);
      expect(d.isOTC).toBe(true);
      expect(d.basisinformationen).toBe(`/api/instrument/${d.isin}/documents/kid.pdf`);
      if (!d.knockedOutFlag) expect(Number(d.leverage)).toBeGreaterThan(0);
    }
    expect(derivatives.some((d) => d.knockedOutFlag)).toBe(true);
    expect(derivatives.some((d) => d.endfaellig === null)).toBe(true);
    expect(derivatives.some((d) => d.name.startsWith('Call-Optionsschein auf'))).toBe(true);
    expect(derivatives.some((d) => d.name.startsWith('Turbo Short'))).toBe(true);
  });

  it('fills every field of spec §3 realistically', () => {
    const sap = universe.find((i) => i.isin === SAP)!;
    expect(sap).toMatchObject({ wkn: '716460', name: 'SAP SE', tradingHoursStartTime: '07:30', tradingHoursStopTime: '23:00', sparplan: true, fractionalTrading: true, weekendTrading: true });
    // Left out by the provider record, so the defaults of toInstrument apply.
    expect(sap.minimumOrderValue).toBe(DEFAULT_MINIMUM_ORDER_VALUE);
    expect(sap.lowTradingThreshold).toBe(DEFAULT_LOW_TRADING_THRESHOLD);
    const fund = universe.find((i) => i.instrumentType === 'FONDS')!;
    expect(fund.minimumOrderValue).toBe('25.00');
    expect(fund.jahresbericht).toBe(`/api/instrument/${fund.isin}/documents/jahresbericht.pdf`);
    const bitcoin = universe.find((i) => i.isin === 'XF000BTC0017')!;
    expect(bitcoin).toMatchObject({ wkn: null, weekendTrading: true, fractionalTrading: true, qtyScale: 5 });
    expect(universe.find((i) => i.isin === 'DE0008469008')!.disabledExecTypes).toContain('market');
    expect(universe.filter((i) => i.weekendTrading).length).toBeGreaterThan(100);
    expect(universe.filter((i) => i.minimumOrderValue !== DEFAULT_MINIMUM_ORDER_VALUE).length).toBeGreaterThan(100);
  });

  it('is seeded once: seeding again changes nothing', async () => {
    const store = instrumentStore(t.database.db);
    const before = await store.count();
    expect(await seedInstruments(t.database.db)).toEqual({ before, universe: before });
    expect(await store.count()).toBe(before);
  });

  it('gives the market simulator a reference price per instrument', async () => {
    expect(await t.app.instruments.referencePrice(SAP)).toBe('231.50');
    expect(await t.app.instruments.referencePrice(UNKNOWN)).toBeUndefined();
    let n = 0;
    for await (const p of t.app.instruments.priced()) {
      expect(Number(p.referencePrice)).toBeGreaterThan(0);
      n++;
    }
    expect(n).toBe(universe.length);
  });
});

describe('GET /api/instrumentsearch', () => {
  it('needs a signed-in customer', async () => {
    expect((await get('/api/instrumentsearch?defaultAllTypes=true&tradableBusiness=true&q=sap', {})).statusCode).toBe(401);
  });

  it('answers the default search with a first page and the hit count', async () => {
    const res = await search('');
    expect(res.results).toHaveLength(INSTRUMENT_SEARCH_DEFAULT_SIZE);
    const tradable = universe.filter((i) => i.instrumentType !== 'INDEX' && !i.knockedOutFlag).length;
    expect(res.stats.hits.HITS).toBe(tradable);
    expect(res.results[0]!.isin).toBe(SAP);
  });

  it('puts the exact ISIN and WKN first', async () => {
    expect((await search('&q=US0378331005')).results[0]!.name).toBe('Apple Inc.');
    expect((await search('&q=a0rpwh')).results.map((r) => r.isin)).toEqual(['IE00B4L5Y983']);
    expect((await search('&q=716460')).results[0]!.isin).toBe(SAP);
  });

  it('lists shares before the derivatives on them for a name, and counts them all', async () => {
    const res = await search('&q=sap&size=30');
    expect(res.results[0]!.isin).toBe(SAP);
    expect(res.results.slice(1).every((r) => r.instrumentType === 'DERIVAT' && r.underlyingIsin === SAP)).toBe(true);
    expect(res.stats.hits.HITS).toBe(1 + universe.filter((i) => i.underlyingIsin === SAP && !i.knockedOutFlag).length);
  });

  it('counts a query\'s hits per type, whatever type is chosen, and they add up to its hits', async () => {
    const all = await search('&q=sap');
    const derivatives = await search('&q=sap&type=DERIVAT');
    for (const res of [all, derivatives]) expect(res.stats.types).toMatchObject({ AKTIE: 1, DERIVAT: all.stats.hits.HITS - 1, ETF: 0 });
    expect(Object.values(all.stats.types!).reduce((a, b) => a + b, 0)).toBe(all.stats.hits.HITS);
    expect(derivatives.stats.hits.HITS).toBe(all.stats.types!.DERIVAT);
    // Without a query the universe's counts stand (instrument-counts.json).
    expect((await search('')).stats.types).toBeUndefined();
  });

  it('finds while typing and by name words', async () => {
    expect((await search('&q=allia')).results[0]!.isin).toBe('DE0008404005');
    expect((await search('&q=msci%20world&type=ETF')).results.map((r) => r.isin)).toContain('IE00B4L5Y983');
    expect((await search('&q=M%C3%BCnchener%20R%C3%BCck')).results[0]!.isin).toBe('DE0008430026');
  });

  it('filters by type and by savings plan, fractions and weekend trading', async () => {
    const etfsAndFunds = await search('&type=ETF,FONDS&size=100');
    expect(etfsAndFunds.results.every((r) => r.instrumentType === 'ETF' || r.instrumentType === 'FONDS')).toBe(true);
    expect(etfsAndFunds.stats.hits.HITS).toBe(universe.filter((i) => i.instrumentType === 'ETF' || i.instrumentType === 'FONDS').length);
    const plans = await search('&sparplan=true&size=100');
    expect(plans.results.every((r) => r.sparplan)).toBe(true);
    const fractions = await search('&fractional=true&q=apple');
    expect(fractions.results.map((r) => r.isin)).toEqual(['US0378331005']);
    const weekend = await search('&weekendTrading=true&type=DERIVAT&size=50');
    expect(weekend.results.every((r) => r.weekendTrading && r.instrumentType === 'DERIVAT')).toBe(true);
    expect(weekend.stats.hits.HITS).toBe(universe.filter((i) => i.weekendTrading && i.instrumentType === 'DERIVAT' && !i.knockedOutFlag).length);
  });

  it('pages with from and size; the hit count stays the same', async () => {
    const page1 = await search('&q=dax&size=10');
    const page2 = await search('&q=dax&size=10&from=10');
    const both = await search('&q=dax&size=20');
    expect(page2.stats.hits.HITS).toBe(page1.stats.hits.HITS);
    expect([...page1.results, ...page2.results].map((r) => r.isin)).toEqual(both.results.map((r) => r.isin));
    expect((await search(`&q=dax&from=${page1.stats.hits.HITS}`)).results).toEqual([]);
  });

  it.each([
    ['an unknown type', '&type=AKTIE,ANLEIHE', 'querystring.type'],
    ['a negative size', '&size=-1', 'querystring.size'],
    ['a size above the limit', '&size=500', 'querystring.size'],
    ['a negative from', '&from=-5', 'querystring.from'],
    ['a page far beyond any hit', '&from=20000', 'querystring.from'],
    ['a query of 2 KB', `&q=${'x'.repeat(2048)}`, 'querystring.q'],
    ['a flag that is not true or false', '&sparplan=ja', 'querystring.sparplan'],
  ])('refuses %s with 400 and field errors', async (_case, query, field) => {
    const res = await get(`/api/instrumentsearch?defaultAllTypes=true&tradableBusiness=true${query}`);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.status).toBe(400);
    expect(body.errors.map((e: { field: string }) => e.field).join()).toContain(field);
  });

  it('never fails on odd but valid input', async () => {
    for (const q of ['%20', '%25', '%26%26', '...', '%C3%9F', 'DE000', '*', '%22sap%22']) {
      expect((await get(`/api/instrumentsearch?defaultAllTypes=true&tradableBusiness=true&q=${q}`)).statusCode, q).toBe(200);
    }
  });
});

describe('GET /assets/searchdata/instrument-counts.json', () => {
  it('counts instruments per type, without sign-in, and matches the search', async () => {
    const res = await get('/assets/searchdata/instrument-counts.json', {});
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    const counts = instrumentCountsSchema.parse(res.json());
    expect(counts.total).toBe(universe.length);
    for (const type of INSTRUMENT_TYPES) {
      expect(counts.types[type]).toBe(universe.filter((i) => i.instrumentType === type).length);
      expect((await search(`&type=${type}&size=1`)).stats.hits.HITS).toBe(counts.tradable[type]);
    }
  });
});

describe('GET /api/instrument/{isin}', () => {
  it('returns the instrument', async () => {
    const res = await get(`/api/instrument/${SAP}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(universe.find((i) => i.isin === SAP));
  });

  it('returns an empty object without an ISIN', async () => {
    for (const url of ['/api/instrument', '/api/instrument/']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.json()).toEqual({});
    }
  });

  it('answers 404 with the backend error body for an unknown ISIN, and 400 for a malformed one', async () => {
    const unknown = await get(`/api/instrument/${UNKNOWN}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Das Wertpapier wurde nicht gefunden.', status: 404, errors: [] });
    const malformed = await get('/api/instrument/DE0007164601');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors[0].field).toBe('params.isin');
  });
});

describe('POST /api/instrument', () => {
  const post = (payload: unknown) => t.call({ method: 'POST', url: '/api/instrument', headers: auth, payload: payload as object });

  it('returns the known instruments in the order asked, each once', async () => {
    const res = await post([UNKNOWN, 'US0378331005', SAP, 'US0378331005']);
    expect(res.statusCode).toBe(200);
    expect(res.json().map((i: Instrument) => i.isin)).toEqual(['US0378331005', SAP]);
    expect((await post([])).json()).toEqual([]);
  });

  it('refuses more than 200 ISINs, malformed ones and a body that is no list', async () => {
    const all = universe.map((i) => i.isin);
    expect((await post(all.slice(0, 200))).json()).toHaveLength(200);
    for (const payload of [all.slice(0, 201), ['DE0007164601'], { isins: [SAP] }]) {
      const res = await post(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().status).toBe(400);
    }
  });
});

describe('OpenAPI', () => {
  it('documents the instrument calls', async () => {
    const res = await get('/api/docs/json', {});
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    expect(paths).toEqual(expect.arrayContaining(['/api/instrumentsearch', '/api/instrument/{isin}', '/assets/searchdata/instrument-counts.json']));
  });
});
