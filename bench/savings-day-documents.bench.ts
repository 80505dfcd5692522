// The confirmations of a savings-plan day, opened by their customers for the first time
// (docs/decisions/040-bulk-documents-rendered-on-first-opening.md). On a throwaway PostgreSQL
// cluster: customers signed in through the embedded user pool, then the scaled day of
// savings-plans.bench.ts (100,000 plans of 10,000 customers, the signed-in ones among them) run
// through the real path (bench/savings-day.ts). Then the server as production starts it
// (apps/server/dist/main.js in its own process), and customers take turns: the Posteingang's
// savings-plan list, the newest confirmation not yet opened opened (its first opening: rendered
// now), and opened again (the stored bytes, the anchor: the same route without rendering). Two
// phases of 100 customers × 10 turns: 20 customers at once, each starting the next turn as soon as
// one is done (closed loop: the server saturated), and customers arriving 40 a second (open loop).
// Reported: p50/p99 of each step, CPU per turn of server, PostgreSQL and client, and what the
// background queue holds after the day and at the end (nothing).
//
// BENCH_CUSTOMERS (per phase, default 100), BENCH_CONCURRENCY (default 20), BENCH_RATE (default 40),
// BENCH_NO_BUILD=1 (use the build there is), BENCH_DATABASE_URL=postgres://… (an existing server).
import os from 'node:os';
import { and, count, eq, isNotNull } from 'drizzle-orm';
import pg from 'pg';
import type { DocumentPage } from '@kontor/domain/posteingang-contracts';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { awaitingQueue, customerDocuments as docs } from '../apps/server/src/documents/tables.ts';
import { openDatabase, type Db } from '../apps/server/src/platform/db.ts';
import { signedInCustomer } from '../apps/server/test/customer.ts';
import { cpuMsOf, summarize, writeResult } from './lib.ts';
import { createDatabase, freePort, postgresCpuMs, startCluster } from './postgres.ts';
import { benchLog, DAY, fill, savingsDay } from './savings-day.ts';
import { buildServer, serverEnv, startServer, stopServer } from './server-process.ts';

const PLANS = 100_000;
const CUSTOMERS = 10_000;
const SIGNED_IN = Number(process.env.BENCH_CUSTOMERS ?? 100);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 20);
/** Customers a second in the open-loop phase: about half of what the closed loop reaches here. */
const RATE = Number(process.env.BENCH_RATE ?? 40);
/** Customers whose openings warm the server up (not measured). */
const WARM_UP = 5;
/** The day is done; the market clock of the server stands an hour after its execution. */
const MARKET_CLOCK_START = '2026-12-01T10:00:00+01:00';

type Customer = { sub: string; token: string };

/** Signed-in customers, through the app in this process before the server starts (as orders.bench.ts). */
async function signIn(env: Record<string, string>): Promise<Customer[]> {
  const config = loadConfig(env);
  const database = await openDatabase(config.database);
  await database.migrate();
  const app = await buildApp({ config, db: database.db, logger: false });
  try {
    const customers: Customer[] = [];
    for (let n = 0; n < 2 * SIGNED_IN + WARM_UP; n++) {
      const c = await signedInCustomer(app, database.db, `sparer-${n}-${Date.now().toString(36)}`);
      customers.push({ sub: c.sub, token: c.accessToken });
    }
    return customers;
  } finally {
    await app.close();
    await database.close();
  }
}

/** The savings-plan day on the bench's own scheduler; what the background queue holds afterwards. */
async function runDay(url: string, customers: Customer[]) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const database = await openDatabase({ kind: 'postgres', url });
  try {
    await fill(
      client,
      PLANS,
      CUSTOMERS,
      customers.map((c) => c.sub),
    );
    const { log, problems } = benchLog();
    const { scheduler } = await savingsDay(database.db, log);
    const started = performance.now();
    await scheduler.runDue();
    const daySeconds = (performance.now() - started) / 1000;
    if (problems.length > 0) throw new Error(`the day failed: ${JSON.stringify(problems.slice(0, 3))}`);
    const executed = Number((await client.query(`select count(*) as n from savings_plan_executions where date = $1 and state = 'executed'`, [DAY])).rows[0].n);
    return { daySeconds: Math.round(daySeconds * 10) / 10, executed, queued: await queued(database.db) };
  } finally {
    await client.end();
    await database.close();
  }
}

