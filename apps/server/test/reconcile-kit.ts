import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { MoneyOverview, AccountHistory } from '@kontor/domain/money-contracts';
import type { DocumentPage } from '@kontor/domain/posteingang-contracts';
import type { SavingsPlan } from '@kontor/domain/savings-plan-contracts';
import type { TaxYearView } from '@kontor/domain/tax-contracts';
import type { Depot } from '@kontor/domain/trading-contracts';
import type { Performance } from '@kontor/domain/performance-contracts';
import { EUR_USD_ISIN, eurPerUnit, toEur } from '@kontor/domain/fx';
import { midPrice, type Quote } from '@kontor/domain/quote';
import { rowsOf } from '../src/platform/db.ts';
import type { SignedInCustomer } from './customer.ts';
import type { TestApp } from './test-app.ts';
import { toWireAmount, toWireDecimal } from '@kontor/domain/numbers';

/*
 * What "every figure reconciles" means for one customer, read through the API and checked against
 * the ledger's own tables (postings, balances, lots, bookings). Used after every step of the
 * reconciliation suite (every-figure-reconciles-with-the-ledger.test.ts).
 */

const sum = (xs: readonly Decimal.Value[]) => xs.reduce<Decimal>((s, x) => s.plus(x), new Decimal(0));
const money = (x: Decimal.Value) => toWireAmount(x);

async function get<T>(t: TestApp, c: SignedInCustomer, url: string): Promise<T> {
  const res = await t.call({ method: 'GET', url, headers: c.headers });
  if (res.statusCode !== 200) throw new Error(`GET ${url} answered ${res.statusCode}: ${res.body}`);
  return res.json() as T;
}

/** The ledger as the database holds it for one customer. */
async function ledgerOf(t: TestApp, sub: string) {
  const db = t.database.db;
  const balances = rowsOf<{ account: string; balance: string }>(
    await db.execute(sql`select account, balance::text as balance from ledger_balances where account like ${`customer:${sub}:%`} or account = ${`house:arrears:${sub}`}`),
  );
  const postings = rowsOf<{ account: string; total: string }>(
    await db.execute(sql`select account, sum(amount)::text as total from ledger_postings where account like ${`customer:${sub}:%`} or account = ${`house:arrears:${sub}`} group by account`),
  );
  const taxByYear = rowsOf<{ year: number; total: string }>(
    await db.execute(
      // What the tax office got (or refunded) in the entries that moved this customer's accounts.
      sql`select extract(year from created_at at time zone 'Europe/Berlin')::int as year, sum(amount)::text as total from ledger_postings
        where account = 'house:tax' and tx_id in (select tx_id from ledger_postings where account like ${`customer:${sub}:%`} or account = ${`house:arrears:${sub}`}) group by 1`,
    ),
  );
  const lots = rowsOf<{ isin: string; remaining: string; cost: string }>(
    await db.execute(sql`select isin, sum(remaining)::text as remaining, sum(remaining_cost)::text as cost from lots where sub = ${sub} and remaining > 0 group by isin`),
  );
  const bookings = rowsOf<{ kind: string; n: number }>(await db.execute(sql`select kind, count(*)::int as n from bookings where sub = ${sub} group by kind`));
  return { balances, postings, taxByYear, lots, bookings: new Map(bookings.map((b) => [b.kind, b.n])) };
}

/**
 * Checks every figure the API shows the customer against the ledger and against each other;
 * throws (an expect) at the first that does not agree. `year` is the simulated clock's year.
 */
