import { orderIdOfExecution } from '../platform/ids.ts';
import Decimal from 'decimal.js';
import { toEur } from '@kontor/domain/fx';
import type { Lot } from '@kontor/domain/lots';
import { sellFifo } from '@kontor/domain/lots';
import { type FundType, saleGain, type TaxCalculation, type TaxClass, taxClassOf, taxEvent, taxTotal } from '@kontor/domain/tax';
import type { OrderTax, SaleTaxEstimate } from '@kontor/domain/tax-contracts';
import { incomeTaxEvent, type LockedYear } from '../tax/income-tax.ts';
import type { TaxEventToRecord } from '../tax/store.ts';
import { formatMoney, formatQuantity, toWireAmount, toWireDecimal } from '@kontor/domain/numbers';
import { type ExAnteCosts, chargedFees } from '@kontor/domain/order-costs';
import type { ContractNoteData } from '../documents/contract-note.ts';
import { contractNoteKey } from '../documents/store.ts';
import type { Booking } from './booking.ts';
import { accounts, type Posting } from './ledger.ts';

/** The customer's tax year as a sale meets it (`taxStore.yearState`), and which year it is. */
export type TaxYearState = LockedYear;


/** One (partial) execution of an order, as the engine reports it. */
export type ExecutionFill = {
  id: string;
  isin: string;
  side: 'buy' | 'sell';
  quantity: string;
  /** Per piece, quote currency. */
  price: string;
  /** quantity × price, quote currency. */
  value: string;
  /** ISO time of the execution. */
  at: string;
  /** The order's first execution: the one that carries the order fee. */
  first: boolean;
  /** The order is not filled yet after this one (its notification says "teilweise"). */
  partial?: boolean;
  /** The order it belongs to (its contract note names it, its notification links to it); by default read from the id (`<order id>-<n>`). */
  orderId?: string;
};

export type ExecutionContext = {
  sub: string;
  /** Euros the order still holds (buys). */
  reserved: string;
  /** Pieces the order still blocks (sells). */
  blocked: string;
  /** The costs the customer was shown with the order, if it had a price then. */
  costs: ExAnteCosts | null;
  instrument: { name: string; quoteCurrencyCode: string; tradingFees: string | null; wkn?: string | null; instrumentType?: string; fundType?: FundType | null } | undefined;
  /** Euros per unit of the quote currency. */
  fxRate: string;
};

/** How an execution is announced (its message and its notification): title and the pieces at their price. */
export function executionNotice(f: { side: 'buy' | 'sell'; name: string; quantity: string; price: string; currency: string; partial: boolean }): { title: string; body: string } {
  const verb = f.side === 'buy' ? 'Kauf' : 'Verkauf';
  return {
    title: `${f.partial ? 'Order teilweise ausgeführt' : 'Order ausgeführt'}: ${verb} ${f.name}`,
    body: `${formatQuantity(f.quantity)} Stück zu ${formatMoney(f.price, f.currency)} ausgeführt.`,
  };
}

/** What a fill costs or brings, before anything is written. */
export type ExecutionAmounts = { value: Decimal; fee: Decimal; fromReserved: Decimal; fromCash: Decimal };

/** The euro value of a fill, its fee (with the first fill only) and, for a buy, how much comes from the order's hold and how much from free cash. */
export function executionAmounts(fill: ExecutionFill, c: ExecutionContext): ExecutionAmounts {
  const value = new Decimal(toEur(fill.value, c.fxRate));
  const fee = fill.first ? chargedFees(c.costs, c.instrument ?? undefined) : new Decimal(0);
  if (fill.side === 'sell') return { value, fee, fromReserved: new Decimal(0), fromCash: new Decimal(0) };
  const need = value.plus(fee);
  const fromReserved = Decimal.min(need, c.reserved);
  return { value, fee, fromReserved, fromCash: need.minus(fromReserved) };
}

/** The execution as the order's record keeps it (and its contract note shows it). */
export type ExecutionRecord = { currency: string; fxRate: string; value: string; fee: string; realisedPnl: string | null };

/** A sale's tax for the order's detail and the contract note. */
export function orderTaxOf(c: TaxCalculation): OrderTax {
  return {
    gain: c.amount,
    taxablePart: c.taxablePart,
    teilfreistellung: c.teilfreistellung,
    allowanceUsed: c.allowanceUsed,
    capitalGainsTax: c.capitalGainsTax,
    solidaritySurcharge: c.solidaritySurcharge,
    churchTax: c.churchTax,
    lossPotSharesAfter: c.lossPotSharesAfter,
    lossPotOtherAfter: c.lossPotOtherAfter,
  };
}

