import { randomUUID } from 'node:crypto';
import Decimal from 'decimal.js';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { formatMoney, formatQuantity } from '@kontor/domain/numbers';
import { PRICE_LIST } from '@kontor/domain/order-costs';
import { amountOn, savingsAllocation } from '@kontor/domain/savings-plans';
import { freshDatabase } from '../../test/test-app.ts';
import { executionBooking, type ExecutionContext } from '../bookings/execution-booking.ts';
import { accounts, cashOf, post } from '../bookings/ledger.ts';
import { lotStore } from '../bookings/lot-store.ts';
import { bookingWriter } from '../bookings/writer.ts';
import { documentStore } from '../documents/store.ts';
import { addNotification } from '../notifications/store.ts';
import { rowsOf, type Database, type Db } from '../platform/db.ts';
import type { OrderState } from '../trading/engine/types.ts';
import { orderStore } from '../trading/order-store.ts';
import { executeBlock, type Block } from './block.ts';
import { savingsPlanStore, type PlanRow } from './store.ts';
import { savingsPlans } from './tables.ts';

/*
 * The savings-plan day writes its bookings in one statement (decision 018) instead of through the
 * booking writer. Here the same plans on two databases with the same state are booked once by the
 * block statement and once, plan by plan, through the trading path's execution booking and the
 * writer's stores (orders, executions, ledger, lots, Posteingang, bell). Every row must agree, ids
 * aside. The block's one designed difference: the market's side is one posting for the whole block
 * (it is one trade with the market maker), so the market's postings are compared as their sum.
 */

const DATE = '2026-12-15';
// Tuesday 15 December 2026, 09:00 in Berlin: the execution instant.
const AT = new Date('2026-12-15T08:00:00Z');
const EON: Block = { date: DATE, isin: 'DE000ENAG999', price: '15.21', fxRate: '1', qtyScale: 6, at: AT, instrument: { name: 'E.ON SE', wkn: 'ENAG99', currency: 'EUR' } };
// An ETF quoted in US dollars: 0,86 € per dollar.
const SRI: Block = { date: DATE, isin: 'IE00BYX2JD69', price: '14.23', fxRate: '0.86', qtyScale: 6, at: AT, instrument: { name: 'iShares MSCI World SRI UCITS ETF EUR (Acc)', wkn: 'A2DVB9', currency: 'USD' } };

const sub = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
const planId = (n: number) => `10000000-0000-4000-8000-00000000000${n}`;
type PlanSpec = { n: number; cash: string; isin: string; amount: string; dynamicPercent?: number; firstDate?: string };
const PLANS: PlanSpec[] = [
  // 50 ÷ 15.21 = 3.287310… → 3.287310 pieces, × 15.21 = 49.9999851 → 50,00 €.
  { n: 1, cash: '100.00', isin: EON.isin, amount: '50.00' },
  // 25,000 ÷ 15.21 = 1,643.655489… pieces: more than a thousand (the notice groups the thousands).
  { n: 2, cash: '30000.00', isin: EON.isin, amount: '25000.00' },
  // 75 ÷ (14.23 × 0.86 = 12.2378) = 6.128552… pieces, × 12.2378 = 74.99998… → 75,00 €.
  { n: 3, cash: '200.00', isin: SRI.isin, amount: '75.00' },
  // 30 € of cash for a 50 € rate: the plan fails, nothing is booked.
  { n: 4, cash: '30.00', isin: SRI.isin, amount: '50.00' },
  // First executed a year ago with +3 % a year: today's rate is 103,00 €.
  { n: 5, cash: '500.00', isin: EON.isin, amount: '100.00', dynamicPercent: 3, firstDate: '2025-12-15' },
];

let block: Database;
let writer: Database;
beforeAll(async () => {
  [block, writer] = await Promise.all([freshDatabase(), freshDatabase()]);
  for (const db of [block.db, writer.db]) {
    for (const p of PLANS) {
      await post(db, { postings: [{ account: accounts.bank, amount: new Decimal(p.cash).neg().toFixed(2), kind: 'deposit' }, { account: accounts.cash(sub(p.n)), amount: p.cash, kind: 'deposit' }], ref: `deposit-${p.n}`, at: new Date('2026-12-01T10:00:00Z') });
      await savingsPlanStore(db).insert({
        id: planId(p.n),
        sub: sub(p.n),
        isin: p.isin,
        amount: p.amount,
        interval: 'monthly',
        day: 15,
        dynamicPercent: p.dynamicPercent ?? 0,
        payment: 'CASH',
        firstDate: p.firstDate ?? DATE,
        increases: 0,
        nextNominal: DATE,
        nextDate: DATE,
        state: 'active',
        createdAt: new Date('2026-12-01T10:00:00Z'),
        updatedAt: new Date('2026-12-01T10:00:00Z'),
      });
    }
  }
});
afterAll(async () => Promise.all([block.close(), writer.close()]));

