import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@kontor/domain/endpoints';
import { endpointPath } from '@kontor/domain/endpoint';
import { signedInCustomer, type SignedInCustomer } from './customer.ts';
import { servedOperations } from './openapi.ts';
import { createTestApp, type TestApp } from './test-app.ts';

// The endpoint catalogue both ends use (decision 034): each entry is served, as the document says.
let t: TestApp;
let customer: SignedInCustomer;
beforeAll(async () => {
  t = await createTestApp();
  customer = await signedInCustomer(t.app, t.database.db);
});
afterAll(() => t.close());

const catalogue = Object.entries(endpoints).flatMap(([area, byName]) => Object.entries(byName).map(([name, e]) => ({ id: `${area}.${name}`, e })));

describe('the endpoint catalogue', () => {
  it('every catalogued endpoint is an operation of the OpenAPI document, under its method and path', async () => {
    const served = new Set((await servedOperations(t.app)).map((o) => o.name));
    expect(catalogue.length).toBeGreaterThan(0);
    expect(catalogue.filter(({ e }) => !served.has(`${e.method} ${e.path}`)).map(({ id }) => id)).toEqual([]);
  });

  it('a watchlist made, renamed, filled, emptied and deleted through the catalogue answers what its schemas say', async () => {
    const wl = endpoints.watchlists;
    const call = async (e: (typeof wl)[keyof typeof wl], params: Record<string, string> | undefined, payload?: object) => {
      const res = await t.call({ method: e.method, url: endpointPath(e, params), headers: customer.headers, ...(payload ? { payload } : {}) });
      expect(res.statusCode, `${e.method} ${e.path}: ${res.body}`).toBe(e.status);
      return 'response' in e ? e.response.parse(res.json()) : undefined;
    };
    const made = (await call(wl.create, undefined, { name: 'Dividenden' })) as { id: string; name: string };
    expect(made.name).toBe('Dividenden');
    expect(await call(wl.rename, { id: made.id }, { name: 'Dividendenwerte' })).toMatchObject({ name: 'Dividendenwerte' });
    expect(await call(wl.addItem, { id: made.id }, { isin: 'DE0007164600' })).toMatchObject({ id: made.id });
    expect(await call(wl.removeItem, { id: made.id, isin: 'DE0007164600' })).toMatchObject({ id: made.id });
    await call(wl.remove, { id: made.id });
    expect((await call(wl.list, undefined)) as unknown[]).not.toContainEqual(expect.objectContaining({ id: made.id }));
  });
});
