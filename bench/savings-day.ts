// A savings-plan execution day as the benchmarks run it (savings-plans.bench.ts times the day,
// savings-day-documents.bench.ts opens its confirmations): synthetic instruments and customers
// filled set-based, and the day run through the real path (createScheduler + savingsPlanJobs +
// runDue: the day's job fans out one block job per instrument, each executeBlock in its own transaction).
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { IsoDate } from '@kontor/domain/banking-days';
import { isinLuhnSum, type Instrument } from '@kontor/domain/instrument';
import { floatToDecimal } from '@kontor/domain/numbers';
import { ManualClock } from '../apps/server/src/platform/clock.ts';
import type { Db } from '../apps/server/src/platform/db.ts';
import { executionInstant, savingsPlanJobs } from '../apps/server/src/savings-plans/jobs.ts';
import { createScheduler } from '../apps/server/src/scheduler/scheduler.ts';

export const DAY = '2026-12-01' as IsoDate; // a Tuesday and a Xetra trading day
export const INSTRUMENTS = 500;
/** A customer of 50 has 5,00 € only: every plan of theirs fails (about 2 %, spread over the instruments). */
const POOR_EVERY = 50;

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
export function benchLog() {
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
 * `known`: the first customers are these (signed-in customers of the app), the rest synthetic ids.
 */
export async function fill(client: pg.Client, plans: number, customers: number, known: readonly string[] = []) {
  const sub = (c: string, knownParam: string) => `coalesce((${knownParam}::uuid[])[${c} + 1], ('00000000-0000-4000-8000-' || lpad(to_hex(${c}), 12, '0'))::uuid)`;
  await client.query('begin');
  await client.query(
    `insert into ledger_balances (account, balance)
     select 'customer:' || ${sub('c', '$2')} || ':cash', case when (c / ${POOR_EVERY}) % ${POOR_EVERY} = 7 then 5.00 else 20000.00 end from generate_series(0, $1::int - 1) c`,
    [customers, known],
  );
  await client.query(`insert into ledger_postings (tx_id, account, amount, kind, ref, created_at)
     select gen_random_uuid(), account, balance, 'deposit', null::text, '2026-11-01T10:00:00Z'::timestamptz from ledger_balances where account like 'customer:%'
     union all select '00000000-0000-4000-8000-000000000000'::uuid, 'house:bank', -sum(balance), 'deposit', null::text, '2026-11-01T10:00:00Z'::timestamptz from ledger_balances where account like 'customer:%'`);
  await client.query(`insert into ledger_balances (account, balance) select 'house:bank', -sum(balance) from ledger_balances where account like 'customer:%'`);
  await client.query(
    `insert into savings_plans (id, sub, isin, amount, "interval", day, dynamic_percent, payment, first_date, increases, next_nominal, next_date, state, pending, created_at, updated_at)
     select gen_random_uuid(), ${sub('k % $2', '$5')}, ($3::text[])[1 + ((k % $2) + 50 * (k / $2)) % ${INSTRUMENTS}],
       (10 + (k * 7919) % 490) + ((k * 31) % 100) / 100.0,
       iv, case when iv in ('weekly', 'biweekly') then 2 else 1 end,
       case when k % 7 = 0 then (array[2, 3, 5])[1 + k % 3] when k % 7 = 1 then 3 else 0 end, 'CASH',
       case when k % 7 = 0 then '2025-12-01'::date else '2026-06-01'::date end, 0, $4::date, $4::date, 'active', null,
       '2025-11-20T10:00:00Z', '2025-11-20T10:00:00Z'
     from generate_series(0::bigint, $1::bigint - 1) k
     cross join lateral (select case k % 10 when 6 then 'quarterly' when 7 then 'weekly' when 8 then 'biweekly' else 'monthly' end as iv) i`,
    [plans, customers, isins, DAY, known],
  );
  await client.query('commit');
  await client.query('analyze');
}

/**
 * The day's scheduler and jobs at 08:30 in Berlin (today's execution at 09:00 is the first day
 * they schedule); the clock is then at the execution, for `runDue`.
 */
export async function savingsDay(db: Db, log: FastifyBaseLogger, onBlock: () => void = () => {}) {
  const clock = new ManualClock(new Date(executionInstant(DAY).getTime() - 30 * 60_000));
  const scheduler = createScheduler({ db, clock, log });
  const jobs = savingsPlanJobs({
    db,
    clock,
    scheduler,
    instrument: async (isin) => {
      onBlock();
      return instrumentOf.get(isin);
    },
    askAt: (isin) => askOf.get(isin),
    fxRateAt: () => '1',
    collectDebit: () => Promise.reject(new Error('no direct debits in the benchmark')),
    log,
  });
  await jobs.start();
  clock.set(executionInstant(DAY));
  return { scheduler };
}
