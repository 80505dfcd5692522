import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// The rate-limited calls a client could hammer without signing in, with the limit each has per
// minute. A new rate-limited public route belongs here.
const limited: { name: string; max: number; request: InjectOptions }[] = [
  { name: 'POST /api/user/tracking', max: 60, request: { method: 'POST', url: '/api/user/tracking', payload: { fzsrc: 'newsletter' } } },
  { name: 'POST /api/auth/login', max: 120, request: { method: 'POST', url: '/api/auth/login', payload: { accessToken: 'x'.repeat(40) } } },
  {
    name: 'POST /identity/',
    max: 600,
    request: {
      method: 'POST',
      url: '/identity/',
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.Unknown' },
      payload: '{}',
    },
  },
];

/** Sends the call `times` times from one peer, each time with another X-Forwarded-For. */
async function rotatingForwardedFor(t: TestApp, request: InjectOptions, times: number) {
  const statuses: number[] = [];
  for (let i = 0; i < times; i++) {
    const res = await t.call({
      ...request,
      remoteAddress: '203.0.113.7',
      headers: { ...request.headers, 'x-forwarded-for': `198.51.100.${i % 250}, 10.0.${i >> 8}.${i % 256}` },
    });
    statuses.push(res.statusCode);
  }
  return statuses;
}

describe('TRUST_PROXY_HOPS', () => {
  it('defaults to 0 and refuses what is no small whole number', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).trustProxyHops).toBe(0);
    expect(loadConfig({ NODE_ENV: 'test', TRUST_PROXY_HOPS: '' }).trustProxyHops).toBe(0);
    expect(loadConfig({ NODE_ENV: 'test', TRUST_PROXY_HOPS: '2' }).trustProxyHops).toBe(2);
    for (const bad of ['-1', '1.5', 'true', '11']) {
      expect(() => loadConfig({ NODE_ENV: 'test', TRUST_PROXY_HOPS: bad })).toThrow(/TRUST_PROXY_HOPS/);
    }
  });
});

describe('with the default (no proxy trusted)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it.each(limited)('a forged, rotating X-Forwarded-For does not escape the rate limit of $name', async ({ request, max }) => {
    const statuses = await rotatingForwardedFor(t, request, max + 1);
    expect(statuses.slice(0, max).filter((s) => s === 429)).toEqual([]);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('behind one trusted proxy (TRUST_PROXY_HOPS=1)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY_HOPS: '1' } });
  });
  afterAll(() => t.close());

  it('counts per client the proxy names, and only the hop next to the proxy is believed', async () => {
    const { request, max } = limited[0]!;
    // The proxy appends the address it saw; what the client wrote before it is not believed.
    const fromClient = (forged: string) =>
      t.call({ ...request, remoteAddress: '10.0.0.2', headers: { 'x-forwarded-for': `${forged}, 198.51.100.9` } });
    for (let i = 0; i < max; i++) expect((await fromClient(`192.0.2.${i}`)).statusCode).toBe(204);
    expect((await fromClient('192.0.2.250')).statusCode).toBe(429);
    // Another client behind the same proxy has its own count.
    const other = await t.call({ ...request, remoteAddress: '10.0.0.2', headers: { 'x-forwarded-for': '198.51.100.10' } });
    expect(other.statusCode).toBe(204);
  });
});