/**
 * The tax of a sale against the customer's year, and the postings that withhold it from the
 * proceeds (or refund it: a loss that meets taxed gains of the year).
 */
export function saleTaxBooking(p: { sub: string; key: string; at: Date; isin: string; name: string; executionId: string | null; gain: string; taxClass: TaxClass; state: TaxYearState }) {
  const { gain, taxClass, ...rest } = p;
  const booked = incomeTaxEvent({ ...rest, income: { kind: 'sale', gain, taxClass } });
  const total = new Decimal(booked.total);
  const postings: Posting[] = [
    { account: accounts.cash(p.sub), amount: toWireAmount(total.neg()), kind: 'tax' },
    { account: accounts.taxOffice, amount: toWireAmount(total), kind: 'tax' },
  ];
  return { postings, event: booked.event, calculation: booked.calculation };
}

export type BookedExecution = {
  booking: Booking;
  record: ExecutionRecord;
  /** A sale's tax, when tax is computed. */
  tax: OrderTax | null;
  /** What the order holds after this fill. */
  reserved: string;
  blocked: string;
};

/**
 * The booking of one fill. A buy pays value and fee from the money its order holds, the rest from
 * free cash, and opens a lot at that cost; a sale credits the proceeds after the fee and uses up
 * lots first in first out. Null for a buy that the hold and the free cash no longer cover (a stop
 * the market jumped far beyond): then nothing is booked.
 *
 * `market` gives what only the database knows: the free cash (buys) and the open lots, oldest
 * first (sells).
 */
export function executionBooking(
  fill: ExecutionFill,
  c: ExecutionContext,
  market: { availableCash?: string; openLots?: readonly Lot[]; tax?: TaxYearState },
): BookedExecution | null {
  const a = executionAmounts(fill, c);
  const sub = c.sub;
  const at = new Date(fill.at);
  const postings: Posting[] = [];
  let lotChanges: Booking['lots'];
  let realised: string | null = null;
  let tax: { event: TaxEventToRecord; calculation: TaxCalculation } | undefined;
  const name = c.instrument?.name ?? fill.isin;
  let reserved = c.reserved;
  let blocked = c.blocked;
  if (fill.side === 'buy') {
    if (a.fromCash.gt(0) && a.fromCash.gt(market.availableCash ?? '0')) return null;
    const need = a.fromReserved.plus(a.fromCash);
    postings.push(
      { account: accounts.reserved(sub), amount: toWireAmount(a.fromReserved.neg()), kind: 'buy' },
      { account: accounts.cash(sub), amount: toWireAmount(a.fromCash.neg()), kind: 'buy' },
      { account: accounts.market, amount: toWireAmount(a.value), kind: 'buy' },
      { account: accounts.fees, amount: toWireAmount(a.fee), kind: 'fee' },
    );
    lotChanges = [{ type: 'open', isin: fill.isin, quantity: fill.quantity, cost: toWireAmount(need), openedAt: at, executionId: fill.id }];
    reserved = toWireAmount(new Decimal(c.reserved).minus(a.fromReserved));
  } else {
    const proceeds = a.value.minus(a.fee);
    const sale = sellFifo(market.openLots ?? [], fill.quantity, toWireAmount(proceeds));
    realised = sale.realisedPnl;
    postings.push(
      { account: accounts.market, amount: toWireAmount(a.value.neg()), kind: 'sell' },
      { account: accounts.fees, amount: toWireAmount(a.fee), kind: 'fee' },
      { account: accounts.cash(sub), amount: toWireAmount(proceeds), kind: 'sell' },
    );
    lotChanges = sale.consumed.map((s) => ({ type: 'consume', ...s }));
    if (market.tax) {
      const taxClass = taxClassOf({ instrumentType: c.instrument?.instrumentType ?? 'AKTIE', name, isin: fill.isin, fundType: c.instrument?.fundType ?? null });
      const booked = saleTaxBooking({ sub, key: `execution:${fill.id}`, at, isin: fill.isin, name, executionId: fill.id, gain: saleGain(sale), taxClass, state: market.tax });
      postings.push(...booked.postings);
      tax = booked;
    }
    blocked = toWireDecimal(Decimal.max(0, new Decimal(c.blocked).minus(fill.quantity)));
  }
  const currency = c.instrument?.quoteCurrencyCode ?? 'EUR';
  const verb = fill.side === 'buy' ? 'Kauf' : 'Verkauf';
  const record: ExecutionRecord = { currency, fxRate: c.fxRate, value: toWireAmount(a.value), fee: toWireAmount(a.fee), realisedPnl: realised };
  // What the contract note shows; the holder's name is added when it is rendered, after the commit.
  const note: Omit<ContractNoteData, 'customerName'> = {
    executionId: fill.id,
    orderId: fill.orderId ?? orderIdOfExecution(fill.id),
    side: fill.side,
    isin: fill.isin,
    wkn: c.instrument?.wkn ?? null,
    name,
    quantity: toWireDecimal(fill.quantity),
    price: toWireDecimal(fill.price),
    executedAt: at.toISOString(),
    ...record,
    ...(tax ? { tax: orderTaxOf(tax.calculation) } : {}),
  };
  return {
    booking: {
      key: `execution:${fill.id}`,
      kind: 'execution',
      sub,
      at,
      postings,
      ref: fill.id,
      lots: lotChanges,
      ...(tax ? { tax: tax.event } : {}),
      documents: [
        {
          kind: 'contract_note',
          dedupeKey: contractNoteKey(fill.id),
          title: `Wertpapierabrechnung ${verb}`,
          pdfTitle: `Wertpapierabrechnung ${verb} ${name}`,
          pdfIsin: fill.isin,
          data: note,
          // The execution notifies already (ORDER_EXECUTED).
          notify: false,
        },
      ],
      notifications: [
        {
          kind: fill.partial ? 'ORDER_PARTIALLY_EXECUTED' : 'ORDER_EXECUTED',
          ...executionNotice({ side: fill.side, name, quantity: fill.quantity, price: fill.price, currency, partial: !!fill.partial }),
          isin: fill.isin,
          orderId: fill.orderId ?? orderIdOfExecution(fill.id),
        },
      ],
    },
    record,
    reserved,
    blocked,
    tax: tax ? orderTaxOf(tax.calculation) : null,
  };
}

