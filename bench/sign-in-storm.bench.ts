// Sign-in storm: 200 customers with SMS MFA sign in at once (SRP + SMS code, up to the tokens)
// against the server as production starts it (dist/main.js in its own process, on a throwaway
// PostgreSQL cluster), while 20 other customers enter orders at a steady rate and a prober asks
// GET /api/health. Reported: sign-ins per second, the time until all are in, and p50/p99 of the
// health check and of order entry before the storm (baseline), during it and after it.
//
// The storm's customers come from 200 addresses (X-Forwarded-For, TRUST_PROXY_HOPS=1, as behind
// a load balancer), so the per-address sign-in limit (600 identity calls a minute) applies to each
// as it would in production: no limit is raised. Setup (customers, deposits) is not measured.
//
// BENCH_DATABASE_URL=postgres://… uses an existing server; BENCH_STORM (200), BENCH_ORDER_RATE
// (orders/s, 100), BENCH_HEALTH_RATE (probes/s, 20); BENCH_CPU_PROF=<dir> profiles the server;
// SRP_WORKERS and IDENTITY_CONCURRENCY go to the server; BENCH_LABEL=x writes sign-in-storm-x.json.
import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/platform/db.ts';
import { signedInCustomer } from '../apps/server/test/customer.ts';
import { cpuMsOf, machineCpuMs, summarize, writeResult } from './lib.ts';
import { createDatabase, freePort, postgresCpuMs, startCluster } from './postgres.ts';
import { buildServer, restingBuyTickets, serverEnv, startServer, stopServer } from './server-process.ts';
import type { SignInResult, StormCustomer, StormRequest } from './sign-in-storm-clients.ts';

const MARKET_CLOCK_START = '2026-11-23T10:00:00+01:00';
const PASSWORD = 'Kontor!Storm1';
const STORM = Number(process.env.BENCH_STORM ?? 200);
const WARM_SIGN_INS = 10;
const TRADERS = 20;
const ORDER_RATE = Number(process.env.BENCH_ORDER_RATE ?? 100);
const HEALTH_RATE = Number(process.env.BENCH_HEALTH_RATE ?? 20);
const WARMUP_MS = 5_000;
const BASELINE_MS = 15_000;
const AFTER_MS = 5_000;

const now = () => performance.timeOrigin + performance.now();

/** CPU time of a process's main thread so far, in ms (Linux: its thread id is the process id). */
function mainThreadCpuMs(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return NaN;
  }
}

type Setup = { tokens: string[]; tickets: object[]; storm: StormCustomer[]; warm: StormCustomer[] };

/** Traders with money, and the storm's customers with SMS MFA, written through the app itself before the server starts. */
async function prepare(env: Record<string, string>): Promise<Setup> {
  const config = loadConfig({ ...env, DEV_TOOLS: 'true' });
  const database = await openDatabase(config.database);
  await database.migrate();
  const app = await buildApp({ config, db: database.db, logger: false });
  try {
    const tickets = await restingBuyTickets(app);
    const tokens: string[] = [];
    for (let n = 0; n < TRADERS; n++) {
      const c = await signedInCustomer(app, database.db, `trader-${n}-${randomUUID().slice(0, 8)}`);
      const res = await app.inject({ method: 'POST', url: '/api/dev/deposit', headers: c.headers, payload: { amount: '1000000.00' } });
      if (res.statusCode !== 200) throw new Error(`deposit: ${res.statusCode} ${res.body}`);
      const ok = await app.inject({ method: 'POST', url: '/api/user/confirmlowtrading', headers: c.headers });
      if (ok.statusCode !== 204) throw new Error(`confirmlowtrading: ${ok.statusCode} ${ok.body}`);
      tokens.push(c.accessToken);
    }
    const customers: StormCustomer[] = [];
    for (let n = 0; n < STORM + WARM_SIGN_INS; n++) {
      const username = `storm-${n}-${randomUUID().slice(0, 8)}@kontor.example`;
      const phone = `+49151${String(1_000_000 + n)}`;
      await app.identity!.createUser({
        username,
        password: PASSWORD,
        smsMfa: true,
        attributes: { email: username, email_verified: 'true', phone_number: phone, phone_number_verified: 'true' },
      });
      customers.push({ username, phone, address: `10.${20 + (n >> 16)}.${(n >> 8) & 255}.${n & 255}` });
    }
    return { tokens, tickets, warm: customers.slice(STORM), storm: customers.slice(0, STORM) };
  } finally {
    await app.close();
    await database.close();
  }
}

// ——— steady load: open loop, so a slow answer does not slow the next request ———

type Sample = { at: number; ms: number; ok: boolean };

