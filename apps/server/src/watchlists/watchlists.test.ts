import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Watchlist } from '@kontor/domain/watchlists';
import { signedInCustomer, type SignedInCustomer } from '../../test/customer.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { withCheckDigit } from '../instruments/isin.ts';

let t: TestApp;
let anna: SignedInCustomer;
let ben: SignedInCustomer;
beforeAll(async () => {
  t = await createTestApp();
  anna = await signedInCustomer(t.app, t.database.db, 'anna');
  ben = await signedInCustomer(t.app, t.database.db, 'ben');
});
afterAll(() => t.close());

const as = (who: SignedInCustomer, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });

describe('/api/wl', () => {
  it('creates, renames, fills and empties a watchlist', async () => {
    const created = await as(anna, 'POST', '/api/wl', { name: '  Dividenden  ' });
    expect(created.statusCode).toBe(201);
    const list = created.json() as Watchlist;
    expect(list).toMatchObject({ name: 'Dividenden', items: [] });

    const added = (await as(anna, 'POST', `/api/wl/${list.id}/items`, { isin: 'DE0007164600' })).json() as Watchlist;
    expect(added.items.map((i) => i.isin)).toEqual(['DE0007164600']);
    const twice = (await as(anna, 'POST', `/api/wl/${list.id}/items`, { isin: 'DE0007164600' })).json() as Watchlist;
    expect(twice.items).toHaveLength(1);

    const renamed = (await as(anna, 'PATCH', `/api/wl/${list.id}`, { name: 'Langfristig' })).json() as Watchlist;
    expect(renamed.name).toBe('Langfristig');
    const all = (await as(anna, 'GET', '/api/wl')).json() as Watchlist[];
    expect(all.map((l) => [l.name, l.items.length])).toEqual([['Langfristig', 1]]);

    const emptied = (await as(anna, 'DELETE', `/api/wl/${list.id}/items/DE0007164600`)).json() as Watchlist;
    expect(emptied.items).toEqual([]);
    expect((await as(anna, 'DELETE', `/api/wl/${list.id}`)).statusCode).toBe(204);
    expect((await as(anna, 'GET', '/api/wl')).json()).toEqual([]);
  });

  it('refuses bad input with German field errors and unknown instruments with 404', async () => {
    const empty = await as(anna, 'POST', '/api/wl', { name: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(JSON.stringify(empty.json().errors)).toContain('Bitte geben Sie einen Namen ein.');
    const list = (await as(anna, 'POST', '/api/wl', { name: 'Tech' })).json() as Watchlist;
    expect((await as(anna, 'POST', `/api/wl/${list.id}/items`, { isin: 'DE0007164601' })).statusCode).toBe(400);
    const unknown = await as(anna, 'POST', `/api/wl/${list.id}/items`, { isin: withCheckDigit('XS999999999') });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toMatch(/nicht bekannt/);
  });

  it.each([
    ['NUL', 'a\u0000b'],
    ['a lone surrogate', 'a\ud800b'],
  ])('refuses a name with %s on create and rename: 400 with a German field error, nothing stored', async (_what, name) => {
    const dora = await signedInCustomer(t.app, t.database.db);
    const created = await as(dora, 'POST', '/api/wl', { name });
    expect(created.statusCode).toBe(400);
    expect(created.json()).toMatchObject({ status: 400, errors: [{ field: 'name', message: 'Der Text enthält Zeichen, die nicht erlaubt sind (z. B. unsichtbare Sonderzeichen).' }] });
    const list = (await as(dora, 'POST', '/api/wl', { name: 'Tech' })).json() as Watchlist;
    const renamed = await as(dora, 'PATCH', `/api/wl/${list.id}`, { name });
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().errors).toEqual([{ field: 'name', message: 'Der Text enthält Zeichen, die nicht erlaubt sind (z. B. unsichtbare Sonderzeichen).' }]);
    expect(((await as(dora, 'GET', '/api/wl')).json() as Watchlist[]).map((l) => l.name)).toEqual(['Tech']);
  });

  it('keeps each customer’s lists to that customer: another one gets 404 for every call', async () => {
    const list = (await as(anna, 'POST', '/api/wl', { name: 'Privat' })).json() as Watchlist;
    await as(anna, 'POST', `/api/wl/${list.id}/items`, { isin: 'DE0007164600' });
    expect((await as(ben, 'GET', '/api/wl')).json()).toEqual([]);
    expect((await as(ben, 'PATCH', `/api/wl/${list.id}`, { name: 'Meins' })).statusCode).toBe(404);
    expect((await as(ben, 'POST', `/api/wl/${list.id}/items`, { isin: 'IE00B4L5Y983' })).statusCode).toBe(404);
    expect((await as(ben, 'DELETE', `/api/wl/${list.id}/items/DE0007164600`)).statusCode).toBe(404);
    expect((await as(ben, 'DELETE', `/api/wl/${list.id}`)).statusCode).toBe(404);
    const still = (await as(anna, 'GET', '/api/wl')).json() as Watchlist[];
    expect(still.find((l) => l.id === list.id)).toMatchObject({ name: 'Privat', items: [{ isin: 'DE0007164600' }] });
  });

  it('allows at most 20 lists per customer', async () => {
    const carl = await signedInCustomer(t.app, t.database.db, 'carl');
    for (let i = 1; i <= 20; i++) expect((await as(carl, 'POST', '/api/wl', { name: `Liste ${i}` })).statusCode).toBe(201);
    const over = await as(carl, 'POST', '/api/wl', { name: 'Liste 21' });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toMatch(/höchstens 20 Watchlisten/);
  });
});
