import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createTestApp, freshDatabase, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** An app whose log lines are kept, at the given level. */
async function appWithLogLines(level: string) {
  const database = await freshDatabase();
  const lines: string[] = [];
  const app = await buildApp({
    config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: level }),
    db: database.db,
    logger: { write: (l: string) => lines.push(l) },
  });
  return { app, lines, close: async () => (await app.close(), await database.close()) };
}

describe('backend error body', () => {
  it('answers an unknown API route with 404 and the error body', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: expect.stringMatching(/gibt es nicht/), status: 404, errors: [] });
  });

  it('answers bad input with 400 and field errors, writing nothing', async () => {
    const res = await t.call({ method: 'POST', url: '/api/user/tracking', payload: { fzmedium: 'mail' } });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.status).toBe(400);
    expect(body.message).toMatch(/Eingabe/);
    expect(body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'fzsrc' })]));
    const rows = await t.database.db.execute('select count(*)::int as n from tracking_events');
    expect((rows as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
  });

  it('answers a malformed JSON body with 400, not 500', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/user/tracking',
      headers: { 'content-type': 'application/json' },
      payload: '{"fzsrc": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().status).toBe(400);
  });

  it('answers an unexpected failure with 500 and no internals', async () => {
    const { app, lines, close } = await appWithLogLines('error');
    app.get('/api/broken', { config: { public: true } }, async () => {
      throw new Error('connection to 10.0.0.5 refused for user kontor');
    });
    const res = await app.inject({ method: 'GET', url: '/api/broken' });
    await close();
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('10.0.0.5');
    expect(res.json()).toEqual({ message: expect.stringMatching(/technischer Fehler/), status: 500, errors: [] });
    expect(lines.join('')).toContain('10.0.0.5'); // the operator still sees it in the log
    expect(JSON.parse(lines.find((l) => l.includes('10.0.0.5'))!).reqId).toEqual(expect.any(String));
  });

  it('writes a request’s log lines with its id, and only at the levels switched on', async () => {
    const { app, lines, close } = await appWithLogLines('info');
    app.get('/api/chatty', { config: { public: true } }, async (req) => {
      req.log.debug('not written');
      req.log.info({ step: 1 }, 'written');
      return { ok: true };
    });
    await app.inject({ method: 'GET', url: '/api/chatty' });
    await app.inject({ method: 'GET', url: '/api/chatty' });
    await close();
    const parsed = lines.map((l) => JSON.parse(l) as { msg: string; reqId?: string; step?: number });
    const written = parsed.filter((l) => l.msg === 'written');
    expect(written).toHaveLength(2);
    expect(written[0]!.step).toBe(1);
    expect(written[0]!.reqId).not.toBe(written[1]!.reqId);
    // Fastify's own lines of the request carry the same id.
    expect(parsed.filter((l) => l.reqId === written[0]!.reqId).map((l) => l.msg)).toEqual(['incoming request', 'written', 'request completed']);
    expect(lines.join('')).not.toContain('not written');
  });
});

describe('XSRF double submit', () => {
  it('hands out a readable XSRF-TOKEN cookie', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const cookie = res.cookies.find((c) => c.name === 'XSRF-TOKEN');
    expect(cookie?.value).toMatch(/^[\w-]{20,}$/);
    expect(cookie?.httpOnly).toBeFalsy();
    expect(cookie?.sameSite).toBe('Strict');
  });

  it('hands none to a script that signs its calls with a Bearer token alone', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { authorization: 'Bearer abc' } });
    expect(res.cookies.map((c) => c.name)).not.toContain('XSRF-TOKEN');
    const browser = await t.app.inject({ method: 'GET', url: '/api/health', headers: { authorization: 'Bearer abc' }, cookies: { kontor_session: 'x' } });
    expect(browser.cookies.map((c) => c.name)).toContain('XSRF-TOKEN');
  });

  it('refuses a state-changing API call without the matching header', async () => {
    const payload = { fzsrc: 'newsletter' };
    const none = await t.app.inject({ method: 'POST', url: '/api/user/tracking', payload, cookies: { 'XSRF-TOKEN': 'abc' } });
    expect(none.statusCode).toBe(403);
    expect(none.json()).toEqual({ message: expect.stringMatching(/Sicherheitsprüfung/), status: 403, errors: [] });
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/user/tracking',
      payload,
      cookies: { 'XSRF-TOKEN': 'abc' },
      headers: { 'x-xsrf-token': 'abd' },
    });
    expect(wrong.statusCode).toBe(403);
    const noCookie = await t.app.inject({ method: 'POST', url: '/api/user/tracking', payload, headers: { 'x-xsrf-token': 'abc' } });
    expect(noCookie.statusCode).toBe(403);
    const ok = await t.call({ method: 'POST', url: '/api/user/tracking', payload });
    expect(ok.statusCode).toBe(204);
  });
});

