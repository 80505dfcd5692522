import Decimal from 'decimal.js';
import { combinedOrderStatus, orderStatusLabel } from '@kontor/domain/labels';
import { isFinal } from '@kontor/domain/order-kinds';
import type { ExAnteCosts } from '@kontor/domain/order-costs';
import type { Db } from '../platform/db.ts';
import { executionAmounts, executionBooking, type ExecutionContext, type ExecutionFill } from '../bookings/execution-booking.ts';
import { releaseEntry } from '../bookings/holds.ts';
import { cashOf, post } from '../bookings/ledger.ts';
import type { LotStore } from '../bookings/lot-store.ts';
import { lockedTaxYear } from '../tax/store.ts';
import type { BookingWriter } from '../bookings/writer.ts';
import { insertMessages } from '../messages/store.ts';
import { insertNotifications } from '../notifications/store.ts';
import type { EngineHost } from './engine-host.ts';
import type { EngineEvent, ExecutionEvent, OrderState } from './engine/types.ts';
import type { OrderMessages } from './order-messages.ts';
import { fillCompletes, orderNotices } from './order-notices.ts';
import type { OrderRow, OrderStore } from './order-store.ts';
import { toWireDecimal } from '@kontor/domain/numbers';

/** What another area does in the transaction of a booked buy (a corporate action tells a new holder its terms). */
export type AfterBuy = (tx: Db, sub: string, isin: string, at: Date) => Promise<void>;

export type SettlementDeps = {
  engine: EngineHost;
  messages: OrderMessages;
  orders: (db: Db) => OrderStore;
  lots: (db: Db) => LotStore;
  book: BookingWriter;
  clock: { now(): Date };
  taxEnabled: boolean;
  /** Set once the other areas are built (`TradingService.afterBuy`). */
  afterBuy: { run: AfterBuy | null };
};

/**
 * Writes what the engine decided, inside the caller's transaction: each execution as a booking
 * with the execution's record, each order's new state, and the money an ended order no longer
 * holds back to free cash, and the customers' messages and notifications about it (multi-row, with
 * the rest). The live stream's messages wait in `messages` for the commit.
 */
