import { randomUUID } from 'node:crypto';
import Decimal from 'decimal.js';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Instrument } from '@kontor/domain/instrument';
import { combinedOrderStatus, orderStatusLabel } from '@kontor/domain/labels';
import { type ExAnteCosts, exAnteCosts, isSmallOrder } from '@kontor/domain/order-costs';
import { accountCheckErrors, type OrderFieldErrors, orderTicketErrors } from '@kontor/domain/order-rules';
import { EUR_USD_ISIN, eurPerUnit, toEur } from '@kontor/domain/fx';
import { midPrice, type Quote } from '@kontor/domain/quote';
import { sellFifo } from '@kontor/domain/lots';
import type { Depot, Execution, OrderPreview, OrderTicketRequest, TradingOrder } from '@kontor/domain/trading-contracts';
import type { Clock } from '../platform/clock.ts';
import type { Db } from '../platform/db.ts';
import { AppError, badRequest, notFound } from '../platform/errors.ts';
import { fingerprintOf, idempotent, replay } from '../platform/idempotency.ts';
import type { QuoteSource } from '../market/feed.ts';
import { OrderEngine, isFinal } from './engine/engine.ts';
import type { EngineEvent, ExecutionEvent, OrderState } from './engine/types.ts';
import { accounts, cashOf, insufficientFunds, post, type Posting } from './ledger.ts';
import { type ConfirmationStore, type DocumentStore, type LotStore } from './store.ts';
import { executions, orders } from './tables.ts';

/**
 * The trading service around the pure order engine. Every engine call and the database writes
 * it causes happen in one queue: requests and quote ticks wait their turn, and all that waited
 * together are written in one transaction (group commit), each request in its own savepoint so
 * that one refusal does not fail the others. Should writing ever fail after the engine moved, the
 * engine is rebuilt from the database, which stays the truth.
 */

/** A buy order that executes at an unknown price holds this much more than its estimate. */
const MARKET_BUFFER = new Decimal('1.10');
const BATCH_MAX = 256;

type Job = { run: (tx: Db) => Promise<unknown>; resolve: (v: unknown) => void; reject: (e: unknown) => void; touchesEngine: boolean };

export type TradingDeps = {
  db: Db;
  clock: Clock;
  quotes: QuoteSource;
  instrument: (isin: string) => Promise<Instrument | undefined>;
  lots: LotStore;
  confirmations: ConfirmationStore;
  documents: DocumentStore;
  log: FastifyBaseLogger;
};

export function requirementsError(missing: { lowTradingConfirmation: boolean; otcConfirmation: boolean; complexWarning: boolean }) {
  const message = missing.otcConfirmation
    ? 'Bitte bestätigen Sie einmalig den außerbörslichen Handel (OTC), bevor Sie diese Order erteilen.'
    : missing.lowTradingConfirmation
      ? 'Bitte bestätigen Sie einmalig die Hinweise zu Kleinstorders, bevor Sie diese Order erteilen.'
      : 'Bitte bestätigen Sie den Warnhinweis zu komplexen Produkten.';
  return new AppError(409, message, { requirements: missing });
}

export class TradingService {
  readonly #d: TradingDeps;
  readonly #instruments = new Map<string, Instrument>();
  readonly #subscribed = new Map<string, () => void>();
  readonly #pendingQuotes = new Map<string, Quote>();
  #engine: OrderEngine;
  #queue: Job[] = [];
  #draining: Promise<void> | null = null;
  #quoteJobQueued = false;
  #timer: NodeJS.Timeout | undefined;

  private constructor(deps: TradingDeps) {
    this.#d = deps;
    this.#engine = this.#newEngine([]);
  }

  /** The service with its engine rebuilt from the open orders in the database. */
  static async start(deps: TradingDeps): Promise<TradingService> {
    const service = new TradingService(deps);
    await service.#rebuild();
    return service;
  }

