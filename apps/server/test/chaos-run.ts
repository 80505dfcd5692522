// The crash test put together: prepare customers, start the built server, run the clients while
// the server is killed with SIGKILL at random moments and started again, restart it once more at the
// end, read its engine, stop it, and check the database. `npm run chaos` (bench/chaos.ts) and the
// short run in the suite (crash-test-loses-nothing.test.ts) both call `runChaos`.
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/platform/db.ts';
import { checkDatabase, checkEngine, readEngine, type CheckResult } from './chaos-checks.ts';
import { ChaosClient, prepareChaos, type OpRecord } from './chaos-load.ts';
import { mulberry32 } from '../src/platform/random.ts';
import { CHAOS_CLOCK_START, ChaosServer, sleep } from './chaos-server.ts';
import { floatToDecimal } from '@kontor/domain/numbers';

export type ChaosOptions = {
  /** DATABASE_URL or DATA_DIR, as the server takes them. */
  database: { DATABASE_URL: string } | { DATA_DIR: string };
  port: number;
  operations: number;
  clients: number;
  kills: number;
  seed: number;
  log?: (line: string) => void;
  /** Where the server's output goes (appended). */
  serverLog?: string;
  /** A dumped, migrated PGlite data directory to start from. */
  pgliteTemplate?: Blob;
};

export type ChaosReport = {
  database: 'postgres' | 'pglite';
  seed: number;
  operations: number;
  clients: number;
  kills: number;
  starts: number;
  seconds: number;
  outcomes: { acknowledged: number; refused: number; unknown: number; notSent: number; retriedAfterKill: number; ticketsWhoseTanWasUsed: number };
  byKind: Record<string, { acknowledged: number; refused: number; unknown: number; notSent: number; statuses: Record<string, number>; p50Ms: number; p99Ms: number }>;
  lost: number;
  doubled: number;
  /**
   * Answers ≥ 500, each sent again with the same key (which the checks then cover). Not a violation
   * of the invariants, but an error a customer sees: listed, so that it is not overlooked.
   */
  serverErrors: string[];
  invariants: { name: string; ok: boolean; violations: string[] }[];
  ok: boolean;
};

export async function runChaos(o: ChaosOptions): Promise<ChaosReport> {
  const started = Date.now();
  const log = (line: string) => o.log?.(`${floatToDecimal((Date.now() - started) / 1000, 1)} s: ${line}`);
  const base = `http://127.0.0.1:${o.port}`;
  const env: Record<string, string> = {
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: String(o.port),
    PUBLIC_URL: `http://localhost:${o.port}`,
    SEED_DEMO_DATA: 'false',
    DEV_TOOLS: 'true',
    MARKET_CLOCK_START: CHAOS_CLOCK_START,
    // On a data directory, a DATABASE_URL of the surroundings (the suite's PostgreSQL) must not reach the server.
    ...('DATA_DIR' in o.database ? { DATABASE_URL: '' } : {}),
    ...o.database,
  };
  log(`preparing ${o.clients} customers`);
  const setup = await prepareChaos(env, o.clients, o.pgliteTemplate);
  const server = new ChaosServer(base, env, o.serverLog);
  server.token = setup.customers[0]!.token;
  await server.start();
  log('server up; load starts');

  // The kills come when the clients have done chosen shares of the operations, a random moment later.
  const rand = mulberry32(o.seed ^ 0x5eed);
  const killAt = Array.from({ length: o.kills }, () => Math.floor(o.operations * (0.05 + 0.9 * rand()))).sort((a, b) => a - b);
  let done = 0;
  let next = 0;
  let kills = 0;
  const clients = setup.customers.map((c, i) => new ChaosClient(c, setup, server, o.seed * 1000 + i));
  const work = clients.map(async (client) => {
    while (next < o.operations) {
      const n = next++;
      await client.run(n);
      done++;
    }
  });
  const allDone = Promise.all(work);
  let finished = false;
  void allDone.finally(() => (finished = true));
  const killer = (async () => {
    for (const at of killAt) {
      while (done < at && !finished) {
        await server.readClock();
        await sleep(200);
      }
      if (finished) break;
      await sleep(Math.floor(rand() * 300));
      await server.kill();
      kills++;
      log(`kill ${kills} after ${done} operations`);
      await server.start();
    }
  })();
  // A server that stops answering (no operation done for 2 minutes) fails the run instead of hanging it.
  let lastDone = -1;
  let lastProgress = Date.now();
  let hung: string | undefined;
  const watchdog = setInterval(() => {
    if (done !== lastDone) [lastDone, lastProgress] = [done, Date.now()];
    else if (Date.now() - lastProgress > 120_000) hung = `no operation finished for 2 minutes after ${done} operations: the server stopped answering`;
  }, 1000);
  const stalled = new Promise<void>((resolve) => {
    const check = setInterval(() => {
      if (hung || finished) {
        clearInterval(check);
        resolve();
      }
    }, 500);
  });
  await Promise.race([Promise.all([allDone, killer]), stalled]);
  clearInterval(watchdog);
  if (hung) {
    await server.kill();
    throw new Error(`${hung}\nlast server output:\n${server.output.slice(-3000)}`);
  }
  await killer;

  // A last restart: the engine is rebuilt from the database, and must hold exactly its open orders.
  log('load done; final restart');
  await server.kill();
  await server.start();
  await sleep(1000);
  const engine = await readEngine(base, server.token);
  await server.stop();

  const database = await openDatabase(loadConfig(env).database);
  let checks: CheckResult[];
  let figures;
  try {
    const records = clients.flatMap((c) => c.records);
    figures = await checkDatabase(database.db, setup, records);
    checks = [await checkEngine(database.db, engine), ...figures.checks];
    return report(o, records, kills, server.starts, (Date.now() - started) / 1000, figures.lost, figures.doubled, checks);
  } finally {
    await database.close();
  }
}

