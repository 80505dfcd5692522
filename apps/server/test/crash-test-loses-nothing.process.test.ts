// The short crash test of the suite (issue 23): 1,000 mixed operations against the built server
// (dist/main.js, which `npm test` builds first), killed twice with SIGKILL and restarted: on a
// database of its own on PostgreSQL (DATABASE_URL, or a throwaway cluster), and on a PGlite data
// directory (the whole process dies and reopens it). `npm run chaos` is the full run.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { describe as describeReport, runChaos, type ChaosReport } from './chaos-run.ts';
import { type Cluster, createDatabase, freePort, startCluster } from './postgres-cluster.ts';
import { migratedPglite } from './test-app.ts';

let ownCluster: Cluster | undefined;
afterAll(() => ownCluster?.stop());

const options = async () => ({ port: await freePort(), operations: 1000, clients: 6, kills: 2, seed: 2023 });

// Caps, not waits: a case takes 100–130 s on a quiet 2-core machine and up to 215 s beside two busy cores.
function expectNothingLost(report: ChaosReport) {
  const text = describeReport(report);
  expect(report.kills, text).toBe(2);
  expect(report.operations, text).toBe(1000);
  // Most operations go through: a run where everything was refused would prove nothing.
  expect(report.outcomes.acknowledged, text).toBeGreaterThan(700);
  expect({ lost: report.lost, doubled: report.doubled }, text).toEqual({ lost: 0, doubled: 0 });
  expect(report.invariants.filter((i) => !i.ok), text).toEqual([]);
}

it('on PostgreSQL, 1,000 operations with the server killed twice: nothing acknowledged is lost, nothing is doubled, the ledger and the engine hold', { timeout: 420_000 }, async () => {
  const url = process.env.DATABASE_URL ?? (ownCluster = startCluster(await freePort())).url;
  const opts = await options();
  const db = await createDatabase(url, 'kontor_chaos');
  try {
    expectNothingLost(await runChaos({ ...opts, database: { DATABASE_URL: db.url } }));
  } finally {
    await db.drop();
  }
});

it('on a PGlite data directory, the same: the whole process dies and reopens the directory', { timeout: 420_000 }, async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kontor-chaos-'));
  try {
    expectNothingLost(await runChaos({ ...(await options()), database: { DATA_DIR: dir }, pgliteTemplate: await migratedPglite() }));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