  #newEngine(open: OrderState[]): OrderEngine {
    // The market maker takes at most 250.000 in the quote currency per order and quote: bigger orders fill in parts.
    return OrderEngine.rebuild({ instrument: (isin) => this.#instruments.get(isin), maxOrderValuePerQuote: '250000' }, open, this.#d.clock.now());
  }

  async #rebuild(): Promise<void> {
    const rows = await this.#d.db.select({ state: orders.state }).from(orders).where(eq(orders.open, true));
    const open = rows.map((r) => r.state as OrderState);
    for (const isin of new Set(open.map((o) => o.isin))) await this.#ensureInstrument(isin);
    this.#engine = this.#newEngine(open);
    for (const isin of new Set(open.map((o) => o.isin))) {
      this.#subscribe(isin);
      const q = this.#d.quotes.current(isin);
      // Events from this first look at the market are persisted by the next quote job.
      if (q) this.#pendingQuotes.set(isin, q);
    }
    if (this.#pendingQuotes.size > 0) this.#queueQuoteJob();
  }

  async #ensureInstrument(isin: string): Promise<Instrument | undefined> {
    const known = this.#instruments.get(isin);
    if (known) return known;
    const found = await this.#d.instrument(isin);
    if (found) this.#instruments.set(isin, found);
    return found;
  }