/** Documents waiting for the background queue. */
const queued = async (db: Db) =>
  (await db.select({ n: count() }).from(docs).where(awaitingQueue(docs)))[0]!.n;

/** One customer's turn: the list, then the newest confirmation not yet opened, opened twice. */
async function turn(base: string, c: Customer, opened: Set<string>) {
  const headers = { authorization: `Bearer ${c.token}` };
  let t = performance.now();
  const list = await fetch(`${base}/api/posteingang?mode=SAVINGS_PLAN&limit=30`, { headers });
  if (list.status !== 200) throw new Error(`list: ${list.status}`);
  const page = (await list.json()) as DocumentPage;
  const listMs = performance.now() - t;
  const doc = page.documents.find((d) => !opened.has(d.id));
  if (!doc) return undefined;
  opened.add(doc.id);
  const open = async () => {
    t = performance.now();
    const res = await fetch(`${base}/api/posteingang/${doc.id}/pdf`, { headers });
    const bytes = Buffer.from(await res.arrayBuffer());
    if (res.status !== 200 || bytes.subarray(0, 5).toString() !== '%PDF-') throw new Error(`pdf: ${res.status}`);
    return { ms: performance.now() - t, bytes };
  };
  const first = await open();
  const second = await open();
  if (!first.bytes.equals(second.bytes)) throw new Error('a second opening gave other bytes');
  return { listMs, firstMs: first.ms, secondMs: second.ms, first: doc.size === null };
}

type Turn = NonNullable<Awaited<ReturnType<typeof turn>>>;
/** How customers come: CONCURRENCY at once, each taking the next turn as soon as theirs is done; or a new one at a steady rate. */
type Arrival = { concurrency: number } | { perSecond: number };

/** Every confirmation of these customers opened, one turn each, as `arrival` has the customers come. */
async function openAll(base: string, customers: Customer[], arrival: Arrival) {
  const opened = new Set<string>();
  const turns = customers.flatMap((c) => Array.from({ length: Math.ceil(PLANS / CUSTOMERS) }, () => c));
  const results: Turn[] = [];
  const started = performance.now();
  const take = async (c: Customer) => {
    const r = await turn(base, c, opened);
    if (r) results.push(r);
  };
  if ('concurrency' in arrival) {
    let next = 0;
    await Promise.all(
      Array.from({ length: arrival.concurrency }, async () => {
        while (next < turns.length) await take(turns[next++]!);
      }),
    );
  } else {
    // Open loop: a turn starts at its time whether or not the ones before are done.
    const running: Promise<void>[] = [];
    for (let i = 0; i < turns.length; i++) {
      const wait = started + (i * 1000) / arrival.perSecond - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      running.push(take(turns[i]!));
    }
    await Promise.all(running);
  }
  return { results, seconds: (performance.now() - started) / 1000 };
}

/** One measured phase: latencies of each step, and the CPU each side spent per turn. */
async function phase(base: string, customers: Customer[], arrival: Arrival, pids: { server: number; postmaster: number | undefined }) {
  const [load1] = os.loadavg();
  const before = { server: cpuMsOf(pids.server), postgres: postgresCpuMs(pids.postmaster), client: cpuMsOf() };
  const run = await openAll(base, customers, arrival);
  const perTurn = (ms: number) => Math.round((ms / Math.max(1, run.results.length)) * 100) / 100;
  const firsts = run.results.filter((r) => r.first);
  return {
    arrival,
    loadAverage: Math.round(load1! * 10) / 10,
    turns: run.results.length,
    /** Turns whose list showed no size yet: the confirmation was not rendered before (every one should be). */
    firstOpenings: firsts.length,
    seconds: Math.round(run.seconds * 10) / 10,
    listMs: summarize(run.results.map((r) => r.listMs)),
    firstOpeningMs: summarize(firsts.map((r) => r.firstMs)),
    secondOpeningMs: summarize(run.results.map((r) => r.secondMs)),
    /** CPU time per turn (list, first and second opening) of the server, PostgreSQL and this process's HTTP client. */
    cpuMsPerTurn: {
      server: perTurn(cpuMsOf(pids.server) - before.server),
      postgres: pids.postmaster ? perTurn(postgresCpuMs(pids.postmaster) - before.postgres) : null,
      client: perTurn(cpuMsOf() - before.client),
    },
  };
}

