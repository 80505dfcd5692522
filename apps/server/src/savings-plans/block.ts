import { randomUUID } from 'node:crypto';
import Decimal from 'decimal.js';
import { addCalendarDays, type IsoDate } from '@kontor/domain/banking-days';
import type { SavingsInterval } from '@kontor/domain/enums';
import { formatEuro, formatMoney, toWireAmount, toWireDecimal } from '@kontor/domain/numbers';
import { PRICE_LIST } from '@kontor/domain/order-costs';
import { executionDate, firstNominalDate, nextNominalDate, SAVINGS_PLAN_MAX_AMOUNT } from '@kontor/domain/savings-plans';
import { documentColumns } from '../documents/store.ts';
import { recipientAddressPairSql } from '../documents/recipient.ts';
import { accounts } from '../bookings/ledger.ts';
import { insertMessages } from '../messages/store.ts';
import { insertNotifications, notificationInsertCtes } from '../notifications/store.ts';
import { fixedQuery, type Db } from '../platform/db.ts';
import type { PendingChange } from './tables.ts';

/** The block order of one instrument on one execution day, as the job that runs it knows it. */
export type Block = {
  date: IsoDate;
  isin: string;
  /** The one price every plan of the block gets (the ask at execution), quote currency. */
  price: string;
  /** Euros per unit of the quote currency. */
  fxRate: string;
  qtyScale: number;
  /** The instant of the execution (the bookings', order's and documents' time). */
  at: Date;
  instrument: { name: string; wkn: string | null; currency: string };
};

export type BlockResult = { executed: number; failed: number; quantity: string; value: string };

/** The schedule step of each (interval, day, scheduled date) the block's plans have: computed once in TS (the rules live in the domain). */
type ScheduleStep = { interval: string; day: number; nominal: string; next_nominal: string; next_date: string };

/**
 * A quantity as `formatQuantity` shows it (the booking writer's notices): thousands grouped by
 * dots, a decimal comma, no trailing zeros ("1.643,655489"), in SQL for the set-based notice.
 */
const germanQuantity = (q: string) =>
  `(regexp_replace(split_part(trim_scale(${q})::text, '.', 1), '(\\d)(?=(\\d{3})+$)', '\\1.', 'g') || coalesce(',' || nullif(split_part(trim_scale(${q})::text, '.', 2), ''), ''))`;

const NO_CASH = 'Ihr verfügbares Guthaben reichte für die Sparrate nicht aus.';
const NO_PIECE = 'Zum Ausführungskurs reichte die Sparrate nicht für den kleinsten handelbaren Anteil.';

/**
 * Executes one block order in one statement (set-based: one statement whatever the number of
 * plans; docs/decisions/018-savings-plans-set-based.md). For each plan due: its rate after a
 * yearly increase, its pieces (rate ÷ price, rounded down to the quantity scale) and their value;
 * a plan whose free cash does not cover the rate, or whose rate buys no piece, fails whole.
 * Executed plans get the booking's key, an order of kind `savings` with its execution, the
 * ledger entry (one entry for the block: the market's side once), a lot, the execution
 * confirmation in the Posteingang and a notification. Every plan's day is recorded, and its
 * schedule moves on.
 */