function steady(ratePerSecond: number, send: (i: number) => Promise<boolean>) {
  const samples: Sample[] = [];
  const inFlight = new Set<Promise<void>>();
  const start = now();
  let sent = 0;
  const timer = setInterval(() => {
    const due = Math.floor(((now() - start) * ratePerSecond) / 1000);
    while (sent < due) {
      const i = sent++;
      const at = now();
      const p = send(i)
        .catch(() => false)
        .then((ok) => {
          samples.push({ at, ms: now() - at, ok });
          inFlight.delete(p);
        });
      inFlight.add(p);
    }
  }, 2);
  return {
    samples,
    async stop() {
      clearInterval(timer);
      await Promise.all(inFlight);
    },
  };
}

function phase(samples: Sample[], from: number, to: number) {
  const inside = samples.filter((s) => s.at >= from && s.at < to);
  return { ...summarize(inside.map((s) => s.ms)), failed: inside.filter((s) => !s.ok).length };
}

/** The storm's customers in a child process: "ready" when set up, their results after "go". */
async function stormClients(request: StormRequest) {
  const child = fork(new URL('./sign-in-storm-clients.ts', import.meta.url).pathname, [], { execArgv: ['--import', 'tsx'] });
  const results = new Promise<{ results: SignInResult[]; cpuMs: number }>((resolve, reject) => {
    child.on('message', (m: { results?: SignInResult[]; cpuMs: number }) => m.results && resolve({ results: m.results, cpuMs: m.cpuMs }));
    child.once('exit', (code) => reject(new Error(`storm clients exited with ${code}`)));
  });
  await new Promise<void>((resolve, reject) => {
    child.on('message', (m: { ready?: boolean }) => m.ready && resolve());
    child.once('exit', (code) => reject(new Error(`storm clients exited with ${code}`)));
    child.send({ request });
  });
  return { pid: child.pid!, go: () => child.send({ go: true }), results };
}