describe('system routes', () => {
  it('reports health including the database', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: 'ok', time: '2026-11-23T09:00:00.000Z' });
  });

  it('sets protective headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(String(res.headers['content-security-policy'])).toContain("default-src 'self'");
  });

  it('serves an OpenAPI document generated from the contracts', async () => {
    const json = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(json.statusCode).toBe(200);
    const doc = json.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/user/tracking', '/api/versions/check', '/api/health']));
    expect(JSON.stringify(doc.paths['/api/user/tracking'])).toContain('fzsrc');
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(ui.statusCode);
  });

  it('checks the app version against the current one', async () => {
    const current = await t.app.inject({ method: 'GET', url: '/api/versions/check?version=1.2-6' });
    expect(current.json()).toEqual({ web: '1.2-6', api: '1.0-3', updateRequired: false });
    const old = await t.app.inject({ method: 'GET', url: '/api/versions/check?version=1.1-0' });
    expect(old.json().updateRequired).toBe(true);
  });

  it('serves German and English translations and nothing else', async () => {
    const de = await t.app.inject({ method: 'GET', url: '/assets/i18n/de.json' });
    expect(de.statusCode).toBe(200);
    expect(JSON.stringify(de.json())).toContain('Depot');
    const en = await t.app.inject({ method: 'GET', url: '/assets/i18n/en.json' });
    expect(en.statusCode).toBe(200);
    const fr = await t.app.inject({ method: 'GET', url: '/assets/i18n/fr.json' });
    expect(fr.statusCode).toBe(404);
    // An encoded slash is no canonical path: refused before any route looks at it.
    const traversal = await t.app.inject({ method: 'GET', url: '/assets/i18n/..%2F..%2Fpackage.json' });
    expect(traversal.statusCode).toBe(400);
  });

  it('serves the texts in two parts that together are the whole file: the sign-in screens\' and the pages\'', async () => {
    const get = async (file: string) => (await t.app.inject({ method: 'GET', url: `/assets/i18n/${file}` })).json() as Record<string, unknown>;
    const [all, start, rest] = await Promise.all([get('de.json'), get('de.start.json'), get('de.rest.json')]);
    expect(Object.keys(start)).toEqual(expect.arrayContaining(['auth', 'nav', 'boot']));
    expect(Object.keys(start)).not.toContain('depot');
    expect(Object.keys(rest)).toEqual(expect.arrayContaining(['depot', 'trading', 'tickets']));
    expect(Object.keys(rest)).not.toContain('auth');
    expect({ ...start, ...rest }).toEqual(all);
    // Sent compressed to a browser that takes it.
    const brotli = await t.app.inject({ method: 'GET', url: '/assets/i18n/de.rest.json', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotli.rawPayload.length).toBeLessThan(JSON.stringify(rest).length / 2);
    expect(JSON.parse(zlib.brotliDecompressSync(brotli.rawPayload).toString())).toEqual(rest);
    expect((await t.app.inject({ method: 'GET', url: '/assets/i18n/de.other.json' })).statusCode).toBe(404);
  });

  it('serves the runtime configuration without error reporting unless a DSN is set', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/config.json' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.errorReportingDsn).toBeNull();
    expect(body.featureFlags).toMatchObject({ sendAuthHeaderToApi: false, tokensInLocalStorage: false });
    expect(body.externalLinks.imprint).toMatch(/^https:\/\//);
    // Tests run with the development tools on; the web shows "Zeit vorspulen" then.
    expect(body.devTools).toBe(true);
  });

  it('issues signed bot-protection challenges (the old token route is gone)', async () => {
    const a = await t.app.inject({ method: 'GET', url: '/api/bot-protection/challenge' });
    expect(a.json()).toMatchObject({ challenge: expect.stringMatching(/^v1\.[\w-]+\.[0-9a-z]+\.4\.[\w-]+$/), difficulty: 4 });
    expect((await t.app.inject({ method: 'GET', url: '/api/bot-protection/token' })).statusCode).toBe(404);
  });
});

describe('web app serving', () => {
  it('serves index.html for client routes and caches hashed assets', async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'kontor-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Kontor</title>');
    fs.writeFileSync(path.join(dist, 'assets', 'index-a1b2c3d4.js'), 'console.log(1)');
    const web = await createTestApp({ env: { WEB_DIST_DIR: dist } });
    try {
      const page = await web.app.inject({ method: 'GET', url: '/orders?tab=offen', headers: { accept: 'text/html' } });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<title>Kontor</title>');
      expect(page.headers['cache-control']).toBe('no-cache');
      const asset = await web.app.inject({ method: 'GET', url: '/assets/index-a1b2c3d4.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toContain('immutable');
      const api = await web.app.inject({ method: 'GET', url: '/api/nothing', headers: { accept: 'text/html' } });
      expect(api.statusCode).toBe(404);
      expect(api.json().status).toBe(404);
      const missing = await web.app.inject({ method: 'GET', url: '/assets/missing-a1b2c3d4.js' });
      expect(missing.statusCode).toBe(404);
    } finally {
      await web.close();
    }
  });
});