const BLOCK_SQL = `with due as materialized (
    select p.id, p.sub, p."interval", p.day, p.next_nominal, p.amount as rate, p.dynamic_percent, p.increases as increases_before,
      p.dynamic_percent > 0 and p.next_nominal >= (p.first_date + make_interval(years => p.increases + 1))::date as raise
    from savings_plans p
    where p.isin = $1::text and p.state in ('active', 'atwork') and p.next_date <= $2::date
    for update
  ),
  rated as materialized (
    select d.*, d.increases_before + d.raise::int as increases,
      case when d.raise then least(round(d.rate * (100 + d.dynamic_percent) / 100, 2), ${SAVINGS_PLAN_MAX_AMOUNT}) else d.rate end as amount
    from due d
  ),
  alloc as materialized (
    select r.*, q.quantity, round(q.quantity * $3::numeric * $4::numeric, 2) as value,
      -- The balance by its key in a subquery, which the planner keeps per plan: as a join it hashed the whole table in every block.
      case when q.quantity <= 0 then '${NO_PIECE}'
        when coalesce((select l.balance from ledger_balances l where l.account = 'customer:' || r.sub || ':cash'), 0) < r.amount + $7::numeric then '${NO_CASH}' end as failure,
      gen_random_uuid() as order_id, gen_random_uuid() as document_id
    from rated r
    cross join lateral (select trunc(r.amount / ($3::numeric * $4::numeric), $5::int) as quantity) q
  ),
  ok as (select a.*, (a.order_id::text || '-1') as execution_id, a.value + $7::numeric as total from alloc a where a.failure is null),
  steps as (select * from jsonb_to_recordset($8::jsonb) as s("interval" text, day int, nominal date, next_nominal date, next_date date)),
  booked as (insert into bookings (key, kind, sub, booked_at) select 'savings:' || o.id || ':' || $2::text, 'savings_execution', o.sub, $6::timestamptz from ok o),
  ordered as (
    insert into orders (id, sub, isin, side, kind, status, cancel_status, open, state, costs, reserved, blocked, created_at, updated_at)
    select o.order_id, o.sub, $1::text, 'buy', 'savings', 'Filled', null, false,
      jsonb_build_object('id', o.order_id, 'accountId', o.sub, 'isin', $1::text, 'side', 'buy', 'kind', 'savings',
        'quantity', trim_scale(o.quantity)::text, 'amount', o.amount::text, 'limit', null, 'stop', null,
        'trailingDistance', null, 'trailingUnit', null, 'validity', jsonb_build_object('type', 'day'), 'expiresAt', $21::text,
        'status', 'Filled', 'cancelStatus', null, 'triggered', false, 'ocoLeg', null,
        'filledQuantity', trim_scale(o.quantity)::text, 'filledValue', trim_scale(o.quantity * $3::numeric)::text, 'executions', 1,
        'quotedPrice', null, 'quoteId', null, 'createdAt', $21::text, 'seq', 0, 'reason', null),
      null, 0, 0, $6::timestamptz, $6::timestamptz
    from ok o
  ),
  executed as (
    insert into executions (id, order_id, sub, isin, side, quantity, price, currency, fx_rate, value, fee, realised_pnl, executed_at)
    select o.execution_id, o.order_id, o.sub, $1::text, 'buy', o.quantity, $3::numeric, $9::text, $4::numeric, o.value, $7::numeric, null, $6::timestamptz from ok o
  ),
  posted as (
    insert into ledger_postings (tx_id, account, amount, kind, ref, created_at)
    select $10::uuid, 'customer:' || o.sub || ':cash', -o.total, 'buy', o.execution_id, $6::timestamptz from ok o
    union all select $10::uuid, '${accounts.market}', sum(o.value), 'buy', $11::text, $6::timestamptz from ok o having count(*) > 0
    union all select $10::uuid, '${accounts.fees}', sum($7::numeric), 'fee', $11::text, $6::timestamptz from ok o having count(*) > 0 and $7::numeric > 0
  ),
  paid as (update ledger_balances b set balance = b.balance - o.total from ok o where b.account = 'customer:' || o.sub || ':cash'),
  lotted as (
    insert into lots (sub, isin, quantity, remaining, cost, remaining_cost, opened_at, execution_id)
    select o.sub, $1::text, o.quantity, o.quantity, o.total, o.total, $6::timestamptz, o.execution_id from ok o
  ),
  documented as (
    insert into customer_documents (id, sub, kind, category, savings_plan, title, pdf_title, pdf_isin, isins, search, dedupe_key, issued_at, data)
    select o.document_id, o.sub, $12::text, $13::text, true, $14::text, $15::text, $1::text, array[$1::text], $16::text, 'contract_note:' || o.execution_id, $6::timestamptz,
      jsonb_build_object('planId', o.id, 'orderId', o.order_id, 'executionId', o.execution_id, 'isin', $1::text, 'wkn', $17::text, 'name', $18::text,
        'date', $2::text, 'amount', o.amount::text, 'quantity', trim_scale(o.quantity)::text, 'price', trim_scale($3::numeric)::text, 'currency', $9::text,
        'fxRate', trim_scale($4::numeric)::text, 'value', o.value::text, 'fee', $7::text, 'executedAt', $21::text, ${recipientAddressPairSql('o.sub')})
    from ok o
  ),
  recorded as (
    insert into savings_plan_executions (plan_id, date, sub, state, amount, quantity, price, value, fee, order_id, document_id, reason, at)
    select a.id, $2::date, a.sub, case when a.failure is null then 'executed' else 'failed' end, a.amount,
      case when a.failure is null then a.quantity end, case when a.failure is null then $3::numeric end,
      case when a.failure is null then a.value end, case when a.failure is null then $7::numeric end,
      case when a.failure is null then a.order_id end, case when a.failure is null then a.document_id end, a.failure, $6::timestamptz
    from alloc a
  ),
  moved as (
    update savings_plans p set amount = a.amount, increases = a.increases, next_nominal = s.next_nominal, next_date = s.next_date, updated_at = $6::timestamptz
    from alloc a join steps s on s."interval" = a."interval" and s.day = a.day and s.nominal = a.next_nominal
    where p.id = a.id
  ),
  ${notificationInsertCtes(`select o.sub, 'SAVINGS_PLAN_EXECUTED' as kind, $19::text as title,
      ${germanQuantity('o.quantity')} || $20::text as body, $1::text as isin, o.order_id as "orderId", o.document_id as "documentId",
      'savings:' || o.id || ':' || $2::text as key, $6::timestamptz as "createdAt"
    from ok o`)}
  select (select count(*) from ok)::int as executed, (select coalesce(sum(quantity), 0) from ok)::text as quantity,
    (select coalesce(sum(value), 0) from ok)::text as value, (select count(*) from notifications_signalled)::int as signalled,
    coalesce((select jsonb_agg(jsonb_build_object('id', a.id, 'sub', a.sub, 'amount', a.amount::text, 'reason', a.failure)) from alloc a where a.failure is not null), '[]'::jsonb) as failed`;

