// npm run chaos: the crash test (issue 23). Several clients run mixed operations against the built
// server (apps/server/dist/main.js) while it is killed with SIGKILL at random moments and started
// again; then every acknowledged operation must exist exactly once and the ledger must hold.
// On a throwaway PostgreSQL cluster (or DATABASE_URL), or with --pglite on a throwaway PGlite data
// directory. Options: --operations=N (10000), --clients=N (8), --kills=N (6), --seed=N.
// Needs `npm run build` first. Writes bench/results/chaos-<database>.json; exit 1 on any violation.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, runChaos, type ChaosReport } from '../apps/server/test/chaos-run.ts';
import { serverMain } from '../apps/server/test/chaos-server.ts';
import { writeResult } from './lib.ts';
import { createDatabase, freePort, startCluster } from './postgres.ts';

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const a = args.find((x) => x.startsWith(`--${name}=`));
  return a ? Number(a.split('=')[1]) : fallback;
};
const pglite = args.includes('--pglite');
const operations = option('operations', 10_000);
const clients = option('clients', 8);
const kills = option('kills', 6);
const seed = option('seed', Math.floor(Math.random() * 1e6));

if (!fs.existsSync(serverMain)) {
  console.error('apps/server/dist/main.js is missing: run `npm run build` first.');
  process.exit(2);
}

const port = await freePort();
const log = (line: string) => console.log(`[chaos] ${line}`);
const serverLog = path.join(os.tmpdir(), `kontor-chaos-server-${process.pid}.log`);
log(`server output: ${serverLog}`);
let report: ChaosReport;
if (pglite) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kontor-chaos-pglite-'));
  try {
    report = await runChaos({ database: { DATA_DIR: dir }, port, operations, clients, kills, seed, log, serverLog });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
} else {
  const cluster = process.env.DATABASE_URL ? undefined : startCluster(await freePort());
  const serverUrl = process.env.DATABASE_URL ?? cluster!.url;
  const db = await createDatabase(serverUrl, 'kontor_chaos');
  try {
    report = await runChaos({ database: { DATABASE_URL: db.url }, port, operations, clients, kills, seed, log, serverLog });
  } finally {
    await db.drop();
    cluster?.stop();
  }
}
console.log(describe(report));
writeResult(`chaos-${report.database}`, { what: 'npm run chaos: mixed operations against dist/main.js, killed with SIGKILL and restarted', ...report });
process.exit(report.ok ? 0 : 1);