/**
 * The tax a sale of `quantity` pieces for `proceeds` (after costs) would withhold now: the pieces
 * open sell orders block are sold first, so this sale uses the lots after them. Null when the
 * customer does not hold enough pieces.
 */
export function estimateSaleTax(p: {
  lots: readonly Lot[];
  blocked: string;
  quantity: string;
  proceeds: string;
  instrument: { isin: string; name: string; instrumentType: string; fundType?: FundType | null };
  state: TaxYearState;
}): SaleTaxEstimate | null {
  const held = p.lots.reduce((s, l) => s.plus(l.remaining), new Decimal(0));
  if (held.lt(new Decimal(p.blocked).plus(p.quantity))) return null;
  let lots = [...p.lots];
  if (new Decimal(p.blocked).gt(0)) {
    const used = new Map(sellFifo(lots, p.blocked, '0').consumed.map((c) => [c.lotId, c]));
    lots = lots.map((l) => {
      const c = used.get(l.id);
      if (!c) return l;
      const vp = toWireAmount(new Decimal(l.remainingVorabpauschale ?? 0).minus(c.vorabpauschale));
      return { ...l, remaining: toWireDecimal(new Decimal(l.remaining).minus(c.quantity)), remainingCost: toWireAmount(new Decimal(l.remainingCost).minus(c.cost)), remainingVorabpauschale: vp };
    });
  }
  const sale = sellFifo(lots, p.quantity, p.proceeds);
  const taxClass = taxClassOf(p.instrument);
  const ev = taxEvent(p.state, { kind: 'sale', gain: saleGain(sale), taxClass }, p.state.allowance, p.state.church);
  const c = ev.calculation;
  return {
    ...orderTaxOf(c),
    proceeds: p.proceeds,
    acquisitionCost: toWireAmount(new Decimal(sale.costOfSold).plus(sale.vorabpauschaleOfSold)),
    lossPotSharesBefore: c.lossPotSharesBefore,
    lossPotOtherBefore: c.lossPotOtherBefore,
    allowanceRemainingBefore: toWireAmount(Decimal.max(0, new Decimal(p.state.allowance).minus(p.state.paid.allowanceUsed))),
    total: taxTotal(c),
  };
}