/** The distinct (interval, day, scheduled date) of the plans due in a block, each with its next dates. */
const STEPS_SQL = `select distinct "interval", day, next_nominal::text as nominal from savings_plans where isin = $1 and state in ('active', 'atwork') and next_date <= $2::date`;

/**
 * Runs one block inside the caller's transaction (the scheduler's job: once per day and
 * instrument). The block's row is claimed first: a block run before is not run again.
 */
export async function executeBlock(tx: Db, b: Block): Promise<BlockResult | null> {
  const claimed = await fixedQuery<{ date: string }>(
    tx,
    `insert into savings_blocks (date, isin, price, fx_rate, quantity, value, executed, failed, at) values ($1, $2, $3, $4, 0, 0, 0, 0, $5) on conflict do nothing returning date`,
    [b.date, b.isin, b.price, b.fxRate, b.at.toISOString()],
  );
  if (claimed.length === 0) return null;
  const steps: ScheduleStep[] = (await fixedQuery<{ interval: SavingsInterval; day: number; nominal: string }>(tx, STEPS_SQL, [b.isin, b.date])).map((s) => {
    const next = nextNominalDate(s.interval, s.day, s.nominal);
    return { interval: s.interval, day: s.day, nominal: s.nominal, next_nominal: next, next_date: executionDate(next) };
  });
  const fee = toWireAmount(PRICE_LIST.savingsPlanExecution);
  const doc = documentColumns({ kind: 'savings_plan_execution', title: 'Sparplanausführung', pdfTitle: `Sparplanausführung ${b.instrument.name}`, pdfIsin: b.isin, savingsPlan: true });
  const at = b.at.toISOString();
  const [row] = await fixedQuery<{ executed: number; quantity: string; value: string; failed: { id: string; sub: string; amount: string; reason: string }[] }>(tx, BLOCK_SQL, [
    b.isin, // 1
    b.date, // 2
    b.price, // 3
    b.fxRate, // 4
    b.qtyScale, // 5
    at, // 6
    fee, // 7
    JSON.stringify(steps), // 8
    b.instrument.currency, // 9
    randomUUID(), // 10: the block's ledger entry
    `savings-block:${b.isin}:${b.date}`, // 11
    doc.kind, // 12
    doc.category, // 13
    doc.title, // 14
    doc.pdfTitle, // 15
    doc.search, // 16
    b.instrument.wkn, // 17
    b.instrument.name, // 18
    `Sparplan ausgeführt: ${b.instrument.name}`, // 19
    ` Stück zu ${formatMoney(b.price, b.instrument.currency)} gekauft.`, // 20
    at, // 21: the instant as the JSON of orders and documents has it
  ]);
  const result = row!;
  // The house's side of the block's entry: the market gets the value, the fees account the fees.
  // In the order of the account names (house:fees, house:market), as every booking locks them (lockBalances).
  const fees = new Decimal(fee).times(result.executed);
  await fixedQuery(
    tx,
    `insert into ledger_balances (account, balance) select * from (values ($1, $2::numeric), ($3, $4::numeric)) as v(account, delta) where v.delta <> 0
      order by v.account
      on conflict (account) do update set balance = ledger_balances.balance + excluded.balance`,
    [accounts.fees, toWireAmount(fees), accounts.market, toWireAmount(result.value)],
  );
  await tellFailures(tx, b, result.failed);
  await applyPendingChanges(tx, b);
  await fixedQuery(tx, `update savings_blocks set quantity = $3, value = $4, executed = $5, failed = $6 where date = $1 and isin = $2`, [
    b.date,
    b.isin,
    result.quantity,
    result.value,
    result.executed,
    result.failed.length,
  ]);
  return { executed: result.executed, failed: result.failed.length, quantity: toWireDecimal(result.quantity), value: toWireAmount(result.value) };
}