/** The ids each path made for a plan: the block's from its record of the day, the writer's as it made them. */
type Made = Map<string, { orderId: string; documentId: string }>;

/**
 * One plan's execution through the trading path: the order as the engine keeps a filled order,
 * the fill booked by `executionBooking` (a buy from free cash at the savings-plan fee), its
 * execution record, and the booking written by the writer with the savings plan's confirmation
 * and notice in place of the contract note and the order notice.
 */
async function bookThroughWriter(tx: Db, b: Block, p: PlanRow, made: Made): Promise<void> {
  const docs = documentStore(tx);
  const write = bookingWriter({ lots: lotStore, documents: docs });
  const { amount } = amountOn(p, p.nextNominal!);
  const fee = new Decimal(PRICE_LIST.savingsPlanExecution);
  const { quantity } = savingsAllocation(amount, b.price, b.fxRate, b.qtyScale);
  const available = (await cashOf(tx, p.sub)).available;
  // The plan's rule: the rate (not only what it buys) must be covered, else it fails whole.
  if (new Decimal(quantity).lte(0) || new Decimal(available).lt(fee.plus(amount))) return;
  const orderId = randomUUID();
  const executionId = `${orderId}-1`;
  const at = b.at.toISOString();
  const filledValue = new Decimal(quantity).times(b.price).toFixed();
  const state: Omit<OrderState, 'kind'> & { kind: 'savings' } = {
    id: orderId,
    accountId: p.sub,
    isin: b.isin,
    side: 'buy',
    kind: 'savings',
    quantity,
    amount,
    limit: null,
    stop: null,
    trailingDistance: null,
    trailingUnit: null,
    validity: { type: 'day' },
    expiresAt: at,
    status: 'Filled',
    cancelStatus: null,
    triggered: false,
    ocoLeg: null,
    filledQuantity: quantity,
    filledValue,
    executions: 1,
    quotedPrice: null,
    quoteId: null,
    createdAt: at,
    seq: 0,
    reason: null,
  };
  await orderStore(tx).insert({ id: orderId, sub: p.sub, isin: b.isin, side: 'buy', kind: 'savings', status: 'Filled', cancelStatus: null, open: false, state, costs: null, reserved: '0', blocked: '0', createdAt: b.at, updatedAt: b.at });
  const c: ExecutionContext = {
    sub: p.sub,
    reserved: '0',
    blocked: '0',
    costs: { orderFee: fee.toFixed(2), smallOrderSurcharge: '0.00' } as ExecutionContext['costs'],
    instrument: { name: b.instrument.name, quoteCurrencyCode: b.instrument.currency, tradingFees: null, wkn: b.instrument.wkn },
    fxRate: b.fxRate,
  };
  const booked = executionBooking({ id: executionId, orderId, isin: b.isin, side: 'buy', quantity, price: b.price, value: filledValue, at, first: true }, c, { availableCash: available })!;
  await orderStore(tx).insertExecution({ id: executionId, orderId, sub: p.sub, isin: b.isin, side: 'buy', quantity, price: b.price, executedAt: b.at, ...booked.record });
  await write(tx, { ...booked.booking, key: `savings:${p.id}:${b.date}`, kind: 'savings_execution' as 'execution', documents: [], notifications: [] });
  const documentId = await docs.issue(tx, p.sub, b.at, {
    kind: 'savings_plan_execution',
    dedupeKey: `contract_note:${executionId}`,
    title: 'Sparplanausführung',
    pdfTitle: `Sparplanausführung ${b.instrument.name}`,
    pdfIsin: b.isin,
    savingsPlan: true,
    notify: false,
    data: {
      planId: p.id,
      orderId,
      executionId,
      isin: b.isin,
      wkn: b.instrument.wkn,
      name: b.instrument.name,
      date: b.date,
      amount,
      quantity,
      price: new Decimal(b.price).toFixed(),
      currency: booked.record.currency,
      fxRate: booked.record.fxRate,
      value: booked.record.value,
      fee: booked.record.fee,
      executedAt: at,
    },
  });
  await addNotification(
    tx,
    {
      sub: p.sub,
      kind: 'SAVINGS_PLAN_EXECUTED',
      title: `Sparplan ausgeführt: ${b.instrument.name}`,
      body: `${formatQuantity(quantity)} Stück zu ${formatMoney(b.price, b.instrument.currency)} gekauft.`,
      isin: b.isin,
      orderId,
      documentId,
      key: `savings:${p.id}:${b.date}`,
    },
    b.at,
  );
  made.set(p.id, { orderId, documentId: documentId! });
}

