import Decimal from 'decimal.js';
import type { Instrument } from '@kontor/domain/instrument';
import { chargedFees, type ExAnteCosts } from '@kontor/domain/order-costs';
import { estimatedQuantity, orderEstimate } from '@kontor/domain/order-estimate';
import { type OrderFieldErrors, orderTicketErrors } from '@kontor/domain/order-rules';
import type { Quote } from '@kontor/domain/quote';
import type { OrderPreview, OrderTicketRequest } from '@kontor/domain/trading-contracts';
import type { SaleTaxEstimate } from '@kontor/domain/tax-contracts';
import type { Db } from '../platform/db.ts';
import { estimateSaleTax } from '../bookings/execution-booking.ts';
import { currentTaxYear } from '../tax/store.ts';
import { AppError, messages, notFound, recordErrors } from '../platform/errors.ts';
import { cashOf } from '../bookings/ledger.ts';
import type { LotStore } from '../bookings/lot-store.ts';
import type { QuoteSource } from '../market/feed.ts';
import type { ConfirmationKind, ConfirmationStore } from './confirmation-store.ts';
import type { EngineHost } from './engine-host.ts';
import type { OrderStore } from './order-store.ts';
import { toWireAmount, toWireDecimal } from '@kontor/domain/numbers';

/** What an order is checked and priced with before it is queued. */
export type OrderContext = {
  instrument: Instrument;
  now: Date;
  quote: Quote | null;
  fxRate: string;
  costs: ExAnteCosts | null;
  requirements: Requirements;
  qty: string | null;
};

type Requirements = { lowTradingConfirmation: boolean; otcConfirmation: boolean; complexWarning: boolean };

/** The 409 that names what the customer must confirm first. */
export function requirementsError(missing: Requirements) {
  const message = missing.otcConfirmation
    ? 'Bitte bestätigen Sie einmalig den außerbörslichen Handel (OTC), bevor Sie diese Order erteilen.'
    : missing.lowTradingConfirmation
      ? 'Bitte bestätigen Sie einmalig den Hinweis zum Mindermengenzuschlag, bevor Sie diese Order erteilen.'
      : 'Bitte bestätigen Sie den Warnhinweis zu komplexen Produkten.';
  // Each confirmation still missing is a field at fault: the ticket shows its checkbox.
  const fields = (Object.keys(missing) as (keyof Requirements)[]).filter((k) => missing[k]);
  return new AppError(409, message, fields.map((field) => ({ field, message })));
}

/** What is still missing: a requirement the customer has acknowledged with the request is not. */
export function missingRequirements(r: Requirements, acknowledgedComplexRisk: boolean | undefined): Requirements | null {
  const missing = { ...r, complexWarning: r.complexWarning && !acknowledgedComplexRisk };
  return missing.lowTradingConfirmation || missing.otcConfirmation || missing.complexWarning ? missing : null;
}

export type PreTradeDeps = {
  db: Db;
  clock: { now(): Date };
  quotes: QuoteSource;
  engine: EngineHost;
  orders: (db: Db) => OrderStore;
  lots: (db: Db) => LotStore;
  confirmations: ConfirmationStore;
  taxEnabled: boolean;
};

