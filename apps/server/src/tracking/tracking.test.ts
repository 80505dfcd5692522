import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { trackingStore } from './store.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-23T10:15:00Z' });
});
afterAll(() => t.close());

describe('POST /api/user/tracking', () => {
  it('stores a campaign landing with its terms list and answers 204', async () => {
    const payload = { fzsrc: 'google', fzmedium: 'cpc', fzcampaign: 'etf-sparplan', fzterms: ['etf', 'sparplan'] };
    const res = await t.call({ method: 'POST', url: '/api/user/tracking', payload });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    const [row] = await trackingStore(t.database.db).latest(1);
    expect(row?.fzsrc).toBe('google');
    expect(row?.payload).toMatchObject(payload);
    expect(row?.createdAt.toISOString()).toBe('2026-11-23T10:15:00.000Z');
  });

  it.each([
    ['NUL in fzsrc', { fzsrc: 'news\u0000letter' }, 'fzsrc'],
    ['a lone surrogate in fzsrc', { fzsrc: 'news\ud800' }, 'fzsrc'],
    ['NUL in a term', { fzsrc: 'google', fzterms: ['etf', 'a\u0000'] }, 'fzterms.1'],
    ['a lone surrogate in a term', { fzsrc: 'google', fzterms: ['\udc00'] }, 'fzterms.0'],
  ])('refuses %s with 400 and a German field error, without sign-in, and stores nothing', async (_what, payload, field) => {
    const before = await trackingStore(t.database.db).latest(1);
    const res = await t.call({ method: 'POST', url: '/api/user/tracking', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 400, errors: [{ field, message: 'Der Text enthält Zeichen, die nicht erlaubt sind (z. B. unsichtbare Sonderzeichen).' }] });
    expect(await trackingStore(t.database.db).latest(1)).toEqual(before);
  });

  it('refuses a payload without fzsrc', async () => {
    const res = await t.call({ method: 'POST', url: '/api/user/tracking', payload: { fzterm: 'x' } });
    expect(res.statusCode).toBe(400);
  });
});
