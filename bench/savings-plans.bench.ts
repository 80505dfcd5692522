// One savings-plan execution day on PostgreSQL (issue 17, docs/decisions/018-savings-plans-set-based.md):
// P active plans of N customers across 500 instruments, all due on Tuesday 1 December 2026, executed
// through the real path: createScheduler + savingsPlanJobs, the scheduler's runDue (the day's job fans
// out one block job per instrument, each runs executeBlock in its own transaction). Then the day is
// checked (one execution row per plan, a balanced ledger, cash down by exactly the executed values, a
// second run executes nothing), and the confirmations' renderer is timed on a sample.
//
// Sizes: full (1,000,000 plans, 100,000 customers) and scaled (100,000 plans, 10,000 customers), each in
// its own database of one throwaway cluster; their ratio is the scaling figure (target ≤ 11).
// BENCH_SIZES=scaled (or full) runs one; BENCH_DATABASE_URL=postgres://… uses an existing server;
// BENCH_RENDER_SAMPLE=2000 sets how many confirmations are rendered; BENCH_PG_SETTINGS=a=1,b=2 the cluster's settings.
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { IsoDate } from '@kontor/domain/banking-days';
import { isinLuhnSum, type Instrument } from '@kontor/domain/instrument';
import { documentRenderer } from '../apps/server/src/documents/renderer.ts';
import { documentStore } from '../apps/server/src/documents/store.ts';
import { ManualClock } from '../apps/server/src/platform/clock.ts';
import { openDatabase } from '../apps/server/src/platform/db.ts';
import { executionInstant, savingsPlanJobs } from '../apps/server/src/savings-plans/jobs.ts';
import { createScheduler } from '../apps/server/src/scheduler/scheduler.ts';
import { cpuMsOf, machineCpuMs, summarize, writeResult } from './lib.ts';
import { freePort, postgresCpuMs, startCluster } from './postgres.ts';
import { floatToDecimal } from '@kontor/domain/numbers';

const DAY = '2026-12-01' as IsoDate; // a Tuesday and a Xetra trading day
const INSTRUMENTS = 500;
/** A customer of 50 has 5,00 € only: every plan of theirs fails (about 2 %, spread over the instruments). */
const POOR_EVERY = 50;
const SIZES = { scaled: { plans: 100_000, customers: 10_000 }, full: { plans: 1_000_000, customers: 100_000 } } as const;
type Size = keyof typeof SIZES;
const RENDER_SAMPLE = Number(process.env.BENCH_RENDER_SAMPLE ?? 2000);
/** Settings of the throwaway cluster: durable (fsync, synchronous commit), with room for a day's WAL between checkpoints. */
const CLUSTER_SETTINGS = process.env.BENCH_PG_SETTINGS?.split(',') ?? ['shared_buffers=1GB', 'max_wal_size=8GB'];

/** Synthetic ISINs with a right check digit (the block takes the instrument's data from the dependency). */
const isins = Array.from({ length: INSTRUMENTS }, (_, i) => {
  const body = `XS${String(100_000_000 + i).slice(1)}`.padEnd(11, '0').slice(0, 11);
  return `${body}${(10 - (isinLuhnSum(body, true) % 10)) % 10}`;
});
const instrumentOf = new Map(
  isins.map((isin, i) => [
    isin,
    { isin, name: `Bench ETF ${i + 1}`, wkn: `B${String(i).padStart(5, '0')}`, quoteCurrencyCode: 'EUR', qtyScale: i % 2 === 0 ? 3 : 6 } as unknown as Instrument,
  ]),
);
/** Asks between 5 € and about 500 €, so some small rates buy few pieces. */
const askOf = new Map(isins.map((isin, i) => [isin, floatToDecimal(5 + ((i * 97) % 495) + (i % 100) / 100, 2)]));

/** A logger that keeps the warnings and errors (a block that failed) and drops the rest. */
function benchLog() {
  const problems: unknown[] = [];
  const log = {
    level: 'info',
    info: () => {},
    debug: () => {},
    trace: () => {},
    warn: (o: unknown, m?: string) => problems.push({ o, m }),
    error: (o: unknown, m?: string) => problems.push({ o, m }),
    fatal: (o: unknown, m?: string) => problems.push({ o, m }),
    silent: () => {},
    child: () => log,
  };
  return { log: log as unknown as FastifyBaseLogger, problems };
}

