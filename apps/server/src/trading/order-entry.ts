import { randomUUID } from 'node:crypto';
import Decimal from 'decimal.js';
import { chargedFees, type ExAnteCosts } from '@kontor/domain/order-costs';
import { buyReservation } from '@kontor/domain/order-estimate';
import { isFinal } from '@kontor/domain/order-kinds';
import { accountCheckErrors } from '@kontor/domain/order-rules';
import { formatQuantity, toWireAmount, toWireDecimal } from '@kontor/domain/numbers';
import type { OrderTicketRequest, TradingOrder } from '@kontor/domain/trading-contracts';
import type { Db } from '../platform/db.ts';
import { AppError, notFound, recordErrors } from '../platform/errors.ts';
import { isUuid } from '../platform/ids.ts';
import { claimAnswered, fingerprintOf, idempotent, replay, replayOf } from '../platform/idempotency.ts';
import { holdEntry } from '../bookings/holds.ts';
import { cashOf, insufficientFunds, post } from '../bookings/ledger.ts';
import { type BatchWrites, RetryJobByJob } from './batch-writes.ts';
import type { EngineHost } from './engine-host.ts';
import type { EngineEvent, PlaceOrder } from './engine/types.ts';
import type { OrderMessages } from './order-messages.ts';
import type { OrderRow, OrderStore } from './order-store.ts';
import type { OrderViews } from './order-views.ts';
import { missingRequirements, type OrderContext, type PreTrade, requirementsError } from './pre-trade.ts';
import type { Settlement } from './settlement.ts';
import type { WriteQueue } from './write-queue.ts';

export type OrderEntryDeps = {
  db: Db;
  clock: { now(): Date };
  engine: EngineHost;
  queue: WriteQueue;
  messages: OrderMessages;
  orders: (db: Db) => OrderStore;
  views: OrderViews;
  preTrade: PreTrade;
  settlement: Settlement;
};

/** An order's answer; a resting buy's comes as JSON already (`json`), the same text that is stored for repeats. */
export type PlaceResult = { statusCode: number; body: TradingOrder; replayed: boolean; json?: string };

type RfqRequest = { isin: string; side: 'buy' | 'sell'; quantity: string; acknowledgedComplexRisk?: boolean };

type PlaceRequest = { sub: string; key: string; fingerprint: string; ticket: OrderTicketRequest; c: OrderContext };

/**
 * The customer's commands on orders: place, request and accept a binding quote, cancel. Each is
 * checked before it is queued and then runs as a job of the write queue, where the engine moves
 * and what it decided is written.
 */
