import { randomUUID } from 'node:crypto';
import Decimal from 'decimal.js';
import { expect } from 'vitest';
import type { CaOption } from '@kontor/domain/corporate-actions';
import type { CaType } from '@kontor/domain/enums';
import type { Depot, Position, TradingOrder } from '@kontor/domain/trading-contracts';
import { holdEntry } from '../src/bookings/holds.ts';
import { post } from '../src/bookings/ledger.ts';
import { scheduleCaEvent } from '../src/corporate-actions/schedule.ts';
import { caRef, caStore, type CaEventRow } from '../src/corporate-actions/store.ts';
import type { caEvents } from '../src/corporate-actions/tables.ts';
import type { Db } from '../src/platform/db.ts';
import { incomeStore } from '../src/tax/income-store.ts';
import type { SignedInCustomer } from './customer.ts';
import { customerWithCash } from './money-kit.ts';
import type { PinnedQuotes } from './pinned-quotes.ts';
import type { TestApp } from './test-app.ts';

/**
 * Corporate actions in tests, until the announcing side (custodian, instruction route) is merged:
 * an event written as the custodian's announcement would write it, with everyone holding the ISIN
 * entitled and its jobs scheduled; an instruction with its cash hold.
 */
export type TestEvent = Partial<typeof caEvents.$inferInsert> & { id: string; type: CaType; isin: string };

export async function announce(t: TestApp, e: TestEvent): Promise<CaEventRow> {
  const now = t.app.simulatedClock.now();
  const row = eventRow(e, now);
  return t.database.db.transaction(async (t0) => {
    const tx = t0 as unknown as Db;
    await caStore(tx).insertEvent(row);
    await caStore(tx).entitle(e.id, await incomeStore(tx).holdersAt(e.isin, new Date(now.getTime() + 1)), now);
    const stored = (await caStore(tx).event(e.id))!;
    await scheduleCaEvent(t.app.scheduler, tx, stored);
    return stored;
  });
}

/** The event announced by the custodian to everyone holding the share now, with the terms, notifications and notices they get. */
export async function announceToHolders(t: TestApp, e: TestEvent): Promise<void> {
  const row = eventRow(e, t.app.simulatedClock.now());
  await t.database.db.transaction(async (t0) => {
    await t.app.corporateActions.publish(t0 as unknown as Db, row as CaEventRow);
  });
}

function eventRow(e: TestEvent, now: Date) {
  return {
    targetIsin: e.isin,
    rightsIsin: null,
    ratioOld: '1',
    ratioNew: '1',
    price: null,
    dividend: null,
    foreignDividend: null,
    currency: null,
    recordDate: '2026-12-01',
    exDate: '2026-11-30',
    deadline: new Date('2026-12-02T11:00:00Z'),
    rightsTradingEnd: null,
    payDate: '2026-12-07',
    announcedAt: now,
    ...e,
  } satisfies typeof caEvents.$inferInsert;
}

/** The customer's instruction, with `reserve` euros held for it under the event's ledger ref. */
export async function instruct(t: TestApp, c: SignedInCustomer, eventId: string, option: CaOption, quantity: string | null = null, reserve = '0.00'): Promise<void> {
  const at = t.app.simulatedClock.now();
  await t.database.db.transaction(async (t0) => {
    const tx = t0 as unknown as Db;
    await caStore(tx).putInstruction({ eventId, sub: c.sub, option, quantity, source: 'customer', reserved: reserve, at });
    if (new Decimal(reserve).gt(0)) await post(tx, holdEntry(c.sub, caRef(eventId, c.sub), new Decimal(reserve), at));
  });
}

/** A market order filled at the pinned price (bid = ask = `price`). */
export async function trade(t: TestApp, quotes: PinnedQuotes, c: SignedInCustomer, isin: string, side: 'buy' | 'sell', quantity: string, price: string): Promise<TradingOrder> {
  quotes.pin(isin, price, price);
  const res = await t.call({ method: 'POST', url: '/api/trading', headers: { ...c.headers, 'idempotency-key': randomUUID() }, payload: { isin, side, kind: 'market', quantity, validity: { type: 'day' } } });
  expect(res.statusCode, res.body).toBe(201);
  const order = (await t.call({ method: 'GET', url: `/api/trading/orders/${(res.json() as TradingOrder).id}`, headers: c.headers })).json() as TradingOrder;
  expect(order.status).toBe('Filled');
  return order;
}

export async function depot(t: TestApp, c: SignedInCustomer): Promise<Depot> {
  const res = await t.call({ method: 'GET', url: '/api/trading/positions', headers: c.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Depot;
}

export async function position(t: TestApp, c: SignedInCustomer, isin: string): Promise<Position | undefined> {
  return (await depot(t, c)).positions.find((p) => p.isin === isin);
}

/** A customer with `cash` euros who has confirmed the notes on small orders once. */
export async function investor(t: TestApp, cash = '10000.00'): Promise<SignedInCustomer> {
  const c = await customerWithCash(t, cash);
  await t.call({ method: 'POST', url: '/api/user/confirmlowtrading', headers: c.headers });
  return c;
}