/** "Sparplan nicht ausgeführt": a message in the Posteingang and a notification, once per plan and day. */
async function tellFailures(tx: Db, b: Block, failed: readonly { id: string; sub: string; amount: string; reason: string }[]): Promise<void> {
  if (failed.length === 0) return;
  const day = new Intl.DateTimeFormat('de-DE', { timeZone: 'UTC', dateStyle: 'medium' }).format(new Date(`${b.date}T00:00:00Z`));
  const at = b.at.toISOString();
  const told = failed.map((f) => ({
    sub: f.sub,
    title: `Sparplan nicht ausgeführt: ${b.instrument.name}`,
    body: `Ihre Sparrate von ${formatEuro(f.amount)} wurde am ${day} nicht angelegt. ${f.reason} Der Sparplan läuft weiter und wird zum nächsten Termin wieder ausgeführt.`,
    key: `savings-failed:${f.id}:${b.date}`,
  }));
  await insertMessages(
    tx,
    told.map((t) => ({ sub: t.sub, textForm: 'TEXT', title: t.title, body: t.body, createdAt: at, isin: b.isin, key: t.key })),
    true,
  );
  await insertNotifications(
    tx,
    told.map((t) => ({ sub: t.sub, kind: 'SAVINGS_PLAN_FAILED', title: t.title, body: t.body, isin: b.isin, key: t.key, createdAt: at })),
  );
}

/**
 * Changes that came after the cut-off of this day's execution take effect now that it ran (or
 * failed): new terms from the next matching day, or paused, or deleted. Few plans have one, so
 * each is written on its own.
 */
async function applyPendingChanges(tx: Db, b: Block): Promise<void> {
  const rows = await fixedQuery<{ id: string; pending: PendingChange }>(
    tx,
    `select id, pending from savings_plans where isin = $1 and pending is not null and (pending->>'after')::date <= $2::date for update`,
    [b.isin, b.date],
  );
  const at = b.at.toISOString();
  for (const r of rows) {
    const p = r.pending;
    if (p.action === 'change') {
      const interval = p.interval as SavingsInterval;
      const nominal = firstNominalDate(interval, p.day, addCalendarDays(b.date, 1));
      await fixedQuery(
        tx,
        `update savings_plans set amount = $2, "interval" = $3, day = $4, next_nominal = $5, next_date = $6, state = 'active', pending = null, updated_at = $7 where id = $1`,
        [r.id, p.amount, interval, p.day, nominal, executionDate(nominal), at],
      );
    } else {
      const state = p.action === 'pause' ? 'inactive' : 'deleted';
      await fixedQuery(
        tx,
        `update savings_plans set state = $2, next_nominal = null, next_date = null, pending = null, updated_at = $3, deleted_at = case when $2 = 'deleted' then $3::timestamptz end where id = $1`,
        [r.id, state, at],
      );
    }
  }
}