  #subscribe(isin: string): void {
    if (this.#subscribed.has(isin)) return;
    const off = this.#d.quotes.subscribe(new Set([isin]), (updates) => {
      for (const u of updates) this.#pendingQuotes.set(u.quote.isin, u.quote);
      this.#queueQuoteJob();
    });
    this.#subscribed.set(isin, off);
  }

  /** Runs the engine's clock once a second (expiry, window opening, RFQ timeouts). */
  startTimer(intervalMs = 1000): void {
    this.stopTimer();
    this.#timer = setInterval(() => void this.tick().catch((e: unknown) => this.#d.log.error({ err: e }, 'trading tick failed')), intervalMs);
    this.#timer.unref();
  }

  stopTimer(): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = undefined;
  }

  async close(): Promise<void> {
    this.stopTimer();
    for (const off of this.#subscribed.values()) off();
    this.#subscribed.clear();
    await this.idle();
  }

  /** Lets the engine see the time: expiries and window openings are persisted. */
  tick(): Promise<unknown> {
    return this.#enqueue(true, (tx) => {
      const events = this.#engine.advanceTime(this.#d.clock.now());
      if (events.length > 0) this.#engineVersion++;
      return this.#persist(tx, events);
    });
  }

  /** Resolves when everything queued so far is written. */
  async idle(): Promise<void> {
    while (this.#draining) await this.#draining;
  }

  #queueQuoteJob(): void {
    if (this.#quoteJobQueued) return;
    this.#quoteJobQueued = true;
    void this.#enqueue(true, async (tx) => {
      this.#quoteJobQueued = false;
      const quotes = [...this.#pendingQuotes.values()];
      this.#pendingQuotes.clear();
      const now = this.#d.clock.now();
      const events: EngineEvent[] = [];
      for (const q of quotes) events.push(...this.#engine.onQuote(q, now));
      if (events.length > 0) this.#engineVersion++;
      await this.#persist(tx, events);
    }).catch((e: unknown) => this.#d.log.error({ err: e }, 'applying quotes failed'));
  }

  #enqueue<T>(touchesEngine: boolean, run: (tx: Db) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.#queue.push({ run, resolve: resolve as (v: unknown) => void, reject, touchesEngine });
      if (!this.#draining) {
        this.#draining = new Promise<void>((done) => setImmediate(() => void this.#drain().finally(done)));
      }
    });
  }

  async #drain(): Promise<void> {
    try {
      while (this.#queue.length > 0) {
        const batch = this.#queue.splice(0, BATCH_MAX);
        await this.#runBatch(batch);
      }
    } finally {
      this.#draining = null;
    }
  }

  async #runBatch(batch: Job[]): Promise<void> {
    const results: { ok: boolean; value: unknown }[] = [];
    let dirty = false;
    try {
      await this.#d.db.transaction(async (tx) => {
        for (const job of batch) {
          const version = this.#engineVersion;
          try {
            const value = await tx.transaction((sp) => job.run(sp as unknown as Db));
            results.push({ ok: true, value });
          } catch (error) {
            // The savepoint is gone; if the engine moved meanwhile, it no longer matches the database.
            if (job.touchesEngine && version !== this.#engineVersion) dirty = true;
            results.push({ ok: false, value: error });
          }
        }
      });
    } catch (error) {
      this.#d.log.error({ err: error }, 'trading batch failed');
      for (const job of batch) job.reject(error);
      await this.#rebuild();
      return;
    }
    if (dirty) await this.#rebuild();
    batch.forEach((job, i) => (results[i]!.ok ? job.resolve(results[i]!.value) : job.reject(results[i]!.value)));
  }

  // Counts engine calls that produced events, so a failed job knows whether the engine moved.
  #engineVersion = 0;

  // ——— queries ———

  async depot(sub: string): Promise<Depot> {
    const [held, cash, blockedRows, realisedRows] = await Promise.all([
      this.#d.lots.positions(sub),
      cashOf(this.#d.db, sub),
      this.#d.db
        .select({ isin: orders.isin, blocked: sql<string>`sum(${orders.blocked})::text` })
        .from(orders)
        .where(and(eq(orders.sub, sub), eq(orders.open, true), eq(orders.side, 'sell')))
        .groupBy(orders.isin),
      this.#d.db
        .select({ isin: executions.isin, pnl: sql<string>`coalesce(sum(${executions.realisedPnl}), 0)::text` })
        .from(executions)
        .where(eq(executions.sub, sub))
        .groupBy(executions.isin),
    ]);
    const blocked = new Map(blockedRows.map((r) => [r.isin, r.blocked]));
    const realised = new Map(realisedRows.map((r) => [r.isin, r.pnl]));
    const positions = [];
    for (const p of held) {
      const instrument = await this.#ensureInstrument(p.isin);
      const b = new Decimal(blocked.get(p.isin) ?? '0');
      positions.push({
        isin: p.isin,
        name: instrument?.name ?? p.isin,
        instrumentType: instrument?.instrumentType ?? 'AKTIE',
        currency: instrument?.quoteCurrencyCode ?? 'EUR',
        quantity: new Decimal(p.quantity).toFixed(),
        blocked: b.toFixed(),
        available: Decimal.max(0, new Decimal(p.quantity).minus(b)).toFixed(),
        cost: new Decimal(p.cost).toFixed(2),
        averagePrice: new Decimal(p.cost).div(p.quantity).toDecimalPlaces(6, Decimal.ROUND_HALF_UP).toFixed(),
        firstPurchase: p.firstPurchase,
        realisedPnl: new Decimal(realised.get(p.isin) ?? '0').toFixed(2),
      });
    }
    return { positions, cash };
  }

  async orders(sub: string, state: 'open' | 'done' | 'all'): Promise<TradingOrder[]> {
    const where =
      state === 'all' ? eq(orders.sub, sub) : and(eq(orders.sub, sub), eq(orders.open, state === 'open'));
    const rows = await this.#d.db.select().from(orders).where(where).orderBy(desc(orders.createdAt)).limit(500);
    const views = [];
    for (const r of rows) views.push(await this.#view(r));
    return views;
  }

  async order(sub: string, id: string): Promise<TradingOrder> {
    if (!/^[0-9a-f-]{36}$/i.test(id)) throw notFound('Diese Order gibt es nicht.');
    const [row] = await this.#d.db.select().from(orders).where(and(eq(orders.sub, sub), eq(orders.id, id)));
    if (!row) throw notFound('Diese Order gibt es nicht.');
    const execs = await this.#d.db.select().from(executions).where(eq(executions.orderId, id)).orderBy(executions.executedAt);
    const docs = await this.#d.documents.list(sub);
    const docOf = new Map(docs.filter((d) => d.kind === 'contract_note').map((d) => [d.ref, d.id]));
    const view = await this.#view(row);
    view.executions = execs.map(
      (e): Execution => ({
        id: e.id,
        quantity: new Decimal(e.quantity).toFixed(),
        price: new Decimal(e.price).toFixed(),
        currency: e.currency,
        fxRate: new Decimal(e.fxRate).toFixed(),
        value: new Decimal(e.value).toFixed(2),
        fee: new Decimal(e.fee).toFixed(2),
        realisedPnl: e.realisedPnl === null ? null : new Decimal(e.realisedPnl).toFixed(2),
        executedAt: e.executedAt.toISOString(),
        documentId: docOf.get(e.id) ?? null,
      }),
    );
    return view;
  }

  async #view(row: typeof orders.$inferSelect): Promise<TradingOrder> {
    const s = row.state as OrderState;
    const instrument = await this.#ensureInstrument(s.isin);
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
      filledQuantity: filled.toFixed(),
      averagePrice: filled.isZero() ? null : new Decimal(s.filledValue).div(filled).toDecimalPlaces(6, Decimal.ROUND_HALF_UP).toFixed(),
      currency: instrument?.quoteCurrencyCode ?? 'EUR',
      quotedPrice: s.quotedPrice,
      reason: s.reason,
      costs: (row.costs as ExAnteCosts | null) ?? null,
      reserved: new Decimal(row.reserved).toFixed(2),
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  // ——— pre-trade ———

  #fxRate(instrument: Instrument): string | null {
    const eurUsd = this.#d.quotes.current(EUR_USD_ISIN);
    return eurPerUnit(instrument.quoteCurrencyCode, eurUsd ? midPrice(eurUsd) : null);
  }

  async #context(sub: string, ticket: OrderTicketRequest) {
    const instrument = await this.#ensureInstrument(ticket.isin);
    if (!instrument) throw notFound('Dieses Wertpapier gibt es nicht.');
    const now = this.#d.clock.now();
    const quote = this.#d.quotes.current(ticket.isin) ?? null;
    const fxRate = this.#fxRate(instrument);
    if (!fxRate) throw new AppError(422, 'Für die Handelswährung dieses Wertpapiers liegt derzeit kein Devisenkurs vor.');
    const errors: OrderFieldErrors = orderTicketErrors(ticket, instrument, { now, quote, fxRate });
    if (Object.keys(errors).length > 0) throw badRequest(errors);
    const qty = this.#estimatedQuantity(ticket, quote);
    const price = this.#referencePrice(ticket, quote);
    const costs =
      qty && price
        ? exAnteCosts({ side: ticket.side, quantity: qty, price, quote, fxRate }, instrument)
        : null;
    const confirmed = await this.#d.confirmations.of(sub);
    const small = costs ? isSmallOrder(instrument, qty!, costs.orderValue) : false;
    const requirements = {
      lowTradingConfirmation: small && !confirmed.has('lowtrading'),
      otcConfirmation: instrument.isOTC && !confirmed.has('otc'),
      complexWarning: instrument.complex,
    };
    return { instrument, now, quote, fxRate, costs, requirements, qty };
  }

  #referencePrice(ticket: OrderTicketRequest, quote: Quote | null): string | null {
    if (ticket.kind === 'limit' || ticket.kind === 'stoplimit') return ticket.limit ?? null;
    if (ticket.kind === 'stop') return ticket.stop ?? null;
    if (ticket.kind === 'oco') return ticket.side === 'buy' ? (ticket.stop ?? null) : (ticket.limit ?? null);
    if (!quote) return null;
    return ticket.side === 'buy' ? quote.ask : quote.bid;
  }

  #estimatedQuantity(ticket: OrderTicketRequest, quote: Quote | null): string | null {
    if (ticket.kind !== 'fraction') return ticket.quantity ?? null;
    if (!quote || !ticket.amount) return null;
    const price = ticket.side === 'buy' ? quote.ask : quote.bid;
    return new Decimal(ticket.amount).div(price).toDecimalPlaces(6, Decimal.ROUND_DOWN).toFixed();
  }

  async #availableQuantity(tx: Db, sub: string, isin: string): Promise<string> {
    const held = await this.#d.lots.openLots(tx, sub, isin);
    const total = held.reduce((s, l) => s.plus(l.remaining), new Decimal(0));
    const [row] = await tx
      .select({ blocked: sql<string>`coalesce(sum(${orders.blocked}), 0)::text` })
      .from(orders)
      .where(and(eq(orders.sub, sub), eq(orders.isin, isin), eq(orders.open, true), eq(orders.side, 'sell')));
    return Decimal.max(0, total.minus(row?.blocked ?? '0')).toFixed();
  }

  /** The "Order prüfen" step: costs, what must be confirmed, and what stays available. */
  async preview(sub: string, ticket: OrderTicketRequest): Promise<OrderPreview> {
    const c = await this.#context(sub, ticket);
    if (!c.costs) throw new AppError(422, 'Für dieses Wertpapier liegt derzeit kein Kurs vor.');
    const cash = await cashOf(this.#d.db, sub);
    const availableAfter =
      ticket.side === 'buy'
        ? new Decimal(cash.available).minus(c.costs.orderValue).minus(c.costs.orderFee).minus(c.costs.smallOrderSurcharge).toFixed(2)
        : new Decimal(await this.#availableQuantity(this.#d.db, sub, ticket.isin)).minus(c.qty ?? '0').toFixed();
    return {
      costs: c.costs,
      fxRate: c.fxRate,
      currency: c.instrument.quoteCurrencyCode,
      bid: c.quote?.bid ?? null,
      ask: c.quote?.ask ?? null,
      requirements: c.requirements,
      availableAfter,
    };
  }

  // ——— commands ———

  async place(sub: string, ticket: OrderTicketRequest, key: string): Promise<{ statusCode: number; body: TradingOrder; replayed: boolean }> {
    const fingerprint = fingerprintOf('POST /api/trading', ticket);
    // A repeat gets the first answer even when the checks would now say otherwise.
    const earlier = await replay<TradingOrder>(this.#d.db, { sub, key, fingerprint });
    if (earlier) return earlier;
    const c = await this.#context(sub, ticket);
    const missing = { ...c.requirements, complexWarning: c.requirements.complexWarning && !ticket.acknowledgedComplexRisk };
    if (missing.lowTradingConfirmation || missing.otcConfirmation || missing.complexWarning) throw requirementsError(missing);
    this.#subscribe(ticket.isin);
    return this.#enqueue(true, (tx) =>
      idempotent(tx, { sub, key, fingerprint, at: c.now }, async (itx) => {
        const id = randomUUID();
        const fees = c.costs ? new Decimal(c.costs.orderFee).plus(c.costs.smallOrderSurcharge) : new Decimal(0);
        let reserved = new Decimal(0);
        let blocked = new Decimal(0);
        if (ticket.side === 'buy') {
          reserved = this.#reservation(ticket, c.quote, c.fxRate).plus(fees).toDecimalPlaces(2, Decimal.ROUND_UP);
          const cash = await cashOf(itx, sub);
          const errors = accountCheckErrors(ticket, { availableCash: cash.available, availableQuantity: '0' }, { quote: c.quote, costs: fees.toFixed(2), fxRate: c.fxRate });
          if (Object.keys(errors).length > 0) throw new AppError(422, Object.values(errors)[0]!, errors);
          if (reserved.gt(cash.available)) throw insufficientFunds();
          await post(itx, {
            postings: [
              { account: accounts.cash(sub), amount: reserved.neg().toFixed(2), kind: 'reserve' },
              { account: accounts.reserved(sub), amount: reserved.toFixed(2), kind: 'reserve' },
            ],
            ref: id,
            at: c.now,
          });
        } else {
          const available = await this.#availableQuantity(itx, sub, ticket.isin);
          const errors = accountCheckErrors(ticket, { availableCash: '0', availableQuantity: available }, { quote: c.quote, fxRate: c.fxRate });
          if (Object.keys(errors).length > 0) throw new AppError(422, Object.values(errors)[0]!, errors);
          blocked = ticket.kind === 'fraction' ? new Decimal(available) : new Decimal(ticket.quantity!);
        }
        await itx.insert(orders).values({
          id,
          sub,
          isin: ticket.isin,
          side: ticket.side,
          kind: ticket.kind,
          status: 'Created',
          cancelStatus: null,
          open: true,
          state: {},
          costs: c.costs,
          reserved: reserved.toFixed(2),
          blocked: blocked.toFixed(),
          createdAt: c.now,
          updatedAt: c.now,
        });
        const quote = this.#d.quotes.current(ticket.isin);
        const now = this.#d.clock.now();
        const events = [...(quote ? this.#engine.onQuote(quote, now) : []), ...this.#engine.place({ ...engineTicket(ticket), id, accountId: sub, isin: ticket.isin }, now)];
        this.#engineVersion++;
        await this.#persist(itx, events);
        const [row] = await itx.select().from(orders).where(eq(orders.id, id));
        return { statusCode: 201, body: await this.#view(row!) };
      }),
    );
  }

  #reservation(ticket: OrderTicketRequest, quote: Quote | null, fxRate: string): Decimal {
    if (ticket.kind === 'fraction') return new Decimal(ticket.amount!);
    const qty = new Decimal(ticket.quantity!);
    const limit = ticket.limit ? new Decimal(ticket.limit) : null;
    const stop = ticket.stop ? new Decimal(ticket.stop) : null;
    const ask = quote ? new Decimal(quote.ask) : null;
    let price: Decimal;
    switch (ticket.kind) {
      case 'limit':
      case 'stoplimit':
        price = limit!;
        break;
      case 'oco':
        price = Decimal.max(limit!, stop!.mul(MARKET_BUFFER));
        break;
      case 'stop':
        price = stop!.mul(MARKET_BUFFER);
        break;
      default:
        if (!ask) throw new AppError(422, 'Für dieses Wertpapier liegt derzeit kein Kurs vor.');
        price = ask.mul(MARKET_BUFFER);
    }
    return qty.mul(price).mul(fxRate);
  }

  async requestQuote(sub: string, request: { isin: string; side: 'buy' | 'sell'; quantity: string; acknowledgedComplexRisk?: boolean }, key: string) {
    const fingerprint = fingerprintOf('POST /api/trading/rfq', request);
    const earlier = await replay<TradingOrder>(this.#d.db, { sub, key, fingerprint });
    if (earlier) return earlier;
    const ticket: OrderTicketRequest = { ...request, kind: 'market', validity: { type: 'day' } };
    const c = await this.#context(sub, ticket);
    if (c.requirements.otcConfirmation || c.requirements.lowTradingConfirmation || (c.requirements.complexWarning && !request.acknowledgedComplexRisk)) {
      throw requirementsError({ ...c.requirements, complexWarning: c.requirements.complexWarning && !request.acknowledgedComplexRisk });
    }
    this.#subscribe(request.isin);
    return this.#enqueue(true, (tx) =>
      idempotent(tx, { sub, key, fingerprint, at: c.now }, async (itx) => {
        const id = randomUUID();
        await itx.insert(orders).values({
          id, sub, isin: request.isin, side: request.side, kind: 'previously_quoted', status: 'Created', cancelStatus: null, open: true,
          state: {}, costs: c.costs, reserved: '0', blocked: '0', createdAt: c.now, updatedAt: c.now,
        });
        const quote = this.#d.quotes.current(request.isin);
        const now = this.#d.clock.now();
        const events = [...(quote ? this.#engine.onQuote(quote, now) : []), ...this.#engine.requestQuote({ id, accountId: sub, isin: request.isin, side: request.side, quantity: request.quantity }, now)];
        this.#engineVersion++;
        await this.#persist(itx, events);
        const [row] = await itx.select().from(orders).where(eq(orders.id, id));
        return { statusCode: 201, body: await this.#view(row!) };
      }),
    );
  }

  async acceptQuote(sub: string, id: string): Promise<TradingOrder> {
    await this.#owned(sub, id);
    return this.#enqueue(true, async (tx) => {
      const open = this.#engine.order(id);
      if (!open) throw new AppError(409, 'Dieses Angebot ist nicht mehr gültig.');
      // A binding quote is accepted only with the money or pieces for it.
      const price = new Decimal(open.quotedPrice ?? '0');
      const instrument = this.#instruments.get(open.isin)!;
      const fx = this.#fxRate(instrument) ?? '1';
      const fee = new Decimal(instrument.tradingFees ?? '1.00');
      if (open.side === 'buy') {
        const need = price.mul(open.quantity!).mul(fx).plus(fee).toDecimalPlaces(2, Decimal.ROUND_UP);
        const cash = await cashOf(tx, sub);
        if (need.gt(cash.available)) throw insufficientFunds();
        await post(tx, {
          postings: [
            { account: accounts.cash(sub), amount: need.neg().toFixed(2), kind: 'reserve' },
            { account: accounts.reserved(sub), amount: need.toFixed(2), kind: 'reserve' },
          ],
          ref: id,
          at: this.#d.clock.now(),
        });
        await tx.update(orders).set({ reserved: need.toFixed(2) }).where(eq(orders.id, id));
      } else {
        const available = await this.#availableQuantity(tx, sub, open.isin);
        if (new Decimal(available).lt(open.quantity!)) throw new AppError(422, `Sie können höchstens ${available} Stück verkaufen.`);
        await tx.update(orders).set({ blocked: open.quantity! }).where(eq(orders.id, id));
      }
      const events = this.#engine.acceptQuote(id, this.#d.clock.now());
      this.#engineVersion++;
      await this.#persist(tx, events);
      const refused = events.find((e) => e.type === 'refused');
      if (refused) throw new AppError(409, 'Dieses Angebot ist nicht mehr gültig.');
      const [row] = await tx.select().from(orders).where(eq(orders.id, id));
      return this.#view(row!);
    });
  }

  async cancel(sub: string, id: string): Promise<TradingOrder> {
    await this.#owned(sub, id);
    return this.#enqueue(true, async (tx) => {
      const events = this.#engine.cancel(id, this.#d.clock.now());
      this.#engineVersion++;
      const refused = events.find((e) => e.type === 'refused');
      if (refused && refused.type === 'refused') {
        throw new AppError(409, refused.reason === 'alreadyCancelling' ? 'Diese Order wird bereits gestrichen.' : 'Diese Order kann nicht mehr gestrichen werden.');
      }
      await this.#persist(tx, events);
      const [row] = await tx.select().from(orders).where(eq(orders.id, id));
      return this.#view(row!);
    });
  }

  async #owned(sub: string, id: string): Promise<void> {
    if (!/^[0-9a-f-]{36}$/i.test(id)) throw notFound('Diese Order gibt es nicht.');
    const [row] = await this.#d.db.select({ id: orders.id }).from(orders).where(and(eq(orders.sub, sub), eq(orders.id, id)));
    if (!row) throw notFound('Diese Order gibt es nicht.');
  }

  async confirm(sub: string, kind: 'lowtrading' | 'otc'): Promise<void> {
    await this.#d.confirmations.confirm(sub, kind, this.#d.clock.now());
  }

  /** Development only: money arrives from the customer's reference account. */
  async deposit(sub: string, amount: string): Promise<Depot['cash']> {
    await this.#d.db.transaction((tx) =>
      post(tx, {
        postings: [
          { account: accounts.cash(sub), amount, kind: 'deposit' },
          { account: accounts.bank, amount: new Decimal(amount).neg().toFixed(2), kind: 'deposit' },
        ],
        ref: null,
        at: this.#d.clock.now(),
      }),
    );
    return cashOf(this.#d.db, sub);
  }

  // ——— persistence of engine events ———

  async #persist(tx: Db, events: readonly EngineEvent[]): Promise<void> {
    if (events.length === 0) return;
    const now = this.#d.clock.now();
    const last = new Map<string, OrderState>();
    for (const e of events) {
      if (e.type === 'execution') await this.#settle(tx, e);
      if ('order' in e) last.set(e.orderId, e.order);
      if (e.type === 'tslupdate') this.#d.log.debug({ orderId: e.orderId, stop: e.stop }, 'tslupdate');
    }
    if (last.size === 0) return;
    const rows = await tx.select({ id: orders.id, sub: orders.sub, reserved: orders.reserved }).from(orders).where(inArray(orders.id, [...last.keys()]));
    const known = new Map(rows.map((r) => [r.id, r]));
    for (const [id, s] of last) {
      const row = known.get(id);
      if (!row) continue; // rejected before it was stored: nothing to keep
      const final = isFinal(s);
      const update: Partial<typeof orders.$inferInsert> = { status: s.status, cancelStatus: s.cancelStatus, open: !final, state: s, updatedAt: now };
      if (final) {
        // What an order no longer needs goes back: held money to the cash account, pieces unblocked.
        const left = new Decimal(row.reserved);
        if (left.gt(0)) {
          await post(tx, {
            postings: [
              { account: accounts.reserved(row.sub), amount: left.neg().toFixed(2), kind: 'release' },
              { account: accounts.cash(row.sub), amount: left.toFixed(2), kind: 'release' },
            ],
            ref: id,
            at: now,
          });
        }
        update.reserved = '0';
        update.blocked = '0';
      }
      await tx.update(orders).set(update).where(eq(orders.id, id));
    }
  }

  async #settle(tx: Db, e: ExecutionEvent): Promise<void> {
    const [row] = await tx.select().from(orders).where(eq(orders.id, e.orderId));
    if (!row) return;
    const sub = row.sub;
    const instrument = this.#instruments.get(e.isin);
    const currency = instrument?.quoteCurrencyCode ?? 'EUR';
    const fx = (instrument && this.#fxRate(instrument)) ?? '1';
    const value = new Decimal(toEur(e.value, fx));
    const costs = row.costs as ExAnteCosts | null;
    // The order fee is charged once, with the first execution.
    const first = e.order.executions === 1;
    const fee = first
      ? new Decimal(costs?.orderFee ?? instrument?.tradingFees ?? '1.00').plus(costs?.smallOrderSurcharge ?? '0')
      : new Decimal(0);
    const now = new Date(e.at);
    let realised: string | null = null;
    const postings: Posting[] = [];
    if (e.side === 'buy') {
      const need = value.plus(fee);
      const fromReserved = Decimal.min(need, row.reserved);
      postings.push(
        { account: accounts.reserved(sub), amount: fromReserved.neg().toFixed(2), kind: 'buy' },
        { account: accounts.cash(sub), amount: need.minus(fromReserved).neg().toFixed(2), kind: 'buy' },
        { account: accounts.market, amount: value.toFixed(2), kind: 'buy' },
        { account: accounts.fees, amount: fee.toFixed(2), kind: 'fee' },
      );
      await tx.update(orders).set({ reserved: new Decimal(row.reserved).minus(fromReserved).toFixed(2) }).where(eq(orders.id, row.id));
      await this.#d.lots.addLot(tx, { sub, isin: e.isin, quantity: e.quantity, cost: need.toFixed(2), openedAt: now, executionId: e.executionId });
    } else {
      const proceeds = value.minus(fee);
      const lotsHeld = await this.#d.lots.openLots(tx, sub, e.isin);
      const sale = sellFifo(lotsHeld, e.quantity, proceeds.toFixed(2));
      await this.#d.lots.consume(tx, sale.consumed);
      realised = sale.realisedPnl;
      postings.push(
        { account: accounts.market, amount: value.neg().toFixed(2), kind: 'sell' },
        { account: accounts.fees, amount: fee.toFixed(2), kind: 'fee' },
        { account: accounts.cash(sub), amount: proceeds.toFixed(2), kind: 'sell' },
      );
      const blocked = Decimal.max(0, new Decimal(row.blocked).minus(e.quantity));
      await tx.update(orders).set({ blocked: blocked.toFixed() }).where(eq(orders.id, row.id));
    }
    await post(tx, { postings, ref: e.executionId, at: now });
    await tx.insert(executions).values({
      id: e.executionId,
      orderId: e.orderId,
      sub,
      isin: e.isin,
      side: e.side,
      quantity: e.quantity,
      price: e.price,
      currency,
      fxRate: fx,
      value: value.toFixed(2),
      fee: fee.toFixed(2),
      realisedPnl: realised,
      executedAt: now,
    });
    await this.#d.documents.add(tx, {
      sub,
      kind: 'contract_note',
      pdfTitle: `Wertpapierabrechnung ${e.side === 'buy' ? 'Kauf' : 'Verkauf'} ${instrument?.name ?? e.isin}`,
      pdfIsin: e.isin,
      ref: e.executionId,
      createdAt: now,
    });
  }
}

/** The engine's ticket: the request without what only the service reads. */
function engineTicket(t: OrderTicketRequest) {
  return {
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
