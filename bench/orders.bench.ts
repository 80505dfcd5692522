// Order entry over HTTP: POST /api/trading with autocannon against the server started the way
// production starts it (apps/server/dist/main.js in a child process), once on a throwaway embedded
// PGlite directory and once on a throwaway PostgreSQL cluster. The orders are limit buys far below
// the market, so each is accepted and rests in the book: the measurement is order entry (checks,
// reservation in the ledger, the engine, the group commit), not execution.
//
// On PostgreSQL the same load also runs against a floor (orders-floor-server.ts): a bare server
// that only parses each order and writes the orders of a batch in one statement. Both run with 50
// connections (the most the server takes), 30 and 20: with 50 orders always under way, 2,000
// orders/s means 25 ms on average (Little's law), so the latency target needs fewer.
//
// BENCH_DATABASE_URL=postgres://… uses an existing server instead of starting a cluster;
// BENCH_ONLY=pglite|postgres runs one (see also BENCH_CONNECTIONS, BENCH_NO_FLOOR); BENCH_CPU_PROF=<dir> profiles the server (node --cpu-prof).
import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/platform/db.ts';
import { signedInCustomer } from '../apps/server/test/customer.ts';
import { cpuMsOf, machineCpuMs, writeResult } from './lib.ts';
import { freePort, postgresCpuMs, startCluster } from './postgres.ts';
import { buildServer, restingBuyTickets, serverEnv, startServer, stopServer } from './server-process.ts';

/** A Monday 10:00 in Frankfurt: Xetra is open for the whole run. */
const MARKET_CLOCK_START = '2026-11-23T10:00:00+01:00';
const CUSTOMERS = 20;
/** BENCH_CONNECTIONS=20 runs one setting; BENCH_NO_FLOOR=1 leaves the floor out (quicker A/B runs while working). */
const CONNECTIONS = process.env.BENCH_CONNECTIONS ? process.env.BENCH_CONNECTIONS.split(',').map(Number) : [50, 30, 20];
const WARMUP_SECONDS = 3;
const DURATION_SECONDS = 10;

// ——— customers with money, signed in through the embedded user pool ———

type Setup = { tokens: string[]; tickets: object[] };

/** Customers, deposits and confirmations written through the app itself, before the server starts. */
async function prepare(env: Record<string, string>): Promise<Setup> {
  const config = loadConfig(env);
  const database = await openDatabase(config.database);
  await database.migrate();
  const app = await buildApp({ config, db: database.db, logger: false });
  try {
    const tickets = await restingBuyTickets(app);
    const tokens: string[] = [];
    for (let n = 0; n < CUSTOMERS; n++) {
      const c = await signedInCustomer(app, database.db, `bench-${n}-${randomUUID().slice(0, 8)}`);
      for (let d = 0; d < 3; d++) {
        const res = await app.inject({ method: 'POST', url: '/api/dev/deposit', headers: c.headers, payload: { amount: '1000000.00' } });
        if (res.statusCode !== 200) throw new Error(`deposit: ${res.statusCode} ${res.body}`);
      }
      const ok = await app.inject({ method: 'POST', url: '/api/user/confirmlowtrading', headers: c.headers });
      if (ok.statusCode !== 204) throw new Error(`confirmlowtrading: ${ok.statusCode} ${ok.body}`);
      tokens.push(c.accessToken);
    }
    return { tokens, tickets };
  } finally {
    await app.close();
    await database.close();
  }
}

// ——— load ———

function orderLoad(url: string, setup: Setup, seconds: number, connections: number) {
  let n = 0;
  return autocannon({
    url,
    connections,
    duration: seconds,
    pipelining: 1,
    requests: [
      {
        method: 'POST',
        path: '/api/trading',
        setupRequest: (req) => {
          const i = n++;
          return {
            ...req,
            headers: {
              'content-type': 'application/json',
              authorization: `Bearer ${setup.tokens[i % setup.tokens.length]}`,
              'idempotency-key': randomUUID(),
            },
            body: JSON.stringify(setup.tickets[i % setup.tickets.length]),
          };
        },
      },
    ],
  });
}

/** The load against a running server: first a warm-up, then the measured run with the CPU each side used. */
async function drive(base: string, setup: Setup, connections: number, serverPid: number, withPostgres: boolean) {
  await orderLoad(base, setup, WARMUP_SECONDS, connections);
  const cpuBefore = cpuMsOf(serverPid);
  const pgBefore = withPostgres ? postgresCpuMs() : 0;
  const loadBefore = cpuMsOf();
  const machineBefore = machineCpuMs();
  const [load1] = os.loadavg();
  const r = await orderLoad(base, setup, DURATION_SECONDS, connections);
  const stolen = (machineCpuMs().steal - machineBefore.steal) / 1000;
  // In seconds, as the figures below want them.
  const cpu = (cpuMsOf(serverPid) - cpuBefore) / 1000;
  const pgCpu = withPostgres ? (postgresCpuMs() - pgBefore) / 1000 : 0;
  const loadCpu = (cpuMsOf() - loadBefore) / 1000;
  return {
    connections,
    acceptedOrdersPerSecond: Math.round(r['2xx'] / r.duration),
    accepted: r['2xx'],
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    durationSeconds: Math.round(r.duration * 10) / 10,
    latencyMs: { p50: r.latency.p50, p90: r.latency.p90, p99: r.latency.p99, max: r.latency.max },
    /** CPU time of the server process per accepted order (independent of what else the machine runs). */
    serverCpuMsPerOrder: Math.round((cpu * 1000 * 100) / Math.max(1, r['2xx'])) / 100,
    serverCpuShare: Math.round((cpu / r.duration) * 100) / 100,
    /** Cores the database and the load generator (autocannon, this process) used meanwhile: they share the machine. */
    postgresCpuShare: Math.round((pgCpu / r.duration) * 100) / 100,
    loadGeneratorCpuShare: Math.round((loadCpu / r.duration) * 100) / 100,
    /** The machine's 1-minute load average when the run started (other work competes for the cores). */
    loadAverage: Math.round(load1! * 10) / 10,
    /** Share of the two cores' time the hypervisor gave to other guests meanwhile: how clean the run was. */
    stolenCpuPercent: Math.round((stolen / r.duration / os.cpus().length) * 100),
  };
}

