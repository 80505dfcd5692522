// The short crash test of the suite (issue 23): 1,000 mixed operations against the built server
// (dist/main.js, which `npm test` builds first), killed twice with SIGKILL and restarted. In the
// main pass on a PGlite data directory (the whole process dies and reopens it); in the PostgreSQL
// pass (DATABASE_URL) on a database of its own on that server. `npm run chaos` is the full run.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { expect, it } from 'vitest';
import { describe as describeReport, runChaos, type ChaosReport } from './chaos-run.ts';
import { migratedPglite } from './test-app.ts';

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

async function onPostgres(url: string, run: (databaseUrl: string) => Promise<ChaosReport>): Promise<ChaosReport> {
  const name = `kontor_chaos_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  try {
    return await run(dbUrl.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

it('1,000 operations with the server killed twice: nothing acknowledged is lost, nothing is doubled, the ledger and the engine hold', { timeout: 240_000 }, async () => {
  const options = { port: await freePort(), operations: 1000, clients: 6, kills: 2, seed: 2023 };
  const url = process.env.DATABASE_URL;
  let report: ChaosReport;
  if (url) report = await onPostgres(url, (DATABASE_URL) => runChaos({ ...options, database: { DATABASE_URL } }));
  else {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kontor-chaos-'));
    try {
      report = await runChaos({ ...options, database: { DATA_DIR: dir }, pgliteTemplate: await migratedPglite() });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
  const text = describeReport(report);
  expect(report.kills, text).toBe(2);
  expect(report.operations, text).toBe(1000);
  // Most operations go through: a run where everything was refused would prove nothing.
  expect(report.outcomes.acknowledged, text).toBeGreaterThan(700);
  expect({ lost: report.lost, doubled: report.doubled }, text).toEqual({ lost: 0, doubled: 0 });
  expect(report.invariants.filter((i) => !i.ok), text).toEqual([]);
});