/** The checks and prices before an order is queued, and the "Order prüfen" step. */
export function preTrade(d: PreTradeDeps) {
  /**
   * The customer's one-time confirmations. They are never withdrawn, so what was seen once is
   * remembered; only a confirmation not seen yet is looked up again.
   */
  const confirmed = new Map<string, ReadonlySet<ConfirmationKind>>();
  async function confirmations(sub: string, needed: readonly ConfirmationKind[]): Promise<ReadonlySet<ConfirmationKind>> {
    const known = confirmed.get(sub);
    if (known && needed.every((k) => known.has(k))) return known;
    const found = await d.confirmations.of(sub);
    if (confirmed.size >= 100_000) confirmed.clear();
    if (found.size > 0) confirmed.set(sub, found);
    return found;
  }

  /** The instrument's rules, the quote, the costs and what must be confirmed: a 400 for a ticket the rules refuse. */
  async function context(sub: string, ticket: OrderTicketRequest): Promise<OrderContext> {
    const instrument = await d.engine.ensureInstrument(ticket.isin);
    if (!instrument) throw notFound('Dieses Wertpapier gibt es nicht.');
    const now = d.clock.now();
    const quote = d.quotes.current(ticket.isin) ?? null;
    const fxRate = d.engine.fxRate(instrument);
    if (!fxRate) throw new AppError(422, 'Für die Handelswährung dieses Wertpapiers liegt derzeit kein Devisenkurs vor.');
    const errors: OrderFieldErrors = orderTicketErrors(ticket, instrument, { now, quote, fxRate });
    if (Object.keys(errors).length > 0) throw recordErrors(400, errors, messages.badRequest);
    const estimate = orderEstimate(ticket, instrument, { quote, fxRate });
    const costs = estimate?.costs ?? null;
    // The costs already say it: the order that pays the surcharge is the one that needs the confirmation.
    const small = costs?.smallOrder ?? false;
    const needed: ConfirmationKind[] = [...(small ? (['lowtrading'] as const) : []), ...(instrument.isOTC ? (['otc'] as const) : [])];
    const done = needed.length > 0 ? await confirmations(sub, needed) : new Set<ConfirmationKind>();
    const requirements = {
      lowTradingConfirmation: small && !done.has('lowtrading'),
      otcConfirmation: instrument.isOTC && !done.has('otc'),
      complexWarning: instrument.complex,
    };
    return { instrument, now, quote, fxRate, costs, requirements, qty: estimate?.quantity ?? estimatedQuantity(ticket, quote) };
  }

  /** Pieces held and not blocked by open sell orders. */
  async function availableQuantity(tx: Db, sub: string, isin: string): Promise<string> {
    const held = await d.lots(tx).openLots(sub, isin);
    const total = held.reduce((s, l) => s.plus(l.remaining), new Decimal(0));
    return toWireDecimal(Decimal.max(0, total.minus(await d.orders(tx).blocked(sub, isin))));
  }

  /** The "Order prüfen" step: costs, what must be confirmed, and what stays available. */
  async function preview(sub: string, ticket: OrderTicketRequest): Promise<OrderPreview> {
    const c = await context(sub, ticket);
    if (!c.costs) throw new AppError(422, 'Für dieses Wertpapier liegt derzeit kein Kurs vor.');
    const cash = await cashOf(d.db, sub);
    const availableAfter =
      ticket.side === 'buy'
        ? toWireAmount(new Decimal(cash.available).minus(c.costs.orderValue).minus(c.costs.orderFee).minus(c.costs.smallOrderSurcharge))
        : toWireDecimal(new Decimal(await availableQuantity(d.db, sub, ticket.isin)).minus(c.qty ?? '0'));
    return {
      costs: c.costs,
      fxRate: c.fxRate,
      currency: c.instrument.quoteCurrencyCode,
      bid: c.quote?.bid ?? null,
      ask: c.quote?.ask ?? null,
      requirements: c.requirements,
      availableAfter,
      ...(ticket.side === 'sell' && d.taxEnabled ? { tax: await saleTaxEstimate(sub, c) } : {}),
    };
  }

  /**
   * What the sale would withhold if it executed now at the estimate's value: the oldest pieces the
   * customer holds (beyond those open sell orders block, which go first), against the year as it
   * stands. Null without a quantity or when the customer holds fewer pieces.
   */
  async function saleTaxEstimate(sub: string, c: OrderContext): Promise<SaleTaxEstimate | null> {
    if (!c.costs || !c.qty) return null;
    const lots = await d.lots(d.db).openLots(sub, c.instrument.isin, false);
    const blocked = await d.orders(d.db).blocked(sub, c.instrument.isin);
    const proceeds = toWireAmount(new Decimal(c.costs.orderValue).minus(chargedFees(c.costs, c.instrument)));
    return estimateSaleTax({ lots, blocked, quantity: c.qty, proceeds, instrument: c.instrument, state: await currentTaxYear(d.db, sub, c.now) });
  }

  async function confirm(sub: string, kind: ConfirmationKind): Promise<void> {
    await d.confirmations.confirm(sub, kind, d.clock.now());
  }

  return { context, availableQuantity, preview, confirm };
}

export type PreTrade = ReturnType<typeof preTrade>;