export function orderEntry(d: OrderEntryDeps) {
  const { engine, queue } = d;
  const inFlight = new Map<string, Promise<unknown>>();

  /**
   * One request per customer and Idempotency-Key at a time in this process: a concurrent repeat
   * waits for the first and then finds its answer (or, if it failed, runs afresh).
   */
  async function oncePerKey<T>(sub: string, key: string, run: () => Promise<T>): Promise<T> {
    const id = `${sub} ${key}`;
    for (let prior = inFlight.get(id); prior; prior = inFlight.get(id)) await prior.catch(() => undefined);
    const running = run();
    inFlight.set(id, running);
    try {
      return await running;
    } finally {
      if (inFlight.get(id) === running) inFlight.delete(id);
    }
  }

  async function place(sub: string, ticket: OrderTicketRequest, key: string): Promise<PlaceResult> {
    return oncePerKey(sub, key, async () => {
      const fingerprint = fingerprintOf('POST /api/trading', ticket);
      // A buy is checked against cash alone and joins the batch's gathered writes, which also look
      // up earlier answers for all keys of the batch at once; a sell reads lots and open sells.
      const grouped = ticket.side === 'buy';
      // A repeat gets the first answer even when the checks would now say otherwise.
      const earlier = grouped ? undefined : await replay<TradingOrder>(d.db, { sub, key, fingerprint });
      if (earlier) return earlier;
      let c: OrderContext;
      try {
        c = await d.preTrade.context(sub, ticket);
        const missing = missingRequirements(c.requirements, ticket.acknowledgedComplexRisk);
        if (missing) throw requirementsError(missing);
      } catch (error) {
        const first = grouped ? await replay<TradingOrder>(d.db, { sub, key, fingerprint }) : undefined;
        if (first) return first;
        throw error;
      }
      engine.subscribe(ticket.isin);
      const p = { sub, key, fingerprint, ticket, c };
      return queue.enqueue(
        true,
        (tx, writes) => (writes ? placeGrouped(tx, writes, p) : idempotent(tx, { sub, key, fingerprint, at: c.now }, (itx) => placeAlone(itx, p))),
        grouped ? { sub, key } : undefined,
      );
    });
  }

  /** The euros a buy holds, after the account checks (before anything is written or the engine moves). */
  function checkBuy(p: PlaceRequest, availableCash: string): Decimal {
    const { ticket, c } = p;
    const fees = c.costs ? new Decimal(c.costs.orderFee).plus(c.costs.smallOrderSurcharge) : new Decimal(0);
    const reserved = buyReservation(ticket, c.quote, c.fxRate, fees);
    if (!reserved) throw new AppError(422, 'Für dieses Wertpapier liegt derzeit kein Kurs vor.');
    if (reserved.gt(availableCash)) {
      // The reservation is never below the estimated value plus fees: whatever the account check
      // refuses is refused here too, and it says which field and how much is available.
      const errors = accountCheckErrors(ticket, { availableCash, availableQuantity: '0' }, { quote: c.quote, costs: toWireAmount(fees), fxRate: c.fxRate });
      if (Object.keys(errors).length > 0) throw recordErrors(422, errors);
      throw insufficientFunds();
    }
    return reserved;
  }

  function newOrderRow(p: PlaceRequest, id: string, reserved: Decimal, blocked: Decimal): OrderRow {
    return {
      id,
      sub: p.sub,
      isin: p.ticket.isin,
      side: p.ticket.side,
      kind: p.ticket.kind,
      status: 'Created',
      cancelStatus: null,
      open: true,
      state: {},
      costs: p.c.costs,
      reserved: toWireAmount(reserved),
      blocked: toWireDecimal(blocked),
      createdAt: p.c.now,
      updatedAt: p.c.now,
    };
  }

  const enginePlace = (p: PlaceRequest, id: string): EngineEvent[] =>
    engine.move(p.ticket.isin, (now) => engine.engine.place(engineOrder(p.ticket, id, p.sub), now, { checked: true }));

  /** Each step written as it happens: sells, and every order of a batch run job by job. */
  async function placeAlone(itx: Db, p: PlaceRequest): Promise<{ statusCode: number; body: TradingOrder }> {
    const { sub, ticket, c } = p;
    const id = randomUUID();
    let reserved = new Decimal(0);
    let blocked = new Decimal(0);
    if (ticket.side === 'buy') {
      const cash = await cashOf(itx, sub);
      reserved = checkBuy(p, cash.available);
      await post(itx, holdEntry(sub, id, reserved, c.now));
    } else {
      const available = await d.preTrade.availableQuantity(itx, sub, ticket.isin);
      const errors = accountCheckErrors(ticket, { availableCash: '0', availableQuantity: available }, { quote: c.quote, fxRate: c.fxRate });
      if (Object.keys(errors).length > 0) throw recordErrors(422, errors);
      blocked = ticket.kind === 'fraction' ? new Decimal(available) : new Decimal(ticket.quantity!);
    }
    await d.orders(itx).insert(newOrderRow(p, id, reserved, blocked));
    await d.settlement.persist(itx, enginePlace(p, id));
    return { statusCode: 201, body: await d.views.current(itx, id) };
  }

  /**
   * A buy in a batch: checked against the cash the batch leaves the customer. If the engine only
   * puts it into the book, its writes join the batch's gathered writes and its answer is made
   * from what is written, without reading it back; else it is written at once in a savepoint.
   */
  async function placeGrouped(tx: Db, writes: BatchWrites, p: PlaceRequest): Promise<PlaceResult> {
    const { sub, key, fingerprint, c } = p;
    const earlier = await writes.earlier(sub, key);
    if (earlier && earlier.statusCode === 0) throw new RetryJobByJob('Idempotency-Key claimed but not answered');
    if (earlier) return replayOf<TradingOrder>(earlier, fingerprint);
    const id = randomUUID();
    const reserved = checkBuy(p, toWireAmount(await writes.available(sub)));
    const inserted = newOrderRow(p, id, reserved, new Decimal(0));
    const events = enginePlace(p, id);
    const rests = events.every((e) => e.type === 'status' && e.orderId === id && !isFinal(e.order));
    const last = events.at(-1);
    if (rests && last && last.type === 'status') {
      const now = d.clock.now();
      // As the database gives it back. The event's order is the engine's snapshot, plain JSON values only.
      const row: OrderRow = { ...inserted, status: last.order.status, cancelStatus: last.order.cancelStatus, state: last.order, updatedAt: now };
      const body = await d.views.view(row);
      const json = JSON.stringify(body);
      // The view's times are the row's, as text already.
      const { createdAt, updatedAt } = body;
      writes.add({
        sub,
        reserved,
        entry: holdEntry(sub, id, reserved, createdAt),
        order: { ...row, blocked: '0', createdAt, updatedAt },
        key: { sub, key, fingerprint, statusCode: 201, response: json, createdAt },
      });
      // Told with the batch's commit, like every other order message (a failed batch discards them).
      for (const e of events) if (e.type === 'status') d.messages.push({ type: 'status', sub, orderId: id, at: e.at, display: e.display, label: e.label });
      return { statusCode: 201, body, replayed: false, json };
    }
    await writes.flush();
    return tx.transaction(async (sp) => {
      const stx = sp as unknown as Db;
      await post(stx, holdEntry(sub, id, reserved, c.now));
      await d.orders(stx).insert(inserted);
      await d.settlement.persist(stx, events);
      const body = await d.views.current(stx, id);
      const claimed = await claimAnswered(stx, { sub, key, fingerprint, statusCode: 201, body, at: c.now });
      if (!claimed) throw new RetryJobByJob('Idempotency-Key taken meanwhile');
      return { statusCode: 201, body, replayed: false };
    });
  }

  async function requestQuote(sub: string, request: RfqRequest, key: string) {
    return oncePerKey(sub, key, async () => {
      const fingerprint = fingerprintOf('POST /api/trading/rfq', request);
      const earlier = await replay<TradingOrder>(d.db, { sub, key, fingerprint });
      if (earlier) return earlier;
      const ticket: OrderTicketRequest = { ...request, kind: 'market', validity: { type: 'day' } };
      const c = await d.preTrade.context(sub, ticket);
      const missing = missingRequirements(c.requirements, request.acknowledgedComplexRisk);
      if (missing) throw requirementsError(missing);
      engine.subscribe(request.isin);
      return queue.enqueue(true, (tx) =>
        idempotent(tx, { sub, key, fingerprint, at: c.now }, async (itx) => {
          const id = randomUUID();
          await d.orders(itx).insert({
            id, sub, isin: request.isin, side: request.side, kind: 'previously_quoted', status: 'Created', cancelStatus: null, open: true,
            state: {}, costs: c.costs, reserved: '0', blocked: '0', createdAt: c.now, updatedAt: c.now,
          });
          const events = engine.move(request.isin, (now) =>
            engine.engine.requestQuote({ id, accountId: sub, isin: request.isin, side: request.side, quantity: request.quantity }, now),
          );
          await d.settlement.persist(itx, events);
          return { statusCode: 201, body: await d.views.current(itx, id) };
        }),
      );
    });
  }

  async function owned(sub: string, id: string): Promise<void> {
    if (!isUuid(id) || !(await d.orders(d.db).isOwned(sub, id))) throw notFound('Diese Order gibt es nicht.');
  }

  async function acceptQuote(sub: string, id: string): Promise<TradingOrder> {
    await owned(sub, id);
    return queue.enqueue(true, async (tx) => {
      const open = engine.engine.order(id);
      if (!open) throw new AppError(409, 'Dieses Angebot ist nicht mehr gültig.');
      // A binding quote is accepted only with the money or pieces for it.
      const price = new Decimal(open.quotedPrice ?? '0');
      const instrument = engine.instrument(open.isin)!;
      const fx = engine.fxRate(instrument) ?? '1';
      // The same fee and surcharge the settlement will charge: the costs stored with the order.
      const stored = await d.orders(tx).byId(id);
      const fee = chargedFees(stored?.costs as ExAnteCosts | null | undefined, instrument);
      if (open.side === 'buy') {
        const need = price.mul(open.quantity!).mul(fx).plus(fee).toDecimalPlaces(2, Decimal.ROUND_UP);
        const cash = await cashOf(tx, sub);
        if (need.gt(cash.available)) throw insufficientFunds();
        await post(tx, holdEntry(sub, id, need, d.clock.now()));
        await d.orders(tx).update(id, { reserved: toWireAmount(need) });
      } else {
        const available = await d.preTrade.availableQuantity(tx, sub, open.isin);
        if (new Decimal(available).lt(open.quantity!)) throw new AppError(422, `Sie können höchstens ${formatQuantity(available)} Stück verkaufen.`);
        await d.orders(tx).update(id, { blocked: open.quantity! });
      }
      const events = engine.engine.acceptQuote(id, d.clock.now());
      engine.version++;
      await d.settlement.persist(tx, events);
      if (events.some((e) => e.type === 'refused')) throw new AppError(409, 'Dieses Angebot ist nicht mehr gültig.');
      return d.views.current(tx, id);
    });
  }

  async function cancel(sub: string, id: string): Promise<TradingOrder> {
    await owned(sub, id);
    return queue.enqueue(true, async (tx) => {
      const events = engine.engine.cancel(id, d.clock.now());
      engine.version++;
      const refused = events.find((e) => e.type === 'refused');
      if (refused && refused.type === 'refused') {
        throw new AppError(409, refused.reason === 'alreadyCancelling' ? 'Diese Order wird bereits gestrichen.' : 'Diese Order kann nicht mehr gestrichen werden.');
      }
      await d.settlement.persist(tx, events);
      return d.views.current(tx, id);
    });
  }

  return { place, requestQuote, acceptQuote, cancel };
}

export type OrderEntry = ReturnType<typeof orderEntry>;

/** The order as the engine is given it: the request without what only the service reads. */
function engineOrder(t: OrderTicketRequest, id: string, accountId: string): PlaceOrder {
  return {
    id,
    accountId,
    isin: t.isin,
    side: t.side,
    kind: t.kind,
    quantity: t.quantity ?? null,
    amount: t.amount ?? null,
    limit: t.limit ?? null,
    stop: t.stop ?? null,
    trailingDistance: t.trailingDistance ?? null,
    trailingUnit: t.trailingUnit ?? null,
    validity: t.validity,
  };
}
