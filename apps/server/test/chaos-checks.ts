// The crash test's checks: what the clients were told against what the database holds, and the
// ledger's own rules. Each check returns the violations it found (empty: it holds).
import { fixedQuery, type Db } from '../src/platform/db.ts';
import type { ChaosSetup, OpRecord } from './chaos-load.ts';

export type CheckResult = { name: string; violations: string[] };
export type ChaosFigures = { lost: number; doubled: number; checks: CheckResult[] };

const ORDER_KINDS = new Set(['limit-buy', 'market-buy', 'market-sell', 'limit-sell']);

export async function checkDatabase(db: Db, setup: ChaosSetup, records: readonly OpRecord[]): Promise<ChaosFigures> {
  const subs = setup.customers.map((c) => c.sub);
  const q = <T>(text: string, params: unknown[] = []) => fixedQuery<T>(db, text, params);
  const checks: CheckResult[] = [];
  const lost: string[] = [];
  const doubled: string[] = [];

  // ——— orders: each acknowledged one exists; none exists that no request of the clients made ———
  const orderRows = await q<{ id: string; sub: string; kind: string; status: string; open: boolean; reserved: string; blocked: string; side: string }>(
    `select id::text, sub::text, kind, status, open, reserved::text, blocked::text, side from orders where sub = any($1::uuid[])`,
    [subs],
  );
  const orderById = new Map(orderRows.map((o) => [o.id, o]));
  const keyRows = await q<{ sub: string; key: string; status_code: number; id: string | null }>(
    `select sub::text, key, status_code, response->>'id' as id from idempotency_keys where sub = any($1::uuid[])`,
    [subs],
  );
  const keyById = new Map(keyRows.filter((k) => k.id).map((k) => [k.id!, k]));
  const sentKeys = new Set(records.filter((r) => r.key).map((r) => `${r.sub} ${r.key}`));
  for (const r of records.filter((x) => ORDER_KINDS.has(x.kind) && x.outcome === 'acknowledged' && x.status === 201)) {
    if (!r.id || !orderById.has(r.id)) lost.push(`order ${r.id ?? '?'} (${r.kind}, key ${r.key}) acknowledged but not in the database`);
  }
  for (const o of orderRows) {
    if (o.kind === 'savings') continue;
    const k = keyById.get(o.id);
    if (!k || !sentKeys.has(`${k.sub} ${k.key}`)) doubled.push(`order ${o.id} in the database answers no request the clients sent`);
  }
  // Each key names at most one order (an order written twice under one key would have a second id nowhere).
  const perKey = new Map<string, number>();
  for (const k of keyRows) if (k.id && orderById.has(k.id)) perKey.set(`${k.sub} ${k.key}`, (perKey.get(`${k.sub} ${k.key}`) ?? 0) + 1);
  for (const [k, n] of perKey) if (n > 1) doubled.push(`key ${k} names ${n} orders`);

  // ——— cancels: an acknowledged cancellation left the order cancelled (or pending cancel) ———
  const cancelViolations: string[] = [];
  for (const r of records.filter((x) => x.kind === 'cancel' && x.outcome === 'acknowledged')) {
    const o = orderById.get(r.id!);
    if (!o) lost.push(`cancelled order ${r.id} not in the database`);
    else if (o.open && !/Cancel/.test(r.detail ?? '')) cancelViolations.push(`order ${o.id} acknowledged as ${r.detail} is still ${o.status}`);
    else if (/^Cancelled/.test(r.detail ?? '') && o.status !== 'Cancelled') cancelViolations.push(`order ${o.id} acknowledged Cancelled is ${o.status}`);
  }
  checks.push({ name: 'acknowledged cancellations hold', violations: cancelViolations });

  // ——— deposits: one posting per acknowledged key, none for a key never sent ———
  const depositRows = await q<{ account: string; ref: string; n: number }>(
    `select account, ref, count(*)::int as n from ledger_postings where kind = 'deposit' and account = any($1::text[]) group by account, ref`,
    [subs.map((s) => `customer:${s}:cash`)],
  );
  const depositsByRef = new Map(depositRows.map((d) => [`${d.account.split(':')[1]} ${d.ref}`, d.n]));
  for (const r of records.filter((x) => x.kind === 'deposit')) {
    const n = depositsByRef.get(`${r.sub} ${r.key}`) ?? 0;
    if (r.outcome === 'acknowledged' && n === 0) lost.push(`deposit ${r.key} acknowledged but not booked`);
    if (n > 1) doubled.push(`deposit ${r.key} booked ${n} times`);
  }
  const depositKeys = new Set(records.filter((x) => x.kind === 'deposit').map((r) => `${r.sub} ${r.key}`));
  const setupDeposits = depositRows.filter((d) => !depositKeys.has(`${d.account.split(':')[1]} ${d.ref}`));
  if (setupDeposits.length !== subs.length) doubled.push(`${setupDeposits.length} deposits no client operation made (the setup made ${subs.length})`);

  // ——— payouts: each acknowledged one exists, with its booking once ———
  const payoutRows = await q<{ id: string; sub: string; state: string; booked: number; executed: number }>(
    `select p.id::text, p.sub::text, p.state,
       (select count(*)::int from ledger_postings l where l.ref = p.id::text and l.kind = 'payout' and l.account like 'customer:%') as booked,
       (select count(*)::int from bookings b where b.key like '%' || p.id::text || '%' and b.key <> 'payout:' || p.id::text) as executed
     from payouts p where p.sub = any($1::uuid[])`,
    [subs],
  );
  const payoutById = new Map(payoutRows.map((p) => [p.id, p]));
  for (const r of records.filter((x) => x.kind === 'payout' && x.outcome === 'acknowledged')) {
    if (!payoutById.has(r.id!)) lost.push(`payout ${r.id} acknowledged but not in the database`);
  }
  const payoutKeys = new Set(keyRows.filter((k) => k.id && payoutById.has(k.id)).map((k) => k.id));
  const payoutViolations: string[] = [];
  for (const p of payoutRows) {
    if (!payoutKeys.has(p.id)) doubled.push(`payout ${p.id} answers no request the clients sent`);
    if (p.booked !== 1) payoutViolations.push(`payout ${p.id} has ${p.booked} cash postings`);
    if (p.executed > 1) doubled.push(`payout ${p.id} executed ${p.executed} times`);
    if (p.state === 'EXECUTED' && p.executed !== 1) payoutViolations.push(`payout ${p.id} EXECUTED with ${p.executed} bookings`);
  }
  checks.push({ name: 'payouts booked once each', violations: payoutViolations });

  // ——— tickets: as many as were acknowledged, plus those whose TAN a cut-off attempt used ———
  const ticketRows = await q<{ sub: string; n: number }>(`select sub::text, count(*)::int as n from tickets where sub = any($1::uuid[]) group by sub`, [subs]);
  const ticketViolations: string[] = [];
  for (const sub of subs) {
    const mine = records.filter((r) => r.kind === 'ticket' && r.sub === sub);
    const acked = mine.filter((r) => r.outcome === 'acknowledged').length;
    const used = mine.filter((r) => r.tanUsed).length;
    // Cut off by a kill, then refused when sent again (its TAN used, or its authorisation expired): written or not.
    const unknown = mine.filter((r) => r.outcome === 'unknown' || (r.retried && r.outcome === 'refused' && !r.tanUsed)).length;
    const n = ticketRows.find((t) => t.sub === sub)?.n ?? 0;
    if (n < acked) lost.push(`customer ${sub}: ${acked} tickets acknowledged, ${n} in the database`);
    if (n > acked + unknown + used) doubled.push(`customer ${sub}: ${n} tickets, at most ${acked + unknown + used} sent`);
    if (n < acked + used) ticketViolations.push(`customer ${sub}: ${used} tickets whose TAN was used but ${n - acked} written (TAN spent, ticket missing)`);
  }
  checks.push({ name: 'tickets: a used TAN means a ticket', violations: ticketViolations });

  // ——— watchlists: the last acknowledged edit of each instrument holds ———
  const items = await q<{ watchlist_id: string; isin: string }>(`select watchlist_id::text, isin from watchlist_items where watchlist_id = any($1::uuid[])`, [setup.customers.map((c) => c.watchlistId)]);
  const present = new Set(items.map((i) => `${i.watchlist_id} ${i.isin}`));
  const watchViolations: string[] = [];
  for (const c of setup.customers) {
    for (const isin of setup.watchIsins) {
      const last = records.filter((r) => r.sub === c.sub && r.detail === isin && r.kind.startsWith('watchlist')).at(-1);
      if (!last || last.outcome !== 'acknowledged') continue;
      const want = last.kind === 'watchlist-add';
      if (present.has(`${c.watchlistId} ${isin}`) !== want) (want ? lost : watchViolations).push(`watchlist ${c.watchlistId}: ${isin} should ${want ? '' : 'not '}be on it`);
    }
  }
  checks.push({ name: 'watchlists: last acknowledged edit holds', violations: watchViolations });

  // ——— the ledger ———
  const [sum] = await q<{ total: string; n: number }>(`select coalesce(sum(amount), 0)::text as total, count(*)::int as n from ledger_postings`);
  checks.push({ name: 'ledger sums to zero (EUR)', violations: Number(sum!.total) === 0 ? [] : [`all postings sum to ${sum!.total}`] });
  const unbalanced = await q<{ tx_id: string; total: string }>(`select tx_id::text, sum(amount)::text as total from ledger_postings group by tx_id having sum(amount) <> 0 limit 20`);
  checks.push({ name: 'every booking balances', violations: unbalanced.map((u) => `transaction ${u.tx_id} sums to ${u.total}`) });
  const drift = await q<{ account: string; balance: string; postings: string }>(
    `select b.account, b.balance::text, coalesce(p.total, 0)::text as postings from ledger_balances b
     full join (select account, sum(amount) as total from ledger_postings group by account) p on p.account = b.account
     where coalesce(b.balance, 0) <> coalesce(p.total, 0) limit 20`,
  );
  checks.push({ name: 'balances equal their postings', violations: drift.map((d) => `${d.account}: balance ${d.balance}, postings ${d.postings}`) });
  const negative = await q<{ account: string; balance: string }>(`select account, balance::text from ledger_balances where account like 'customer:%' and balance < 0`);
  checks.push({ name: 'no customer account negative', violations: negative.map((n) => `${n.account} at ${n.balance}`) });

  // ——— holds: the reserved account holds exactly what the open buy orders reserve ———
  const holds = await q<{ sub: string; reserved: string; held: string }>(
    `select s.sub::text, coalesce((select sum(reserved) from orders o where o.sub = s.sub and o.open), 0)::text as reserved,
       coalesce((select balance from ledger_balances where account = 'customer:' || s.sub::text || ':reserved'), 0)::text as held
     from unnest($1::uuid[]) as s(sub)`,
    [subs],
  );
  checks.push({ name: 'open orders hold what they reserve', violations: holds.filter((h) => Number(h.reserved) !== Number(h.held)).map((h) => `customer ${h.sub}: orders reserve ${h.reserved}, reserved account ${h.held}`) });
  const unheld = orderRows.filter((o) => o.open && o.side === 'buy' && Number(o.reserved) <= 0);
  checks.push({ name: 'every open buy has its hold', violations: unheld.map((o) => `order ${o.id} open without a hold`) });

  // ——— positions: the lots equal the executions and what corporate actions moved (ca_moves) ———
  const positions = await q<{ sub: string; isin: string; lots: string; executed: string }>(
    `select coalesce(l.sub, e.sub)::text as sub, coalesce(l.isin, e.isin) as isin, coalesce(l.q, 0)::text as lots, coalesce(e.q, 0)::text as executed
     from (select sub, isin, sum(remaining) q from lots where sub = any($1::uuid[]) group by sub, isin) l
     full join (select sub, isin, sum(q) q from (
         select sub, isin, case when side = 'buy' then quantity else -quantity end q from executions where sub = any($1::uuid[])
         union all select sub, isin, quantity from ca_moves where sub = any($1::uuid[])) m group by sub, isin) e
       on e.sub = l.sub and e.isin = l.isin
     where coalesce(l.q, 0) <> coalesce(e.q, 0)`,
    [subs],
  );
  checks.push({ name: 'positions equal the sum of their lots', violations: positions.map((p) => `${p.sub} ${p.isin}: lots ${p.lots}, executions ${p.executed}`) });
  const lotsPerExecution = await q<{ execution_id: string; n: number }>(
    // Trade executions only: a corporate action's booking opens one lot per lot it adds to (bonus shares keep each lot's date).
    `select execution_id, count(*)::int as n from lots where sub = any($1::uuid[]) and execution_id in (select id from executions) group by execution_id having count(*) > 1`,
    [subs],
  );
  for (const l of lotsPerExecution) doubled.push(`execution ${l.execution_id} opened ${l.n} lots`);
  const overBlocked = await q<{ sub: string; isin: string }>(
    `select o.sub::text, o.isin from orders o where o.open and o.side = 'sell' and o.sub = any($1::uuid[]) group by o.sub, o.isin
     having sum(o.blocked) > coalesce((select sum(remaining) from lots l where l.sub = o.sub and l.isin = o.isin), 0)`,
    [subs],
  );
  checks.push({ name: 'open sells block no more than is held', violations: overBlocked.map((b) => `${b.sub} ${b.isin}`) });

  // ——— the scheduler: each key once, and what it did once ———
  const failedJobs = await q<{ kind: string; key: string; last_error: string | null }>(`select kind, key, last_error from scheduled_jobs where state = 'failed'`);
  checks.push({ name: 'no scheduler job failed', violations: failedJobs.map((j) => `${j.kind} ${j.key}: ${j.last_error}`) });
  // Savings plans: one order per executed plan day (the day's key is the table's own key), none without its day.
  const savings = await q<{ executed: number; orders: number; missing: number }>(
    `select (select count(*)::int from savings_plan_executions where state = 'executed' and sub = any($1::uuid[])) as executed,
       (select count(*)::int from orders where kind = 'savings' and sub = any($1::uuid[])) as orders,
       (select count(*)::int from savings_plan_executions e where e.state = 'executed' and e.sub = any($1::uuid[])
          and not exists (select 1 from orders o where o.id = e.order_id)) as missing`,
    [subs],
  );
  const sv = savings[0]!;
  if (sv.orders > sv.executed) doubled.push(`${sv.orders} savings orders for ${sv.executed} executed plan days`);
  if (sv.missing > 0 || sv.orders < sv.executed) lost.push(`${sv.executed} executed plan days, ${sv.orders} savings orders, ${sv.missing} without their order`);
  const bookingsTwice = await q<{ ref: string; n: number }>(
    `select ref, count(distinct tx_id)::int as n from ledger_postings where ref is not null and kind in ('payout', 'deposit') group by ref, kind having count(distinct tx_id) > 1 limit 20`,
  );
  for (const b of bookingsTwice) doubled.push(`booking ${b.ref} written in ${b.n} transactions`);

  checks.push({ name: 'lost: acknowledged but missing', violations: lost });
  checks.push({ name: 'doubled: written more often than sent', violations: doubled });
  return { lost: lost.length, doubled: doubled.length, checks };
}

/** The open orders the engine holds, read over HTTP while the server runs (a PGlite directory has one process at a time). */
export async function readEngine(base: string, token: string): Promise<Set<string> | string> {
  const res = await fetch(`${base}/api/dev/engine/open-orders`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) return `GET /api/dev/engine/open-orders answered ${res.status}`;
  return new Set(((await res.json()) as { orders: { id: string }[] }).orders.map((o) => o.id));
}

/** The engine after a restart holds exactly the open orders of the database. */
export async function checkEngine(db: Db, engine: Set<string> | string): Promise<CheckResult> {
  if (typeof engine === 'string') return { name: 'rebuilt engine holds exactly the open orders', violations: [engine] };
  const open = new Set((await fixedQuery<{ id: string }>(db, `select id::text from orders where open`, [])).map((o) => o.id));
  const violations = [...open].filter((id) => !engine.has(id)).map((id) => `open order ${id} not in the engine`);
  violations.push(...[...engine].filter((id) => !open.has(id)).map((id) => `engine order ${id} not open in the database`));
  return { name: `rebuilt engine holds exactly the ${open.size} open orders`, violations };
}