async function measure(label: 'pglite' | 'postgres', database: Record<string, string>) {
  const port = await freePort();
  const env = {
    ...serverEnv(port),
    DEV_TOOLS: 'true',
    MARKET_CLOCK_START,
    ...database,
  };
  const setup = await prepare(env);
  const server = await startServer(env, `orders-${label}`);
  const base = `http://127.0.0.1:${port}`;
  try {
    // One order by hand: it must be accepted and rest.
    const probe = await fetch(`${base}/api/trading`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${setup.tokens[0]}`, 'idempotency-key': randomUUID() },
      body: JSON.stringify(setup.tickets[0]),
    });
    const placed = (await probe.json()) as { status?: string };
    if (probe.status !== 201 || placed.status !== 'Open') throw new Error(`probe order: ${probe.status} ${JSON.stringify(placed)}`);
    const runs = [];
    for (const connections of label === 'postgres' ? CONNECTIONS : CONNECTIONS.slice(0, 1)) {
      runs.push({ server: 'kontor', database: label, ...(await drive(base, setup, connections, server.pid!, label === 'postgres')) });
    }
    // Kontor's database connections end with it, before the floor runs (their CPU time leaves the sum with them).
    await stopServer(server);
    if (label === 'postgres' && !process.env.BENCH_NO_FLOOR) {
      // The floor, on the same database server, with the same customers' requests.
      const floor = fork(new URL('./orders-floor-server.ts', import.meta.url).pathname, [database.DATABASE_URL!], { execArgv: ['--import', 'tsx'] });
      try {
        const floorPort = await new Promise<number>((resolve, reject) => {
          floor.once('message', (m: { port: number }) => resolve(m.port));
          floor.once('exit', (code) => reject(new Error(`floor server exited with ${code}`)));
        });
        for (const connections of CONNECTIONS) {
          runs.push({ server: 'floor', database: label, ...(await drive(`http://127.0.0.1:${floorPort}`, setup, connections, floor.pid!, true)) });
        }
      } finally {
        floor.kill();
      }
    }
    return runs;
  } finally {
    await stopServer(server);
  }
}

buildServer();
const only = process.env.BENCH_ONLY;
const results = [];
if (!only || only === 'pglite') {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kontor-bench-pglite-'));
  try {
    results.push(...(await measure('pglite', { DATA_DIR: dir })));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
if (!only || only === 'postgres') {
  const cluster = process.env.BENCH_DATABASE_URL ? undefined : startCluster(await freePort());
  const serverUrl = process.env.BENCH_DATABASE_URL ?? cluster!.url;
  const name = `kontor_bench_${randomUUID().slice(0, 8)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const dbUrl = new URL(serverUrl);
  dbUrl.pathname = `/${name}`;
  try {
    results.push(...(await measure('postgres', { DATABASE_URL: dbUrl.toString() })));
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    cluster?.stop();
  }
}

const out = writeResult(only ? `orders-${only}` : 'orders', {
  what: 'POST /api/trading over loopback: resting limit buys (each accepted), each request with its own Idempotency-Key, 20 signed-in customers, 8 shares; on PostgreSQL also the floor (orders-floor-server.ts) under the same load',
  connections: CONNECTIONS,
  durationSeconds: DURATION_SECONDS,
  server: 'apps/server/dist/main.js in a child process, NODE_ENV=production; PostgreSQL cluster with fsync and synchronous_commit on',
  target: '≥ 2,000 orders/s with p99 ≤ 25 ms on PostgreSQL',
  results,
});
console.table(
  out.results.map((r) => ({
    server: r.server,
    database: r.database,
    connections: r.connections,
    'orders/s': r.acceptedOrdersPerSecond,
    'p50 ms': r.latencyMs.p50,
    'p99 ms': r.latencyMs.p99,
    non2xx: r.non2xx,
    errors: r.errors,
    'server CPU ms/order': r.serverCpuMsPerOrder,
    'cores: server/db/load': `${r.serverCpuShare}/${r.postgresCpuShare}/${r.loadGeneratorCpuShare}`,
    'stolen %': r.stolenCpuPercent,
  })),
);