/** The machine's 1-minute load before the run: what else it runs (the day itself raises it later). */
const [loadBefore] = os.loadavg();
if (!process.env.BENCH_NO_BUILD) buildServer();
const cluster = process.env.BENCH_DATABASE_URL ? undefined : startCluster(await freePort(), ['shared_buffers=1GB', 'max_wal_size=8GB']);
const own = await createDatabase(process.env.BENCH_DATABASE_URL ?? cluster!.url, 'kontor_bench_savings_documents');
const port = await freePort();
const env = {
  ...serverEnv(port),
  MARKET_CLOCK_START,
  DATABASE_URL: own.url,
};
try {
  const customers = await signIn(env);
  console.log(`${customers.length} customers signed in`);
  const day = await runDay(own.url, customers);
  console.log(`day: ${day.executed} executed in ${day.daySeconds} s; queued for background rendering: ${day.queued}`);
  const server = await startServer(env, 'savings-day-documents');
  const base = `http://127.0.0.1:${port}`;
  try {
    const pids = { server: server.pid!, postmaster: cluster?.pid };
    await openAll(base, customers.slice(2 * SIGNED_IN), { concurrency: CONCURRENCY });
    const phases = [
      await phase(base, customers.slice(0, SIGNED_IN), { concurrency: CONCURRENCY }, pids),
      await phase(base, customers.slice(SIGNED_IN, 2 * SIGNED_IN), { perSecond: RATE }, pids),
    ];
    const database = await openDatabase({ kind: 'postgres', url: own.url });
    const stored = (await database.db.select({ n: count() }).from(docs).where(and(eq(docs.kind, 'savings_plan_execution'), isNotNull(docs.pdf))))[0]!.n;
    const queuedAtEnd = await queued(database.db);
    await database.close();
    const out = writeResult('savings-day-documents', {
      what: `a savings-plan day (${PLANS.toLocaleString('en')} plans of ${CUSTOMERS.toLocaleString('en')} customers) on PostgreSQL, then ${SIGNED_IN} of its customers ${CONCURRENCY} at once (closed loop) and ${SIGNED_IN} others arriving ${RATE} a second (open loop), each turn: GET /api/posteingang?mode=SAVINGS_PLAN, the newest confirmation not yet opened opened (first opening: rendered then) and opened again, over loopback`,
      server: 'apps/server/dist/main.js in a child process, NODE_ENV=production; throwaway PostgreSQL cluster, fsync on',
      target: 'first opening p99 ≤ 200 ms; nothing of the day queued for background rendering',
      loadAverageBefore: Math.round(loadBefore! * 10) / 10,
      day,
      phases,
      /** Confirmations with stored bytes: the ones opened (warm-up included), none rendered in the background. */
      confirmationsRendered: stored,
      queuedForBackgroundAtEnd: queuedAtEnd,
    });
    for (const p of out.phases) {
      console.log('concurrency' in p.arrival ? `${p.arrival.concurrency} customers at once` : `${p.arrival.perSecond} customers a second`);
      console.table({ list: p.listMs, 'first opening': p.firstOpeningMs, 'second opening': p.secondOpeningMs });
      console.log(`${p.turns} turns (${p.firstOpenings} first openings) in ${p.seconds} s, load ${p.loadAverage}; CPU ms per turn ${JSON.stringify(p.cpuMsPerTurn)}`);
    }
    console.log(`load before ${out.loadAverageBefore}; confirmations rendered ${stored} of ${day.executed}; queued after the day ${day.queued}, at the end ${queuedAtEnd}`);
  } finally {
    await stopServer(server);
  }
} finally {
  await own.drop();
  cluster?.stop();
}