/**
 * Customers with cash (a deposit in the ledger, balanced by the bank account) and their plans, set-based.
 * Plan k belongs to customer k mod N and is on instrument (customer + 50·(k div N)) mod 500: one plan
 * per customer and instrument. Intervals: 6/10 monthly and 1/10 each quarterly (day 1), weekly and
 * 2-weekly (Tuesday); rates 10–500 €; one plan in 7 has a yearly increase that is due today.
 */
async function fill(client: pg.Client, plans: number, customers: number) {
  const sub = (c: string) => `('00000000-0000-4000-8000-' || lpad(to_hex(${c}), 12, '0'))::uuid`;
  await client.query('begin');
  await client.query(
    `insert into ledger_balances (account, balance)
     select 'customer:' || ${sub('c')} || ':cash', case when (c / ${POOR_EVERY}) % ${POOR_EVERY} = 7 then 5.00 else 20000.00 end from generate_series(0, $1::int - 1) c`,
    [customers],
  );
  await client.query(`insert into ledger_postings (tx_id, account, amount, kind, ref, created_at)
     select gen_random_uuid(), account, balance, 'deposit', null::text, '2026-11-01T10:00:00Z'::timestamptz from ledger_balances where account like 'customer:%'
     union all select '00000000-0000-4000-8000-000000000000'::uuid, 'house:bank', -sum(balance), 'deposit', null::text, '2026-11-01T10:00:00Z'::timestamptz from ledger_balances where account like 'customer:%'`);
  await client.query(`insert into ledger_balances (account, balance) select 'house:bank', -sum(balance) from ledger_balances where account like 'customer:%'`);
  await client.query(
    `insert into savings_plans (id, sub, isin, amount, "interval", day, dynamic_percent, payment, first_date, increases, next_nominal, next_date, state, pending, created_at, updated_at)
     select gen_random_uuid(), ${sub('k % $2')}, ($3::text[])[1 + ((k % $2) + 50 * (k / $2)) % ${INSTRUMENTS}],
       (10 + (k * 7919) % 490) + ((k * 31) % 100) / 100.0,
       iv, case when iv in ('weekly', 'biweekly') then 2 else 1 end,
       case when k % 7 = 0 then (array[2, 3, 5])[1 + k % 3] when k % 7 = 1 then 3 else 0 end, 'CASH',
       case when k % 7 = 0 then '2025-12-01'::date else '2026-06-01'::date end, 0, $4::date, $4::date, 'active', null,
       '2025-11-20T10:00:00Z', '2025-11-20T10:00:00Z'
     from generate_series(0::bigint, $1::bigint - 1) k
     cross join lateral (select case k % 10 when 6 then 'quarterly' when 7 then 'weekly' when 8 then 'biweekly' else 'monthly' end as iv) i`,
    [plans, customers, isins, DAY],
  );
  await client.query('commit');
  await client.query('analyze');
}

const count = async (client: pg.Client, sqlText: string, params: unknown[] = []) => Number((await client.query(sqlText, params)).rows[0].n);