// A failed plan's message and notice are no booking (the block tells them through the stores' own writers).
const TABLES = { bookings: '', orders: '', executions: '', lots: '', customer_documents: '', notifications: `where kind <> 'SAVINGS_PLAN_FAILED'`, ledger_balances: '' } as const;

/** Every row of the tables a booking writes, ids named after the plan they belong to, in a stable order. */
async function rowsAfter(db: Db, made: Made) {
  const names = new Map<string, string>();
  for (const [plan, ids] of made) {
    names.set(ids.orderId, `order(${plan})`);
    names.set(ids.documentId, `document(${plan})`);
  }
  const named = (row: Record<string, unknown>) => {
    const { id, tx_id: _tx, ...rest } = row;
    const text = [...names].reduce((s, [from, to]) => s.replaceAll(from, to), JSON.stringify(typeof id === 'string' && names.has(id) ? row : rest));
    return JSON.parse(text) as Record<string, unknown>;
  };
  const out: Record<string, Record<string, unknown>[]> = {};
  for (const [table, where] of Object.entries(TABLES)) {
    out[table] = rowsOf<Record<string, unknown>>(await db.execute(sql.raw(`select * from ${table} ${where}`)))
      .map(named)
      .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  }
  const postings = rowsOf<Record<string, unknown>>(await db.execute(sql`select * from ledger_postings where kind <> 'deposit'`)).map(named);
  out.customerPostings = postings.filter((p) => String(p.account).startsWith('customer:')).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  out.marketPostings = [{ sum: postings.filter((p) => p.account === accounts.market).reduce((s, p) => s.plus(String(p.amount)), new Decimal(0)).toFixed(2) }];
  // Every entry is balanced on either path.
  const entries = rowsOf<{ sum: string }>(await db.execute(sql`select sum(amount)::text as sum from ledger_postings group by tx_id`));
  expect(entries.every((e) => new Decimal(e.sum).isZero())).toBe(true);
  return out;
}

it('savings-block-writes-what-the-booking-writer-writes: postings, lots, order, execution, confirmation and notice agree row by row', async () => {
  const byBlock: Made = new Map();
  await block.db.transaction(async (tx) => {
    for (const b of [EON, SRI]) await executeBlock(tx, b);
  });
  for (const r of rowsOf<{ plan_id: string; order_id: string | null; document_id: string | null }>(await block.db.execute(sql`select plan_id, order_id, document_id from savings_plan_executions`))) {
    if (r.order_id) byBlock.set(r.plan_id, { orderId: r.order_id, documentId: r.document_id! });
  }
  const byWriter: Made = new Map();
  await writer.db.transaction(async (tx) => {
    for (const b of [EON, SRI]) {
      for (const p of await tx.select().from(savingsPlans).where(eq(savingsPlans.isin, b.isin)).orderBy(savingsPlans.id)) await bookThroughWriter(tx, b, p, byWriter);
    }
  });
  // Plans 1, 2, 3 and 5 executed on both paths; plan 4 had no cash.
  expect([...byBlock.keys()].sort()).toEqual([planId(1), planId(2), planId(3), planId(5)]);
  expect([...byWriter.keys()].sort()).toEqual([...byBlock.keys()].sort());

  const fromBlock = await rowsAfter(block.db, byBlock);
  const fromWriter = await rowsAfter(writer.db, byWriter);
  for (const table of Object.keys(fromWriter)) expect({ table, rows: fromBlock[table] }).toEqual({ table, rows: fromWriter[table] });

  // The figures, worked out: plan 5 paid 103,00 € for 6.771860 pieces (103 ÷ 15.21 = 6.771860…, × 15.21 = 102.9999906 → 103,00 €).
  const lot5 = fromWriter.lots!.find((l) => l.sub === sub(5))!;
  expect([lot5.quantity, lot5.cost]).toEqual(['6.77186000', '103.00']);
  // Plan 2's notice groups the thousands as every quantity Kontor shows: "1.643,655489 Stück zu 15,21 €".
  expect(fromBlock.notifications!.find((n) => n.sub === sub(2))!.body).toBe('1.643,655489 Stück zu 15,21\u00a0€ gekauft.');
  // Plan 3: 6.128552 × 14.23 $ × 0.86 = 74.99998… → 75,00 €.
  expect(fromBlock.executions!.find((e) => e.sub === sub(3))).toMatchObject({ quantity: '6.12855200', value: '75.00', currency: 'USD', fee: '0.00' });
});
