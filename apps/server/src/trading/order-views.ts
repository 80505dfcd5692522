import Decimal from 'decimal.js';
import { combinedOrderStatus, orderStatusLabel } from '@kontor/domain/labels';
import type { ExAnteCosts } from '@kontor/domain/order-costs';
import type { Execution, TradingOrder } from '@kontor/domain/trading-contracts';
import type { Instrument } from '@kontor/domain/instrument';
import type { OrderTax } from '@kontor/domain/tax-contracts';
import type { Db } from '../platform/db.ts';
import { notFound } from '../platform/errors.ts';
import { isUuid } from '../platform/ids.ts';
import type { DocumentStore } from '../documents/store.ts';
import { orderTaxOf } from '../bookings/execution-booking.ts';
import { taxStore } from '../tax/store.ts';
import type { OrderState } from './engine/types.ts';
import type { OrderRow, OrderStore } from './order-store.ts';
import { toWireAmount, toWireDecimal } from '@kontor/domain/numbers';

export type OrderViewDeps = { db: Db; orders: (db: Db) => OrderStore; documents: DocumentStore; instrument: (isin: string) => Promise<Instrument | undefined>; taxEnabled: boolean };

/** The orders as the customer sees them: the list, one order with its executions, and the answer to a placed order. */
export function orderViews(d: OrderViewDeps) {
  async function view(row: OrderRow): Promise<TradingOrder> {
    const s = row.state as OrderState;
    const instrument = await d.instrument(s.isin);
    const display = combinedOrderStatus(s.status, s.cancelStatus);
    const filled = new Decimal(s.filledQuantity);
    return {
      id: s.id,
      isin: s.isin,
      name: instrument?.name ?? s.isin,
      side: s.side,
      kind: s.kind,
      status: s.status,
      cancelStatus: s.cancelStatus,
      display,
      label: orderStatusLabel(display),
      quantity: s.quantity,
      amount: s.amount,
      limit: s.limit,
      stop: s.stop,
      trailingDistance: s.trailingDistance,
      trailingUnit: s.trailingUnit,
      validity: s.validity,
      expiresAt: s.expiresAt,
      filledQuantity: toWireDecimal(filled),
      averagePrice: filled.isZero() ? null : toWireDecimal(new Decimal(s.filledValue).div(filled).toDecimalPlaces(6, Decimal.ROUND_HALF_UP)),
      currency: instrument?.quoteCurrencyCode ?? 'EUR',
      quotedPrice: s.quotedPrice,
      reason: s.reason,
      costs: (row.costs as ExAnteCosts | null) ?? null,
      reserved: toWireAmount(row.reserved),
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  /** The order as it is now written, read back inside the transaction that wrote it. */
  async function current(tx: Db, id: string): Promise<TradingOrder> {
    const row = await d.orders(tx).byId(id);
    if (!row) throw new Error(`order ${id} vanished`);
    return view(row);
  }

  async function list(sub: string, state: 'open' | 'done' | 'all'): Promise<TradingOrder[]> {
    const views = [];
    for (const r of await d.orders(d.db).list(sub, state)) views.push(await view(r));
    return views;
  }

  async function detail(sub: string, id: string): Promise<TradingOrder> {
    const row = isUuid(id) ? await d.orders(d.db).owned(sub, id) : undefined;
    if (!row) throw notFound('Diese Order gibt es nicht.');
    const execs = await d.orders(d.db).executionsOf(id);
    const docOf = await d.documents.contractNotesOf(sub, execs.map((e) => e.id));
    const taxes = d.taxEnabled ? await taxStore(d.db).eventsOfExecutions(execs.map((e) => e.id)) : [];
    const taxOf = new Map(taxes.map((t) => [t.executionId, orderTaxOf(t.calculation)]));
    const result = await view(row);
    result.executions = execs.map(
      (e): Execution => ({
        id: e.id,
        quantity: toWireDecimal(e.quantity),
        price: toWireDecimal(e.price),
        currency: e.currency,
        fxRate: toWireDecimal(e.fxRate),
        value: toWireAmount(e.value),
        fee: toWireAmount(e.fee),
        realisedPnl: e.realisedPnl === null ? null : toWireAmount(e.realisedPnl),
        executedAt: e.executedAt.toISOString(),
        documentId: docOf.get(e.id) ?? null,
        ...(taxOf.has(e.id) ? { tax: taxOf.get(e.id)! } : {}),
      }),
    );
    const ordered = result.executions.flatMap((e) => (e.tax ? [e.tax] : []));
    if (ordered.length > 0) result.tax = sumOrderTax(ordered);
    return result;
  }

  return { view, current, list, detail };
}

export type OrderViews = ReturnType<typeof orderViews>;

/** The tax of an order's executions together: amounts summed, the pots as the last one left them. */
export function sumOrderTax(taxes: readonly OrderTax[]): OrderTax {
  const last = taxes[taxes.length - 1]!;
  const sum = (k: 'gain' | 'taxablePart' | 'allowanceUsed' | 'capitalGainsTax' | 'solidaritySurcharge' | 'churchTax') =>
    toWireAmount(taxes.reduce((s, t) => s.plus(t[k]), new Decimal(0)));
  return {
    gain: sum('gain'),
    taxablePart: sum('taxablePart'),
    teilfreistellung: last.teilfreistellung,
    allowanceUsed: sum('allowanceUsed'),
    capitalGainsTax: sum('capitalGainsTax'),
    solidaritySurcharge: sum('solidaritySurcharge'),
    churchTax: sum('churchTax'),
    lossPotSharesAfter: last.lossPotSharesAfter,
    lossPotOtherAfter: last.lossPotOtherAfter,
  };
}