async function runSize(size: Size, serverUrl: string, postmaster: number | undefined) {
  const { plans, customers } = SIZES[size];
  const name = `kontor_bench_savings_${size}_${randomUUID().slice(0, 8)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString() });
  // Dropping the database at the end ends the pool's connections from the server's side.
  (database.db as unknown as { $client: pg.Pool }).$client.on('error', () => {});
  let keep = false;
  const client = new pg.Client({ connectionString: url.toString() });
  try {
    await database.migrate();
    await client.connect();
    let t = performance.now();
    await fill(client, plans, customers);
    const fillSeconds = (performance.now() - t) / 1000;
    console.log(`${size}: filled ${plans} plans of ${customers} customers in ${floatToDecimal(fillSeconds, 1)} s`);
    if (process.env.BENCH_FILL_ONLY) {
      console.log(`kept database ${name}`);
      keep = true;
      return undefined;
    }

    const cashSql = `select coalesce(sum(balance), 0)::text as n from ledger_balances where account like 'customer:%'`;
    const cashBefore = (await client.query(cashSql)).rows[0].n as string;
    const postingsBefore = await count(client, 'select count(*) as n from ledger_postings');

    // 08:30 in Berlin: today's execution (09:00) is the first day the jobs schedule.
    const clock = new ManualClock(new Date(executionInstant(DAY).getTime() - 30 * 60_000));
    const { log, problems } = benchLog();
    const scheduler = createScheduler({ db: database.db, clock, log });
    const blockStarts: number[] = [];
    const jobs = savingsPlanJobs({
      db: database.db,
      clock,
      scheduler,
      instrument: async (isin) => {
        blockStarts.push(performance.now());
        return instrumentOf.get(isin);
      },
      askAt: (isin) => askOf.get(isin),
      fxRateAt: () => '1',
      collectDebit: () => Promise.reject(new Error('no direct debits in the benchmark')),
      issued: () => {},
      log,
    });
    await jobs.start();
    clock.set(executionInstant(DAY));

    const cpuBefore = { node: cpuMsOf(), pg: postgresCpuMs(postmaster), machine: machineCpuMs() };
    const [load1] = os.loadavg();
    t = performance.now();
    const ran = await scheduler.runDue();
    const end = performance.now();
    const seconds = (end - t) / 1000;
    const machine = machineCpuMs();
    const cpu = {
      node: (cpuMsOf() - cpuBefore.node) / 1000,
      pg: (postgresCpuMs(postmaster) - cpuBefore.pg) / 1000,
      machineBusy: (machine.busy - cpuBefore.machine.busy) / 1000,
      stolen: (machine.steal - cpuBefore.machine.steal) / 1000,
    };
    // Each block from its start to the next one's (its transaction's commit and the next job's claim included).
    const blockMs = blockStarts.map((s, i) => (blockStarts[i + 1] ?? end) - s);
    console.log(`${size}: ${ran} jobs in ${floatToDecimal(seconds, 1)} s`);

    const day = `select count(*) as n from savings_plan_executions where date = $1`;
    const executed = await count(client, `${day} and state = 'executed'`, [DAY]);
    const failed = await count(client, `${day} and state = 'failed'`, [DAY]);
    const rows = {
      orders: await count(client, 'select count(*) as n from orders'),
      executions: await count(client, 'select count(*) as n from executions'),
      postings: (await count(client, 'select count(*) as n from ledger_postings')) - postingsBefore,
      lots: await count(client, 'select count(*) as n from lots'),
      bookings: await count(client, 'select count(*) as n from bookings'),
      documents: await count(client, 'select count(*) as n from customer_documents'),
      notifications: await count(client, 'select count(*) as n from notifications'),
      messages: await count(client, 'select count(*) as n from customer_messages'),
      savingsPlanExecutions: executed + failed,
    };
    const executedTotal = (await client.query(`select coalesce(sum(value + fee), 0)::text as n from savings_plan_executions where date = $1 and state = 'executed'`, [DAY])).rows[0].n as string;
    const cashAfter = (await client.query(cashSql)).rows[0].n as string;
    const checks = {
      everyPlanOnceForTheDay:
        (await count(client, `select count(*) as n from savings_plans p where not exists (select 1 from savings_plan_executions e where e.plan_id = p.id and e.date = $1)`, [DAY])) === 0 &&
        executed + failed === plans,
      scheduleMovedOn: (await count(client, `select count(*) as n from savings_plans where next_date <= $1`, [DAY])) === 0,
      ledgerPostingsSumToZero: (await count(client, 'select coalesce(sum(amount), 0) as n from ledger_postings')) === 0,
      balancesMatchPostings:
        (await count(
          client,
          `select count(*) as n from (select account, sum(amount) as s from ledger_postings group by account) p full join ledger_balances b using (account) where coalesce(p.s, 0) <> coalesce(b.balance, 0)`,
        )) === 0,
      cashDownByExecutedValues: (await client.query('select $1::numeric - $2::numeric = $3::numeric as ok', [cashBefore, cashAfter, executedTotal])).rows[0].ok === true,
      secondRunExecutesNothing: (await scheduler.runDue()) === 0 && (await count(client, day, [DAY])) === plans,
      noJobFailed: problems.length === 0 && (await count(client, `select count(*) as n from scheduled_jobs where state <> 'done' and kind = 'savings.block'`)) === 0,
    };
    console.log(`${size}: checks ${JSON.stringify(checks)}`);

    // The confirmations' queue: a sample rendered the way the renderer renders them after commit.
    const documents = documentStore(database.db);
    let left = RENDER_SAMPLE;
    const sampleStore = {
      ...documents,
      unrendered: async (kinds: readonly string[], limit: number) => {
        if (left <= 0) return [];
        const rows = await documents.unrendered(kinds, Math.min(limit, left));
        left -= rows.length;
        return rows;
      },
    };
    const renderer = documentRenderer({ store: sampleStore, holderName: async () => 'Erika Mustermann', log });
    t = performance.now();
    await renderer.renderPending();
    const renderSeconds = (performance.now() - t) / 1000;
    const rendered = await count(client, `select count(*) as n from customer_documents where pdf is not null`);
    const docsPerSecond = rendered / renderSeconds;

    return {
      size,
      plans,
      customers,
      instruments: INSTRUMENTS,
      fillSeconds: Math.round(fillSeconds * 10) / 10,
      jobsRun: ran,
      daySeconds: Math.round(seconds * 10) / 10,
      plansPerSecond: Math.round(plans / seconds),
      blockMs: summarize(blockMs),
      executed,
      failed,
      rows,
      checks,
      problems: problems.slice(0, 5),
      cpu: {
        /** Cores each used on average during the day. */
        postgresCores: Math.round((cpu.pg / seconds) * 100) / 100,
        nodeCores: Math.round((cpu.node / seconds) * 100) / 100,
        machineBusyCores: Math.round((cpu.machineBusy / seconds) * 100) / 100,
        otherCores: Math.round(((cpu.machineBusy - cpu.pg - cpu.node) / seconds) * 100) / 100,
        stolenPercent: Math.round((cpu.stolen / seconds / os.cpus().length) * 100),
        loadAverageAtStart: Math.round(load1! * 10) / 10,
        postgresShareOfDay: Math.round((cpu.pg / (cpu.pg + cpu.node)) * 100) / 100,
        /** CPU time the day cost, whatever else ran: the figure to compare between runs on a busy machine. */
        postgresCpuSeconds: Math.round(cpu.pg * 10) / 10,
        nodeCpuSeconds: Math.round(cpu.node * 10) / 10,
        postgresCpuMicrosecondsPerPlan: Math.round((cpu.pg * 1e6) / plans),
      },
      render: {
        sample: rendered,
        seconds: Math.round(renderSeconds * 10) / 10,
        docsPerSecond: Math.round(docsPerSecond * 10) / 10,
        projectedSecondsForTheDay: Math.round(rows.documents / docsPerSecond),
      },
    };
  } catch (e) {
    console.error(`${size}:`, e);
    throw e;
  } finally {
    await client.end().catch(() => {});
    await database.close();
    if (!keep) await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

const sizes = (process.env.BENCH_SIZES ?? 'scaled,full').split(',') as Size[];
const cluster = process.env.BENCH_DATABASE_URL ? undefined : startCluster(await freePort(), CLUSTER_SETTINGS);
const results = [];
try {
  for (const size of sizes) {
    const r = await runSize(size, process.env.BENCH_DATABASE_URL ?? cluster!.url, cluster?.pid);
    if (r) results.push(r);
  }
} finally {
  cluster?.stop();
}
const full = results.find((r) => r.size === 'full');
const scaled = results.find((r) => r.size === 'scaled');
const out = writeResult(sizes.length === 2 ? 'savings-plans' : `savings-plans-${sizes.join('-')}`, {
  what: `one savings-plan execution day (${DAY}) through createScheduler + savingsPlanJobs + runDue: ${INSTRUMENTS} block jobs, each executeBlock in its own transaction; then a sample of the confirmations rendered`,
  server: `throwaway PostgreSQL cluster, fsync and synchronous_commit on, ${CLUSTER_SETTINGS.join(', ')}`,
  target: 'full day (1,000,000 plans) ≤ 600 s on 2 cores; full/scaled ≤ 11',
  ratioFullToScaled: full && scaled ? Math.round((full.daySeconds / scaled.daySeconds) * 100) / 100 : null,
  /** The same ratio in PostgreSQL CPU time: what the day costs, apart from what else the machine ran meanwhile. */
  cpuRatioFullToScaled: full && scaled ? Math.round((full.cpu.postgresCpuSeconds / scaled.cpu.postgresCpuSeconds) * 100) / 100 : null,
  results,
});
console.table(
  out.results.map((r) => ({
    size: r.size,
    plans: r.plans,
    'day s': r.daySeconds,
    'plans/s': r.plansPerSecond,
    'block p50 ms': r.blockMs.p50,
    'block p99 ms': r.blockMs.p99,
    executed: r.executed,
    failed: r.failed,
    'cores pg/node/other': `${r.cpu.postgresCores}/${r.cpu.nodeCores}/${r.cpu.otherCores}`,
    'pg CPU s': r.cpu.postgresCpuSeconds,
    load: r.cpu.loadAverageAtStart,
    'render docs/s': r.render.docsPerSecond,
    'render all s': r.render.projectedSecondsForTheDay,
    checks: Object.values(r.checks).every(Boolean) ? 'ok' : JSON.stringify(r.checks),
  })),
);
if (out.ratioFullToScaled !== null) console.log(`full/scaled: ${out.ratioFullToScaled} (wall), ${out.cpuRatioFullToScaled} (PostgreSQL CPU)`);
