import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase, freePort, startCluster } from '../../test/postgres-cluster.ts';
import { freshDatabase } from '../../test/test-app.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { type Database, openDatabase } from './db.ts';
import { messages } from './errors.ts';

/** POST /api/auth/login counts 120 a minute per client address (identity/session-routes.ts). */
const LOGIN_LIMIT = 120;
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const appOn = async (db: Database, env: Record<string, string> = {}) => {
  const app = await buildApp({ config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SRP_WORKERS: '0', ...env }), db: db.db, logger: false });
  await app.ready();
  cleanups.push(() => app.close());
  return app;
};

/** Sign-in attempts from one address, in turn to each app; the statuses in order. */
async function loginsAcross(apps: FastifyInstance[], count: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) {
    const res = await apps[i % apps.length]!.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '203.0.113.7',
      cookies: { 'XSRF-TOKEN': 'rate-limit-test' },
      headers: { 'x-xsrf-token': 'rate-limit-test' },
      payload: { accessToken: 'x'.repeat(40) },
    });
    statuses.push(res.statusCode);
    if (res.statusCode === 429) expect(res.json()).toEqual({ message: messages.tooManyRequests, status: 429, errors: [] });
  }
  return statuses;
}

function expectOneLimitAcrossBoth(statuses: number[]) {
  // Each app alone has seen only half the limit: a count per process would let every one through.
  expect(statuses.slice(0, LOGIN_LIMIT).filter((s) => s === 429)).toEqual([]);
  expect(statuses.slice(LOGIN_LIMIT)).toEqual([429, 429]);
}

describe('the rate limits of several processes', () => {
  it('count once on one PostgreSQL database: the limit holds across two apps', async () => {
    // The CI's server when DATABASE_URL names one, else a throwaway one of this test's own.
    let server = process.env.DATABASE_URL;
    if (!server) {
      const cluster = startCluster(await freePort());
      cleanups.push(() => cluster.stop());
      server = cluster.url;
    }
    const own = await createDatabase(server, 'kontor_rate_limits');
    cleanups.push(() => own.drop());
    const first = await openDatabase({ kind: 'postgres', url: own.url });
    cleanups.push(() => first.close());
    await first.migrate();
    const second = await openDatabase({ kind: 'postgres', url: own.url });
    cleanups.push(() => second.close());
    const apps = [await appOn(first), await appOn(second)];
    expectOneLimitAcrossBoth(await loginsAcross(apps, LOGIN_LIMIT + 2));
  }, 120_000);

  it('count once in Redis when REDIS_URL is set: the limit holds across two apps', async () => {
    const bin = ['/usr/bin/redis-server', '/usr/local/bin/redis-server'].find((f) => fs.existsSync(f));
    if (!bin) throw new Error('redis-server is not installed: apt-get install redis-server (.ci/run installs it)');
    const port = await freePort();
    const redisProcess: ChildProcess = spawn(bin, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: ['ignore', 'pipe', 'inherit'] });
    cleanups.push(() => void redisProcess.kill());
    await untilReady(redisProcess);
    const url = `redis://127.0.0.1:${port}`;
    // Each app on a database of its own: only Redis is shared.
    const apps: FastifyInstance[] = [];
    for (let i = 0; i < 2; i++) {
      const db = await freshDatabase();
      cleanups.push(() => db.close());
      apps.push(await appOn(db, { REDIS_URL: url }));
    }
    expectOneLimitAcrossBoth(await loginsAcross(apps, LOGIN_LIMIT + 2));
  }, 120_000);
});

/** Resolves when redis-server says it takes connections. */
function untilReady(server: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    let out = '';
    server.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('Ready to accept connections')) resolve();
    });
    server.on('exit', (code) => reject(new Error(`redis-server ended (${code}): ${out.slice(-500)}`)));
  });
}
