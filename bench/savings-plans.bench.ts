// One savings-plan execution day on PostgreSQL (issue 17, docs/decisions/018-savings-plans-set-based.md):
// P active plans of N customers across 500 instruments, all due on Tuesday 1 December 2026, executed
// through the real path (bench/savings-day.ts). Then the day is checked (one execution row per plan,
// a balanced ledger, cash down by exactly the executed values, a second run executes nothing). Its
// confirmations are rendered when first opened: savings-day-documents.bench.ts measures that.
//
// Sizes: full (1,000,000 plans, 100,000 customers) and scaled (100,000 plans, 10,000 customers), each in
// its own database of one throwaway cluster; their ratio is the scaling figure (target ≤ 11).
// BENCH_SIZES=scaled (or full) runs one; BENCH_DATABASE_URL=postgres://… uses an existing server;
// BENCH_PG_SETTINGS=a=1,b=2 the cluster's settings.
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/platform/db.ts';
import { cpuMsOf, machineCpuMs, summarize, writeResult } from './lib.ts';
import { freePort, postgresCpuMs, startCluster } from './postgres.ts';
import { benchLog, DAY, fill, INSTRUMENTS, savingsDay } from './savings-day.ts';
import { floatToDecimal } from '@kontor/domain/numbers';

const SIZES = { scaled: { plans: 100_000, customers: 10_000 }, full: { plans: 1_000_000, customers: 100_000 } } as const;
type Size = keyof typeof SIZES;
/** Settings of the throwaway cluster: durable (fsync, synchronous commit), with room for a day's WAL between checkpoints. */
const CLUSTER_SETTINGS = process.env.BENCH_PG_SETTINGS?.split(',') ?? ['shared_buffers=1GB', 'max_wal_size=8GB'];

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

    const { log, problems } = benchLog();
    const blockStarts: number[] = [];
    const { scheduler } = await savingsDay(database.db, log, () => blockStarts.push(performance.now()));

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
  what: `one savings-plan execution day (${DAY}) through createScheduler + savingsPlanJobs + runDue: ${INSTRUMENTS} block jobs, each executeBlock in its own transaction; confirmations are rendered on first opening (savings-day-documents)`,
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
    checks: Object.values(r.checks).every(Boolean) ? 'ok' : JSON.stringify(r.checks),
  })),
);
if (out.ratioFullToScaled !== null) console.log(`full/scaled: ${out.ratioFullToScaled} (wall), ${out.cpuRatioFullToScaled} (PostgreSQL CPU)`);