async function measure(databaseUrl: string, postmaster: number | undefined) {
  const port = await freePort();
  const env = {
    ...serverEnv(port),
    DEV_TOOLS: 'false',
    TRUST_PROXY_HOPS: '1',
    // Unset: the server's defaults. SRP_WORKERS=0 IDENTITY_CONCURRENCY=0 measures the code before
    // the storm work (SRP on the main thread, every sign-in step at once).
    SRP_WORKERS: process.env.SRP_WORKERS ?? '',
    IDENTITY_CONCURRENCY: process.env.IDENTITY_CONCURRENCY ?? '',
    MARKET_CLOCK_START,
    DATABASE_URL: databaseUrl,
  };
  const setup = await prepare(env);
  const config = loadConfig(env);
  const server = await startServer(env, 'sign-in-storm');
  const base = `http://127.0.0.1:${port}`;
  const stormRequest = (customers: StormCustomer[]): StormRequest => ({
    base,
    databaseUrl,
    clientId: config.identity.clientId,
    realm: config.identity.poolId.split('_')[1]!,
    password: PASSWORD,
    customers,
  });
  try {
    const orders = steady(ORDER_RATE, async (i) => {
      const res = await fetch(`${base}/api/trading`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${setup.tokens[i % setup.tokens.length]}`, 'idempotency-key': randomUUID() },
        body: JSON.stringify(setup.tickets[i % setup.tickets.length]),
      });
      await res.arrayBuffer();
      return res.status === 201;
    });
    const health = steady(HEALTH_RATE, async () => {
      const res = await fetch(`${base}/api/health`);
      await res.arrayBuffer();
      return res.status === 200;
    });

    // Warm-up: the load runs, and a few customers sign in one after the other (JIT, connections).
    const warm = await stormClients(stormRequest(setup.warm));
    warm.go();
    const { results: warmResults } = await warm.results;
    if (warmResults.some((r) => !r.ok)) throw new Error(`warm-up sign-in failed: ${warmResults.find((r) => !r.ok)!.error}`);
    await new Promise((r) => setTimeout(r, WARMUP_MS));

    const clients = await stormClients(stormRequest(setup.storm));
    const baselineFrom = now();
    await new Promise((r) => setTimeout(r, BASELINE_MS));

    const cpu = { server: cpuMsOf(server.pid!), main: mainThreadCpuMs(server.pid!), postgres: postgresCpuMs(postmaster), bench: cpuMsOf(), machine: machineCpuMs() };
    const [load1] = os.loadavg();
    const stormFrom = now();
    clients.go();
    const { results, cpuMs: clientsCpuMs } = await clients.results;
    const stormTo = Math.max(...results.map((r) => r.doneAt));
    const seconds = (stormTo - stormFrom) / 1000;
    const serverCpu = { all: cpuMsOf(server.pid!) - cpu.server, main: mainThreadCpuMs(server.pid!) - cpu.main };
    const used = {
      server: (cpuMsOf(server.pid!) - cpu.server) / 1000 / seconds,
      postgres: (postgresCpuMs(postmaster) - cpu.postgres) / 1000 / seconds,
      bench: (cpuMsOf() - cpu.bench) / 1000 / seconds,
      clients: clientsCpuMs / 1000 / seconds,
      machine: (machineCpuMs().busy - cpu.machine.busy) / 1000 / seconds,
      stolen: (machineCpuMs().steal - cpu.machine.steal) / 1000 / seconds / os.cpus().length,
    };
    await new Promise((r) => setTimeout(r, AFTER_MS));
    const afterTo = now();
    await orders.stop();
    await health.stop();

    const signedIn = results.filter((r) => r.ok);
    const round = (x: number, d = 1) => Math.round(x * 10 ** d) / 10 ** d;
    return {
      srpWorkers: config.srpWorkers,
      identityConcurrency: config.identityConcurrency,
      stormCustomers: STORM,
      signedIn: signedIn.length,
      failed: results.length - signedIn.length,
      firstErrors: [...new Set(results.filter((r) => !r.ok).map((r) => r.error))].slice(0, 5),
      allInSeconds: round(seconds, 2),
      signInsPerSecond: round(signedIn.length / seconds),
      signInMs: summarize(signedIn.map((r) => r.doneAt - r.startedAt)),
      /** The three identity calls of one sign-in, each as the customer waited for it. */
      identityCallMs: summarize(signedIn.flatMap((r) => r.callsMs)),
      smsWaitMs: summarize(signedIn.map((r) => r.smsWaitMs)),
      /** The server's CPU time during the storm (sign-ins and the trading meanwhile), all threads and the main thread alone, in ms per sign-in. */
      serverCpuMsPerSignIn: { all: round(serverCpu.all / results.length, 2), mainThread: round(serverCpu.main / results.length, 2) },
      healthMs: { baseline: phase(health.samples, baselineFrom, stormFrom), storm: phase(health.samples, stormFrom, stormTo), after: phase(health.samples, stormTo, afterTo) },
      orderEntryMs: { baseline: phase(orders.samples, baselineFrom, stormFrom), storm: phase(orders.samples, stormFrom, stormTo), after: phase(orders.samples, stormTo, afterTo) },
      /** Cores each side used during the storm: the server, PostgreSQL, the probes and traders (this process), the sign-in clients (their process), and the whole machine (other sessions' work too). */
      stormCpuCores: { server: round(used.server, 2), postgres: round(used.postgres, 2), probesAndTraders: round(used.bench, 2), signInClients: round(used.clients, 2), machine: round(used.machine, 2) },
      stolenCpuPercent: Math.round(used.stolen * 100),
      loadAverage: round(load1!),
    };
  } finally {
    await stopServer(server);
  }
}

buildServer();
const cluster = process.env.BENCH_DATABASE_URL ? undefined : startCluster(await freePort());
const serverUrl = process.env.BENCH_DATABASE_URL ?? cluster!.url;
const db = await createDatabase(serverUrl, 'kontor_storm');
let result;
try {
  result = await measure(db.url, cluster?.pid);
} finally {
  await db.drop();
  cluster?.stop();
}

const out = writeResult(process.env.BENCH_LABEL ? `sign-in-storm-${process.env.BENCH_LABEL}` : 'sign-in-storm', {
  what: `${STORM} customers with SMS MFA sign in at once (SRP + SMS code up to the tokens, each from its own address) while ${TRADERS} customers enter resting limit buys at ${ORDER_RATE}/s and a prober asks GET /api/health ${HEALTH_RATE}/s`,
  server: 'apps/server/dist/main.js in a child process, NODE_ENV=production, TRUST_PROXY_HOPS=1; PostgreSQL cluster with fsync on',
  phases: `baseline ${BASELINE_MS / 1000} s before the storm; storm from the first sign-in to the last token; after: ${AFTER_MS / 1000} s`,
  ...result,
});
console.log(`server CPU in the storm per sign-in ${out.serverCpuMsPerSignIn.all} ms, main thread ${out.serverCpuMsPerSignIn.mainThread} ms`);
console.log(`SRP workers ${out.srpWorkers}, identity concurrency ${out.identityConcurrency}: ${out.signedIn}/${out.stormCustomers} signed in (${out.failed} failed) in ${out.allInSeconds} s: ${out.signInsPerSecond} sign-ins/s; load average ${out.loadAverage}, cores server/postgres/probes/clients/machine ${Object.values(out.stormCpuCores).join('/')}, stolen ${out.stolenCpuPercent} %`);
console.table({
  'health baseline': out.healthMs.baseline,
  'health storm': out.healthMs.storm,
  'health after': out.healthMs.after,
  'orders baseline': out.orderEntryMs.baseline,
  'orders storm': out.orderEntryMs.storm,
  'orders after': out.orderEntryMs.after,
  'sign-in (whole)': out.signInMs,
  'identity call': out.identityCallMs,
});