export function settlement(d: SettlementDeps) {
  async function persist(tx: Db, events: readonly EngineEvent[]): Promise<void> {
    if (events.length === 0) return;
    const now = d.clock.now();
    const last = new Map<string, OrderState>();
    // Buys whose execution the customer's money no longer covers: they end here, and the engine,
    // which saw them execute, is rebuilt once the batch is written.
    const uncovered = new Set<string>();
    // What the customers are told in the Posteingang and the bell: the events as they were written.
    const told: EngineEvent[] = [];
    for (const [index, e] of events.entries()) {
      if (uncovered.has(e.orderId)) continue;
      if (e.type === 'execution' && !(await settle(tx, e, !fillCompletes(events, index)))) {
        uncovered.add(e.orderId);
        const ended = uncoveredState(e);
        last.set(e.orderId, ended);
        const display = combinedOrderStatus(ended.status, null);
        const label = orderStatusLabel(display);
        d.messages.push({ type: 'status', sub: ended.accountId, orderId: e.orderId, at: e.at, display, label });
        told.push({ type: 'status', orderId: e.orderId, at: e.at, order: ended, status: ended.status, cancelStatus: null, display, label, reason: ended.reason });
        d.engine.rebuildAfterBatch = true;
        continue;
      }
      if ('order' in e) last.set(e.orderId, e.order);
      told.push(e);
      if (e.type === 'tslupdate') {
        d.messages.push({ type: 'tslupdate', sub: e.order.accountId, orderId: e.orderId, at: e.at, stop: e.stop, previousStop: e.previousStop });
      } else if (e.type === 'status') {
        d.messages.push({ type: 'status', sub: e.order.accountId, orderId: e.orderId, at: e.at, display: e.display, label: e.label });
      } else if (e.type === 'execution') {
        d.messages.push({ type: 'execution', sub: e.order.accountId, orderId: e.orderId, at: e.at, quantity: e.quantity, price: e.price });
      }
    }
    if (last.size === 0) return;
    const known = new Map((await d.orders(tx).holds([...last.keys()])).map((r) => [r.id, r]));
    for (const [id, s] of last) {
      const row = known.get(id);
      if (!row) continue; // rejected before it was stored: nothing to keep
      const final = isFinal(s);
      const change: Partial<OrderRow> = { status: s.status, cancelStatus: s.cancelStatus, open: !final, state: s, updatedAt: now };
      if (final) {
        // What an order no longer needs goes back: held money to the cash account, pieces unblocked.
        const left = new Decimal(row.reserved);
        if (left.gt(0)) await post(tx, releaseEntry(row.sub, id, left, now));
        change.reserved = '0';
        change.blocked = '0';
      }
      await d.orders(tx).update(id, change);
    }
    // Only about orders that are stored (one rejected as it was placed was answered directly).
    const notices = orderNotices(
      told.filter((e) => known.has(e.orderId)),
      (isin) => d.engine.instrument(isin),
    );
    await insertMessages(tx, notices.messages);
    await insertNotifications(tx, notices.notifications.map((n) => ({ ...n, createdAt: now })));
  }

  /**
   * Books an execution and keeps its record (for the order's detail and the contract note). False,
   * and nothing written, for a buy that the money held for it and the free cash no longer cover.
   */
  async function settle(tx: Db, e: ExecutionEvent, partial: boolean): Promise<boolean> {
    const row = await d.orders(tx).byId(e.orderId);
    if (!row) return true;
    const instrument = d.engine.instrument(e.isin);
    const c: ExecutionContext = {
      sub: row.sub,
      reserved: row.reserved,
      blocked: row.blocked,
      costs: row.costs as ExAnteCosts | null,
      instrument,
      fxRate: (instrument && d.engine.fxRate(instrument)) ?? '1',
    };
    return bookExecution(
      tx,
      { id: e.executionId, orderId: e.orderId, isin: e.isin, side: e.side, quantity: e.quantity, price: e.price, value: e.value, at: e.at, first: e.order.executions === 1, partial },
      c,
    );
  }

  /** One fill booked: what the database must tell the builder is read here, nothing else. */
  async function bookExecution(tx: Db, fill: ExecutionFill & { orderId: string }, c: ExecutionContext): Promise<boolean> {
    const market: Parameters<typeof executionBooking>[2] = {};
    if (fill.side === 'buy') {
      if (executionAmounts(fill, c).fromCash.gt(0)) market.availableCash = (await cashOf(tx, c.sub)).available;
    } else {
      market.openLots = await d.lots(tx).openLots(c.sub, fill.isin);
      if (d.taxEnabled) market.tax = await lockedTaxYear(tx, c.sub, new Date(fill.at));
    }
    const booked = executionBooking(fill, c, market);
    if (!booked) return false;
    await d.orders(tx).update(fill.orderId, fill.side === 'buy' ? { reserved: booked.reserved } : { blocked: booked.blocked });
    await d.orders(tx).insertExecution({ id: fill.id, orderId: fill.orderId, sub: c.sub, isin: fill.isin, side: fill.side, quantity: fill.quantity, price: fill.price, executedAt: booked.booking.at, ...booked.record });
    await d.book(tx, booked.booking);
    if (fill.side === 'buy' && d.afterBuy.run) await d.afterBuy.run(tx, c.sub, fill.isin, booked.booking.at);
    return true;
  }

  return { persist, bookExecution };
}

export type Settlement = ReturnType<typeof settlement>;

/**
 * How an order ends whose buy the money no longer covers: as before this execution, Rejected (or
 * Canceled, when earlier parts were bought), with the reason for the customer.
 */
function uncoveredState(e: ExecutionEvent): OrderState {
  const o = e.order;
  const executions = o.executions - 1;
  return {
    ...o,
    status: executions > 0 ? 'Canceled' : 'Rejected',
    cancelStatus: null,
    filledQuantity: toWireDecimal(new Decimal(o.filledQuantity).minus(e.quantity)),
    filledValue: toWireDecimal(new Decimal(o.filledValue).minus(e.value)),
    executions,
    reason: 'Nicht ausgeführt: Ihr Guthaben deckt den Kauf zum aktuellen Kurs nicht.',
  };
}
