import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInCustomer, sessionCookie, signedInCustomer } from '../../test/customer.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { SESSION_COOKIE } from './auth.ts';
import { messages } from './errors.ts';
import { isCanonicalPath, pathMessages } from './canonical-path.ts';

let t: TestApp;
let customer: SignedInCustomer;
let session: string;
beforeAll(async () => {
  t = await createTestApp();
  customer = await signedInCustomer(t.app, t.database.db);
  session = await sessionCookie(t, customer);
});
afterAll(() => t.close());

/** Other spellings (that inject() sends unchanged) of /api/auth/login that a router which decodes before it matches may take for it. */
const LOGIN_SPELLINGS = [
  '/%61pi/auth/login',
  '/a%70i/auth/login',
  '/api/%61uth/login',
  '/api/auth/logi%6E',
  '/api/auth/login%2F',
  '/api%2Fauth/login',
  '//api/auth/login',
  '/api//auth/login',
];
// inject() resolves dot segments (also %2E%2E), back slashes, fragments and absolute targets as a
// browser would, so those reach the server only from other clients: the last test covers them.

describe('a request path that is not spelled canonically', () => {
  it.each(LOGIN_SPELLINGS)('POST %s without the XSRF token opens no session: 400', async (url) => {
    const res = await t.app.inject({ method: 'POST', url, payload: { accessToken: customer.accessToken } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: pathMessages.nonCanonical, status: 400, errors: [] });
    expect(res.cookies.map((c) => c.name)).not.toContain(SESSION_COOKIE);
  });

  it('reaches no state-changing route past the XSRF check, signed in by cookie', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/%61pi/wl', payload: { name: 'Fremd' }, cookies: { [SESSION_COOKIE]: session } });
    expect(res.statusCode).toBe(400);
    const lists = await t.call({ method: 'GET', url: '/api/wl', cookies: { [SESSION_COOKIE]: session } });
    expect(lists.json<{ name: string }[]>().map((l) => l.name)).not.toContain('Fremd');
  });

  it('reaches no guarded route past the auth guard', async () => {
    for (const url of ['/%61pi/user/me', '/api/user/m%65', '/api%2Fuser/me', '/api/docs%2F..%2Fuser/me']) {
      const res = await t.app.inject({ method: 'GET', url, headers: customer.headers });
      expect(res.statusCode, url).toBe(400);
    }
  });

  it('still lets encoded query strings and encoded path parameters through', async () => {
    const search = await t.call({ method: 'GET', url: '/api/instrumentsearch?fzterm=%53%41%50%2F%C3%A4%20x', headers: customer.headers });
    expect(search.statusCode).toBe(200);
    const isin = await t.call({ method: 'GET', url: '/api/instrument/DE0007164600?x=%2E%2E%2F', headers: customer.headers });
    expect(isin.statusCode).toBe(200);
    const spaced = await t.call({ method: 'GET', url: '/api/instrument/DE0007164600/documents/Basis%20info%C3%A4.pdf', headers: customer.headers });
    // The route's own validation answers (no such document): the path itself was fine.
    expect(spaced.json()).toMatchObject({ status: 400, message: messages.badRequest });
    const login = await t.call({ method: 'POST', url: '/api/auth/login', payload: { accessToken: customer.accessToken } });
    expect(login.statusCode).toBe(200);
  });

  it('tells canonical from other spellings', () => {
    expect(['/', '/api/auth/login', '/api/wl/1?x=%61%2F..//', '/api/instrument/DE0007164600/documents/a%20b%25c.pdf', '/assets/app-1a2b3c4d.js', '/api/a.b/c..d/.e'].filter((u) => !isCanonicalPath(u))).toEqual([]);
    expect(['*', '', 'api', '/%', '/%6', '/%zz', '/%7E', '/%5c', '/%5C', '/a/.', '/a/..', '/./a', '/a//', '/api/./auth/login', '/x/%2E%2E/api/auth/login', '/api/auth/%2e/login', '/api\\auth/login', '/api/auth/login#x', 'http://localhost/api/auth/login'].filter((u) => isCanonicalPath(u))).toEqual([]);
  });
});
