import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionCookie, signedInCustomer, type SignedInCustomer } from '../../test/customer.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { SESSION_COOKIE } from './auth.ts';

let t: TestApp;
let c: SignedInCustomer;
let session: string;
beforeAll(async () => {
  t = await createTestApp();
  c = await signedInCustomer(t.app, t.database.db);
  session = await sessionCookie(t, c);
});
afterAll(() => t.close());

// The personal answers a customer reads; every route behind sign-in gets the header from the guard.
const personal = ['/api/trading/positions', '/api/trading/orders', '/api/user/me', '/api/auth', '/api/posteingang', '/api/wl', '/api/notification', '/api/notification/alerts'];

describe('Cache-Control of a customer’s answers', () => {
  it.each(personal)('GET %s says no-store, with the session cookie and with a Bearer token', async (url) => {
    const byCookie = await t.call({ method: 'GET', url, cookies: { [SESSION_COOKIE]: session } });
    expect(byCookie.statusCode).toBe(200);
    expect(byCookie.headers['cache-control']).toBe('no-store');
    const byBearer = await t.call({ method: 'GET', url, headers: c.headers });
    expect(byBearer.statusCode).toBe(200);
    expect(byBearer.headers['cache-control']).toBe('no-store');
  });

  it('says no-store on a change and on an error answer too', async () => {
    const created = await t.call({ method: 'POST', url: '/api/wl', headers: c.headers, payload: { name: 'Cache' } });
    expect(created.statusCode).toBe(201);
    expect(created.headers['cache-control']).toBe('no-store');
    const missing = await t.call({ method: 'GET', url: '/api/trading/orders/00000000-0000-4000-8000-000000000000', headers: c.headers });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cache-control']).toBe('no-store');
  });

  it('leaves public answers to their routes: they may be cached', async () => {
    const counts = await t.call({ method: 'GET', url: '/assets/searchdata/instrument-counts.json' });
    expect(counts.headers['cache-control']).toBe('public, max-age=300');
    const versions = await t.call({ method: 'GET', url: '/api/versions/check?version=0.0.0' });
    expect(versions.statusCode).toBe(200);
    expect(versions.headers['cache-control']).toBeUndefined();
  });
});