export async function reconcile(t: TestApp, c: SignedInCustomer, year: number): Promise<void> {
  const [overview, history, depot, performance, tax, inbox, plans, ledger] = await Promise.all([
    get<MoneyOverview>(t, c, '/api/moneytransaction'),
    get<AccountHistory>(t, c, '/api/moneytransaction/history'),
    get<Depot>(t, c, '/api/trading/positions'),
    get<Performance>(t, c, '/api/depot/performance?range=MAX'),
    get<TaxYearView>(t, c, `/api/tax?year=${year}`),
    get<DocumentPage>(t, c, '/api/posteingang?limit=100'),
    get<{ plans: SavingsPlan[] }>(t, c, '/api/savingsplan'),
    ledgerOf(t, c.sub),
  ]);
  const cash = overview.cash;
  const balanceOf = (account: string) => ledger.balances.find((b) => b.account === account)?.balance ?? '0';

  // The running balances are the sums of their postings: nothing moved a balance but a posting.
  for (const b of ledger.balances) expect({ account: b.account, balance: money(b.balance) }).toEqual({ account: b.account, balance: money(ledger.postings.find((p) => p.account === b.account)?.total ?? 0) });

  // Kaufkraft is the free cash account; Kaufkraft and Reserviert are every customer account; the Kontostand adds what is owed.
  const customerAccounts = sum(ledger.balances.filter((b) => b.account.startsWith('customer:')).map((b) => b.balance));
  const arrears = balanceOf(`house:arrears:${c.sub}`);
  expect({ figure: 'Kaufkraft', value: cash.availableToBuy }).toEqual({ figure: 'Kaufkraft', value: money(balanceOf(`customer:${c.sub}:cash`)) });
  expect({ figure: 'Kaufkraft + Reserviert', value: money(new Decimal(cash.availableToBuy).plus(cash.reserved)) }).toEqual({ figure: 'Kaufkraft + Reserviert', value: money(customerAccounts) });
  expect({ figure: 'Kontostand', value: cash.balance }).toEqual({ figure: 'Kontostand', value: money(customerAccounts.plus(arrears)) });
  expect(new Decimal(cash.availableToPayout).lte(cash.availableToBuy)).toBe(true);

  // The Kontoumsätze: each line's balance is the one before plus its amount, and the last is the Kontostand less what is held.
  const lines = [...history.entries].reverse();
  let running = new Decimal(0);
  for (const line of lines) {
    running = running.plus(line.amount);
    expect({ line: line.text, balance: line.balance }).toEqual({ line: line.text, balance: money(running) });
  }
  expect({ figure: 'Kontoumsätze', value: money(running) }).toEqual({ figure: 'Kontoumsätze', value: money(new Decimal(cash.balance)) });

  // Positions are their lots: pieces and cost.
  const positions = depot.positions.filter((p) => new Decimal(p.quantity).gt(0));
  expect(positions.map((p) => ({ isin: p.isin, quantity: toWireDecimal(p.quantity), cost: money(p.cost) })).sort((a, b) => a.isin.localeCompare(b.isin))).toEqual(
    ledger.lots.map((l) => ({ isin: l.isin, quantity: toWireDecimal(l.remaining), cost: money(l.cost) })).sort((a, b) => a.isin.localeCompare(b.isin)),
  );
  expect({ figure: 'depot cash', value: money(depot.cash.total) }).toEqual({ figure: 'depot cash', value: money(new Decimal(cash.availableToBuy).plus(cash.reserved)) });

  // The depot's total is its cash and the sum of its positions, each valued at today's bid in euros
  // as the depot page values them (decision 021; dollars at the EUR/USD mid, decision 010).
  const quotes = await get<Quote[]>(t, c, `/api/quotes?isins=${[EUR_USD_ISIN, ...positions.map((p) => p.isin)].join(',')}`);
  const mid = (isin: string) => {
    const q = quotes.find((x) => x.isin === isin);
    return q ? midPrice(q) : undefined;
  };
  const bid = (isin: string) => quotes.find((x) => x.isin === isin)?.bid;
  const valued = positions.map((p) => {
    const price = bid(p.isin);
    const rate = eurPerUnit(p.currency, mid(EUR_USD_ISIN));
    return price && rate ? new Decimal(toEur(toWireDecimal(new Decimal(p.quantity).times(price)), rate)) : undefined;
  });
  expect({ figure: 'positions quoted', unquoted: positions.filter((_, i) => valued[i] === undefined).map((p) => p.isin) }).toEqual({ figure: 'positions quoted', unquoted: [] });
  expect({ figure: 'Depotwert', value: performance.depot.value }).toEqual({ figure: 'Depotwert', value: money(sum(valued as Decimal[]).plus(cash.balance)) });

  // The depot's totals are its positions: value, cost, and the gain since purchase is value less cost.
  expect({ figure: 'Positionen gesamt', cost: money(depot.totals.cost), value: depot.totals.value && money(depot.totals.value) }).toEqual({
    figure: 'Positionen gesamt',
    cost: money(sum(positions.map((p) => p.cost))),
    value: money(sum(valued as Decimal[])),
  });
  for (const p of positions) {
    if (p.value !== null && p.gain !== null) expect({ position: p.isin, gain: money(p.gain) }).toEqual({ position: p.isin, gain: money(new Decimal(p.value).minus(p.cost)) });
  }
  if (depot.totals.gain !== null && depot.totals.value !== null) expect({ figure: 'Gewinn/Verlust seit Kauf', value: money(depot.totals.gain) }).toEqual({ figure: 'Gewinn/Verlust seit Kauf', value: money(new Decimal(depot.totals.value).minus(depot.totals.cost)) });

  // Reserviert is the sum of what holds it: open orders, corporate-action instructions, payouts.
  const parts = cash.reservedParts;
  expect({ figure: 'Reserviert', value: money(cash.reserved) }).toEqual({ figure: 'Reserviert', value: money(new Decimal(parts.openOrders).plus(parts.corporateActions).plus(parts.payouts)) });

  // A savings plan's gain since purchase is its value less what it cost.
  for (const p of plans.plans) {
    if (p.value !== null && p.gain !== null) expect({ plan: p.isin, gain: p.gain }).toEqual({ plan: p.isin, gain: money(new Decimal(p.value).minus(p.invested)) });
  }

  // The tax year's totals are its events, and what the ledger withheld for the year.
  const ev = tax.events;
  expect({ capitalGainsTax: tax.paid.capitalGainsTax, solidaritySurcharge: tax.paid.solidaritySurcharge, churchTax: tax.paid.churchTax, allowanceUsed: tax.allowance.used, credited: tax.withholdingTaxCredited }).toEqual({
    capitalGainsTax: money(sum(ev.map((e) => e.capitalGainsTax))),
    solidaritySurcharge: money(sum(ev.map((e) => e.solidaritySurcharge))),
    churchTax: money(sum(ev.map((e) => e.churchTax))),
    allowanceUsed: money(sum(ev.map((e) => e.allowanceUsed))),
    credited: money(sum(ev.map((e) => e.withholdingTaxCredited))),
  });
  expect(money(tax.allowance.remaining)).toBe(money(new Decimal(tax.allowance.total).minus(tax.allowance.used)));
  const withheld = ledger.taxByYear.find((r) => r.year === year)?.total ?? '0';
  expect({ figure: 'tax withheld', value: money(withheld) }).toEqual({
    figure: 'tax withheld',
    value: money(new Decimal(tax.paid.capitalGainsTax).plus(tax.paid.solidaritySurcharge).plus(tax.paid.churchTax)),
  });

  // The Posteingang holds one confirmation per booked execution, and every taxed event's statement.
  const docs = inbox.documents;
  const count = (kind: string) => docs.filter((d) => d.kind === kind).length;
  expect({ contractNotes: count('contract_note'), savingsNotes: count('savings_plan_execution'), caStatements: count('corporate_action_statement') }).toEqual({
    contractNotes: ledger.bookings.get('execution') ?? 0,
    savingsNotes: ledger.bookings.get('savings_execution') ?? 0,
    caStatements: ledger.bookings.get('corporate_action') ?? 0,
  });
  const ids = new Set(docs.map((d) => d.id));
  for (const e of ev) if (e.documentId) expect({ event: e.kind, documentId: e.documentId, inInbox: ids.has(e.documentId) }).toMatchObject({ inInbox: true });
  expect(count('tax_statement')).toBeGreaterThanOrEqual((ledger.bookings.get('dividend') ?? 0) + (ledger.bookings.get('vorabpauschale') ?? 0));
}
