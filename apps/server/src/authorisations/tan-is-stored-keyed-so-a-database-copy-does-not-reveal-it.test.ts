import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { requestTan } from '../../test/authorisation.ts';
import { signedInCustomer, type SignedInCustomer } from '../../test/customer.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { authorisationChallenges } from './tables.ts';
import { tanHashKeyOf } from './tan-hash-key.ts';

let t: TestApp;
let anna: SignedInCustomer;
const others: FastifyInstance[] = [];
beforeAll(async () => {
  t = await createTestApp();
  anna = await signedInCustomer(t.app, t.database.db, 'anna-keyed');
});
afterAll(async () => {
  for (const app of others) await app.close();
  await t?.close();
});

const enrol = { type: 'ENROLL_DEVICE', deviceName: 'Annas iPhone' } as const;
const storedHash = async (ticket: string) =>
  (await t.database.db.select({ h: authorisationChallenges.tanHash }).from(authorisationChallenges).where(eq(authorisationChallenges.id, ticket)))[0]!.h;

/** Another server on the same database, with its own TAN_HASH_KEY (as a second process would be). */
async function serverWithKey(key: string) {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DEV_TOOLS: 'true', SRP_WORKERS: '0', TAN_HASH_KEY: key });
  const app = await buildApp({ config, db: t.database.db, clock: t.clock, logger: false });
  await app.ready();
  others.push(app);
  const xsrf = randomBytes(16).toString('hex');
  return (body: { ticket: string; tan: string }) =>
    app.inject({ method: 'POST', url: '/api/ticket/verify', headers: { ...anna.headers, 'x-xsrf-token': xsrf }, cookies: { 'XSRF-TOKEN': xsrf }, payload: body });
}

describe('a TAN is stored under a server key, not as a plain hash (decision 030)', () => {
  it('trying all 10^6 codes against the stored value finds nothing without the key, and the right TAN is still accepted', async () => {
    const { challenge, tan } = await requestTan(t, anna, enrol);
    const stored = await storedHash(challenge.ticket);
    const found: string[] = [];
    for (let n = 0; n < 1_000_000; n++) {
      const code = String(n).padStart(6, '0');
      for (const input of [`${challenge.ticket}:${code}`, `${challenge.ticket}${code}`]) {
        if (createHash('sha256').update(input).digest('hex') === stored) found.push(code);
      }
    }
    expect(found).toEqual([]);
    expect(stored).not.toContain(tan);
    const res = await t.call({ method: 'POST', url: '/api/ticket/verify', headers: anna.headers, payload: { ticket: challenge.ticket, tan } });
    expect(res.statusCode).toBe(200);
  }, 60_000);

  it('the key comes from TAN_HASH_KEY: a TAN sent under one key is refused by a server with another and taken by one with the same', async () => {
    const { challenge, tan } = await requestTan(t, anna, enrol);
    const otherKey = await serverWithKey(randomBytes(32).toString('base64'));
    const refused = await otherKey({ ticket: challenge.ticket, tan });
    expect(refused.statusCode).toBe(422);
    const sameKey = await serverWithKey(t.config.tanHashKey!);
    expect((await sameKey({ ticket: challenge.ticket, tan })).statusCode).toBe(200);
  });

  it('refuses a TAN_HASH_KEY shorter than 32 bytes at start', () => {
    expect(() => loadConfig({ TAN_HASH_KEY: 'kurz-und-geheim' })).toThrow(/TAN_HASH_KEY: must be at least 32 bytes/);
  });

  it('without TAN_HASH_KEY: one random key made in DATA_DIR (mode 0600) and kept across restarts; a warning in production on PostgreSQL', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kontor-tan-key-'));
    try {
      const warnings: string[] = [];
      const log = { warn: (m: string) => void warnings.push(m) };
      const first = tanHashKeyOf(loadConfig({ DATA_DIR: dataDir }), log);
      const file = path.join(dataDir, 'tan-hash.key');
      expect(first).toMatch(/^[0-9a-f]{64}$/);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      expect(tanHashKeyOf(loadConfig({ DATA_DIR: dataDir }), log)).toBe(first);
      expect(warnings).toEqual([]);
      tanHashKeyOf(loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'production', DATABASE_URL: 'postgres://localhost/kontor' }), log);
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toContain('TAN_HASH_KEY is not set');
      expect(tanHashKeyOf(loadConfig({ DATA_DIR: dataDir, TAN_HASH_KEY: 'x'.repeat(32) }), log)).toBe('x'.repeat(32));
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
