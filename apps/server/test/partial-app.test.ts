import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../src/config.ts';
import { registerInstruments } from '../src/instruments/register.ts';
import { marketSources, registerMarket } from '../src/market/register.ts';
import { ManualClock, ShiftableClock } from '../src/platform/clock.ts';
import { createHttpApp } from '../src/platform/http-app.ts';
import { freshDatabase } from './test-app.ts';

// Each area registers itself (decision 037): a server of the instruments and the market only.
describe('a server built from only the areas a test needs', () => {
  let app: FastifyInstance;
  let close: () => Promise<void>;

  beforeAll(async () => {
    const database = await freshDatabase();
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
    const clock = new ManualClock('2026-11-23T09:00:00Z');
    app = await createHttpApp({ config, db: database.db, logger: false });
    const base = { config, db: database.db, clock, marketClock: new ShiftableClock(clock) };
    const { instruments } = await registerInstruments(app, base);
    const { source, market } = await marketSources(app, { instruments, marketClock: clock });
    await registerMarket(app, { config, source, quotes: market });
    await app.ready();
    close = async () => {
      await app.close();
      await database.close();
    };
  });
  afterAll(() => close());

  it('finds SAP and quotes it, while the areas it was built without are not there', async () => {
    const search = await app.inject({ method: 'GET', url: '/api/instrumentsearch?q=SAP' });
    expect(search.statusCode).toBe(200);
    const sap = search.json().results.find((i: { name: string }) => /^SAP\b/.test(i.name));
    expect(sap).toBeDefined();
    const quotes = await app.inject({ method: 'GET', url: `/api/quotes?isins=${sap.isin}` });
    expect(quotes.statusCode).toBe(200);
    expect(quotes.json()).toEqual([expect.objectContaining({ isin: sap.isin, bid: expect.stringMatching(/^\d+\.\d+$/) })]);
    expect((await app.inject({ method: 'GET', url: '/api/depot' })).statusCode).toBe(404);
  });
});