function report(o: ChaosOptions, records: readonly OpRecord[], kills: number, starts: number, seconds: number, lost: number, doubled: number, checks: CheckResult[]): ChaosReport {
  const count = (f: (r: OpRecord) => boolean) => records.filter(f).length;
  const byKind: ChaosReport['byKind'] = {};
  for (const r of records) {
    const k = (byKind[r.kind] ??= { acknowledged: 0, refused: 0, unknown: 0, notSent: 0, statuses: {}, p50Ms: 0, p99Ms: 0 });
    k[r.outcome === 'not-sent' ? 'notSent' : r.outcome]++;
    const status = String(r.status ?? r.outcome);
    k.statuses[status] = (k.statuses[status] ?? 0) + 1;
  }
  for (const [kind, k] of Object.entries(byKind)) {
    const ms = records.filter((r) => r.kind === kind && r.ms !== undefined).map((r) => r.ms!).sort((a, b) => a - b);
    k.p50Ms = ms[Math.floor(ms.length * 0.5)] ?? 0;
    k.p99Ms = ms[Math.min(ms.length - 1, Math.floor(ms.length * 0.99))] ?? 0;
  }
  const invariants = checks.map((c) => ({ name: c.name, ok: c.violations.length === 0, violations: c.violations.slice(0, 20) }));
  return {
    database: 'DATABASE_URL' in o.database ? 'postgres' : 'pglite',
    seed: o.seed,
    operations: records.length,
    clients: o.clients,
    kills,
    starts,
    seconds: Math.round(seconds),
    outcomes: {
      acknowledged: count((r) => r.outcome === 'acknowledged'),
      refused: count((r) => r.outcome === 'refused'),
      unknown: count((r) => r.outcome === 'unknown'),
      notSent: count((r) => r.outcome === 'not-sent'),
      retriedAfterKill: count((r) => r.retried),
      ticketsWhoseTanWasUsed: count((r) => !!r.tanUsed),
    },
    byKind,
    lost,
    doubled,
    serverErrors: records.filter((r) => r.serverErrors || (r.status ?? 0) >= 500).map((r) => `${r.kind} #${r.n}: ${[...(r.serverErrors ?? []), r.status].join(' → ')}`),
    invariants,
    ok: invariants.every((i) => i.ok) && lost === 0 && doubled === 0 && kills >= o.kills,
  };
}

/** The figures as lines for a terminal. */
export function describe(r: ChaosReport): string {
  const lines = [
    `Crash test on ${r.database === 'postgres' ? 'PostgreSQL' : 'PGlite (data directory)'}: ${r.operations} operations by ${r.clients} clients in ${r.seconds} s, seed ${r.seed}`,
    `  acknowledged ${r.outcomes.acknowledged}, refused ${r.outcomes.refused}, unknown ${r.outcomes.unknown}, not sent (TAN step refused or cut off) ${r.outcomes.notSent}; sent again after a kill ${r.outcomes.retriedAfterKill}`,
    `  kills (SIGKILL) ${r.kills}, server starts ${r.starts}`,
    `  lost ${r.lost}, doubled ${r.doubled}`,
    `  answers ≥ 500 (sent again with the same key): ${r.serverErrors.length}${r.serverErrors.length ? ` — ${r.serverErrors.slice(0, 5).join('; ')}` : ''}`,
    ...Object.entries(r.byKind).map(
      ([k, v]) =>
        `  ${k.padEnd(17)} ${String(v.acknowledged).padStart(5)} acknowledged ${String(v.refused).padStart(5)} refused ${String(v.unknown).padStart(3)} unknown, p50 ${v.p50Ms} ms, p99 ${v.p99Ms} ms (${Object.entries(v.statuses)
          .map(([s, n]) => `${s}: ${n}`)
          .join(', ')})`,
    ),
    ...r.invariants.map((i) => `  ${i.ok ? '✓' : '✖'} ${i.name}${i.ok ? '' : `\n      ${i.violations.slice(0, 5).join('\n      ')}`}`),
    r.ok ? '  PASSED' : '  FAILED',
  ];
  return lines.join('\n');
}
