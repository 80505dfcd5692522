import Decimal from 'decimal.js';
import { CA_OPTION_LABELS, CA_TYPE_LABELS, type CaOption, type CaPhase, type CaStep, scaledPieces } from '@kontor/domain/corporate-actions';
import type { CaType } from '@kontor/domain/enums';
import { type Lot, sellFifo } from '@kontor/domain/lots';
import { formatEuro, formatQuantity, toWireAmount, toWireDecimal } from '@kontor/domain/numbers';
import { type FundType, saleGain, type TaxClass, taxClassOf } from '@kontor/domain/tax';
import type { Booking, LotChange } from '../bookings/booking.ts';
import { orderTaxOf, saleTaxBooking } from '../bookings/execution-booking.ts';
import { accounts, assertBalanced, type Posting } from '../bookings/ledger.ts';
import type { CaStatementData } from '../documents/ca-statement.ts';
import { incomeTaxEvent, type LockedYear } from '../tax/income-tax.ts';
import type { TaxEventToRecord } from '../tax/store.ts';
import { caRef } from './store.ts';

/** A lot as a corporate action meets it: FIFO order, with its acquisition date (kept through a rescale or exchange). */
export type DatedLot = Lot & { openedAt: Date };

/** Pieces of an ISIN a booking moved in all (negative: out), for `ca_moves`. */
export type CaMove = { isin: string; quantity: string };

/** What the statement and the tax need to know of an ISIN. */
export type CaInstrumentInfo = { name: string; wkn?: string | null; instrumentType: string; fundType?: FundType | null };

export type CaBookingInput = {
  event: { id: string; type: CaType; isin: string; targetIsin: string; rightsIsin: string | null; exDate: string; payDate: string };
  sub: string;
  phase: CaPhase;
  /** The instruction carried out (null: a mandatory event). */
  option: CaOption | null;
  /** The `caOutcome` steps of this phase, in order. */
  steps: readonly CaStep[];
  /** The customer's open lots per ISIN, oldest first (every ISIN the steps touch). */
  lots: ReadonlyMap<string, readonly DatedLot[]>;
  /** The customer's tax year, locked; null when tax is disabled. */
  state: LockedYear | null;
  /** Cash held for the instruction (`ca_instructions.reserved`): used first, the rest released. Only with the 'pay' phase. */
  reserved: string;
  at: Date;
  info: (isin: string) => CaInstrumentInfo;
};

export const caBookingKey = (eventId: string, sub: string, phase: CaPhase) => `ca:${eventId}:${sub}:${phase}`;
export const caStatementKey = (eventId: string, sub: string, phase: CaPhase) => `ca-statement:${eventId}:${sub}:${phase}`;

/** The short name of a type on its statement ("Abrechnung Kapitalerhöhung"). */
const STATEMENT_NAMES: Readonly<Record<CaType, string>> = {
  BARABF: 'Barabfindung',
  KAP: 'Kapitalerhöhung',
  KAP2: 'Kapitalerhöhung aus Gesellschaftsmitteln',
  UMTAUSCHF: 'Umtausch',
  UMTO: 'Übernahmeangebot',
  WDIV: 'Wahldividende',
  WDIF: 'Wahldividende',
  ZEICHNUNG: 'Zeichnung',
  TEILRECHT: 'Zusammenlegung',
};

export function caStatementTitle(type: CaType, phase: CaPhase, steps: readonly CaStep[]): string {
  if (phase === 'ex') return 'Einbuchung Bezugsrechte';
  if (phase === 'rights') return steps.some((s) => s.step === 'sell') ? 'Abrechnung Verkauf Bezugsrechte' : 'Ausbuchung verfallener Bezugsrechte';
  return `Abrechnung ${STATEMENT_NAMES[type]}`;
}

const D = (v: Decimal.Value) => new Decimal(v);

/** A lot while the booking is worked out: `fresh` ones are opened by this booking (written at the end with what is left of them). */
type WorkLot = DatedLot & { fresh: boolean };

/**
 * The one booking of a phase of a corporate action for a customer (key `ca:<event>:<sub>:<phase>`):
 * the steps `caOutcome` gave, applied to the customer's lots and cash in order, with the tax of a
 * sale or a dividend, a statement (Kapitalmaßnahmen) and a notification. Pure.
 */
export function caBooking(p: CaBookingInput): { booking: Booking; moves: CaMove[] } {
  const { event: e, sub, at } = p;
  const key = caBookingKey(e.id, sub, p.phase);
  const work = new Map<string, WorkLot[]>();
  const lotsOf = (isin: string) => {
    let l = work.get(isin);
    if (!l) work.set(isin, (l = (p.lots.get(isin) ?? []).map((x) => ({ ...x, fresh: false }))));
    return l;
  };
  const changes: LotChange[] = [];
  const moved = new Map<string, Decimal>();
  const move = (isin: string, q: Decimal.Value) => moved.set(isin, (moved.get(isin) ?? D(0)).plus(q));
  const postings: Posting[] = [];
  const lines: CaStatementData['positions'] = [];
  const amounts: CaStatementData['amounts'] = [];
  let customer = D(0);
  let fraction: CaStatementData['fraction'] = null;
  let rightsCost = D(0);
  const taxable: { isin: string; gain: Decimal; taxClass: TaxClass }[] = [];
  let dividendTax: ReturnType<typeof incomeTaxEvent> | null = null;

  /** Takes `quantity` pieces out of the lots of `isin`, first in first out. */
  const take = (isin: string, quantity: string, proceeds: string) => {
    const lots = lotsOf(isin);
    const sale = sellFifo(lots, quantity, proceeds);
    for (const c of sale.consumed) {
      const lot = lots.find((l) => l.id === c.lotId)!;
      lot.remaining = toWireDecimal(D(lot.remaining).minus(c.quantity));
      lot.remainingCost = toWireAmount(D(lot.remainingCost).minus(c.cost));
      lot.remainingVorabpauschale = toWireAmount(D(lot.remainingVorabpauschale ?? 0).minus(c.vorabpauschale));
      if (!lot.fresh) {
        changes.push({ type: 'consume', ...c });
        move(isin, D(c.quantity).neg());
      }
    }
    return sale;
  };
  let freshId = 0;
  /** A lot opened by this booking, in FIFO order by its acquisition date. */
  const open = (isin: string, quantity: Decimal, cost: Decimal, openedAt: Date, vorabpauschale = '0') => {
    if (quantity.lte(0)) return;
    const lots = lotsOf(isin);
    const lot: WorkLot = { id: `fresh:${freshId++}`, quantity: toWireDecimal(quantity), remaining: toWireDecimal(quantity), cost: toWireAmount(cost), remainingCost: toWireAmount(cost), remainingVorabpauschale: vorabpauschale, openedAt, fresh: true };
    const at = lots.findIndex((l) => l.openedAt > openedAt);
    lots.splice(at < 0 ? lots.length : at, 0, lot);
  };
  const isRights = (isin: string) => isin === e.rightsIsin;
  const nameOf = (isin: string) => p.info(isin).name;

  for (const s of p.steps) {
    switch (s.step) {
      case 'rights_in':
        open(s.isin, D(s.quantity), D(0), at);
        lines.push({ label: 'Bezugsrechte eingebucht', isin: s.isin, name: nameOf(s.isin), quantity: s.quantity, direction: 'in' });
        break;
      case 'rescale': {
        // Every lot taken out whole first, then each put back × factor at its cost and date.
        const before = lotsOf(s.isin)
          .filter((l) => D(l.remaining).gt(0))
          .map((l) => ({ ...l }));
        const held = before.reduce((sum, l) => sum.plus(l.remaining), D(0));
        if (held.gt(0)) take(s.isin, toWireDecimal(held), '0');
        let after = D(0);
        for (const l of before) {
          const q = D(scaledPieces(l.remaining, s.factor));
          after = after.plus(q);
          open(s.isin, q, D(l.remainingCost), l.openedAt, l.remainingVorabpauschale ?? '0');
        }
        lines.push({ label: 'Bestand vorher', isin: s.isin, name: nameOf(s.isin), quantity: toWireDecimal(held), direction: 'out' });
        lines.push({ label: 'Bestand nachher', isin: s.isin, name: nameOf(s.isin), quantity: toWireDecimal(after), direction: 'in' });
        break;
      }
      case 'exchange': {
        // Tax-neutral (§ 20 Abs. 4a EStG): the new shares carry the old cost and dates.
        const sale = take(s.isin, s.quantity, '0');
        const source = new Map(lotsOf(s.isin).map((l) => [l.id, l]));
        let received = D(0);
        for (const c of sale.consumed) {
          const q = D(scaledPieces(c.quantity, s.factor));
          received = received.plus(q);
          open(s.targetIsin, q, D(c.cost), source.get(c.lotId)!.openedAt, c.vorabpauschale);
        }
        lines.push({ label: 'Eingereicht', isin: s.isin, name: nameOf(s.isin), quantity: s.quantity, direction: 'out' });
        lines.push({ label: 'Erhalten', isin: s.targetIsin, name: nameOf(s.targetIsin), quantity: toWireDecimal(received), direction: 'in' });
        break;
      }
      case 'sell': {
        const sale = take(s.isin, s.quantity, s.proceeds);
        const gross = D(s.proceeds).plus(s.fee);
        postings.push(
          { account: accounts.market, amount: toWireAmount(gross.neg()), kind: 'sell' },
          { account: accounts.fees, amount: s.fee, kind: 'fee' },
        );
        customer = customer.plus(s.proceeds);
        const i = p.info(s.isin);
        // Rights are not shares: their sale is taxed in the general pot.
        const taxClass = taxClassOf({ instrumentType: isRights(s.isin) ? 'BEZUGSRECHT' : i.instrumentType, name: i.name, isin: s.isin, fundType: i.fundType ?? null });
        taxable.push({ isin: s.isin, gain: D(saleGain(sale)), taxClass });
        const label = isRights(s.isin) ? 'Bezugsrechte verkauft' : s.reason === 'fraction' ? 'Bruchteil verkauft' : 'Stücke abgegeben';
        lines.push({ label, isin: s.isin, name: i.name, quantity: s.quantity, direction: 'out' });
        amounts.push({ label: `Kurswert (${formatQuantity(s.quantity)} × ${formatEuro(s.price)})`, amount: toWireAmount(gross) });
        if (D(s.fee).gt(0)) amounts.push({ label: 'Entgelt', amount: toWireAmount(D(s.fee).neg()) });
        amounts.push({ label: 'Anschaffungskosten', amount: sale.costOfSold });
        if (s.reason === 'fraction') fraction = { isin: s.isin, quantity: s.quantity, amount: s.proceeds, side: 'sell' };
        break;
      }
      case 'lapse': {
        const sale = take(s.isin, s.quantity, '0');
        if (D(sale.costOfSold).gt(0)) {
          const i = p.info(s.isin);
          taxable.push({ isin: s.isin, gain: D(saleGain(sale)), taxClass: taxClassOf({ instrumentType: 'BEZUGSRECHT', name: i.name, isin: s.isin }) });
        }
        lines.push({ label: 'Bezugsrechte verfallen', isin: s.isin, name: nameOf(s.isin), quantity: s.quantity, direction: 'out' });
        break;
      }
      case 'use_rights': {
        // The rights' cost goes into the new shares (§ 20 Abs. 4a Satz 4 EStG).
        rightsCost = rightsCost.plus(take(s.isin, s.quantity, '0').costOfSold);
        lines.push({ label: 'Bezugsrechte ausgeübt', isin: s.isin, name: nameOf(s.isin), quantity: s.quantity, direction: 'out' });
        break;
      }
      case 'buy': {
        const cost = D(s.cost);
        const value = cost.minus(s.fee);
        postings.push(
          { account: accounts.market, amount: toWireAmount(value), kind: 'buy' },
          { account: accounts.fees, amount: s.fee, kind: 'fee' },
        );
        customer = customer.minus(cost);
        const intoLot = s.reason === 'subscription' ? cost.plus(rightsCost) : cost;
        if (s.reason === 'subscription') rightsCost = D(0);
        open(s.isin, D(s.quantity), intoLot, at);
        const label = isRights(s.isin) ? 'Bezugsrechte gekauft' : s.reason === 'fraction' ? 'Bruchteil zugekauft' : 'Neue Aktien bezogen';
        lines.push({ label, isin: s.isin, name: nameOf(s.isin), quantity: s.quantity, direction: 'in' });
        amounts.push({ label: `${isRights(s.isin) ? 'Kaufpreis' : 'Bezugspreis'} (${formatQuantity(s.quantity)} × ${formatEuro(s.price)})`, amount: toWireAmount(value.neg()) });
        if (D(s.fee).gt(0)) amounts.push({ label: 'Entgelt', amount: toWireAmount(D(s.fee).neg()) });
        if (s.reason === 'fraction') fraction = { isin: s.isin, quantity: s.quantity, amount: s.cost, side: 'buy' };
        break;
      }
      case 'dividend': {
        const i = p.info(s.isin);
        const taxClass = taxClassOf({ instrumentType: i.instrumentType, name: i.name, isin: s.isin, fundType: i.fundType ?? null });
        if (p.state) dividendTax = incomeTaxEvent({ key, sub, at, isin: s.isin, name: i.name, income: { kind: 'dividend', gross: s.gross, foreignTax: '0.00', taxClass }, state: p.state });
        const tax = D(dividendTax?.total ?? 0);
        // The shares taken instead of cash are paid with the dividend: only the cash part leaves the paying agent.
        const cashPart = D(s.gross).minus(s.sharesCost);
        postings.push({ account: accounts.dividends, amount: toWireAmount(cashPart.neg()), kind: 'dividend' }, { account: accounts.taxOffice, amount: toWireAmount(tax), kind: 'tax' });
        customer = customer.plus(cashPart).minus(tax);
        amounts.push({ label: 'Dividende (brutto)', amount: s.gross });
        if (s.sharesIsin && D(s.shares).gt(0)) {
          open(s.sharesIsin, D(s.shares), D(s.sharesCost), at);
          lines.push({ label: 'Dividende in Aktien', isin: s.sharesIsin, name: nameOf(s.sharesIsin), quantity: s.shares, direction: 'in' });
          amounts.push({ label: 'Davon in Aktien', amount: toWireAmount(D(s.sharesCost).neg()) });
        }
        break;
      }
    }
  }

  // A sale's (or a lapse's) tax: one event per booking; caOutcome sells at most one ISIN per phase.
  let tax: TaxEventToRecord | undefined;
  let taxView: CaStatementData['tax'] = null;
  if (dividendTax) {
    tax = dividendTax.event;
    taxView = orderTaxOf(dividendTax.calculation);
  } else if (taxable.length > 0 && p.state) {
    const first = taxable[0]!;
    if (taxable.some((t) => t.taxClass.pot !== first.taxClass.pot || t.taxClass.teilfreistellung !== first.taxClass.teilfreistellung)) throw new Error(`${key}: sales of different tax classes in one booking`);
    const gain = taxable.reduce((sum, t) => sum.plus(t.gain), D(0));
    const booked = saleTaxBooking({ sub, key, at, isin: first.isin, name: nameOf(first.isin), executionId: null, gain: toWireAmount(gain), taxClass: first.taxClass, state: p.state });
    postings.push(...booked.postings);
    customer = customer.minus(booked.postings[1]!.amount);
    tax = booked.event;
    taxView = orderTaxOf(booked.calculation);
  }
  if (taxView) {
    const total = D(taxView.capitalGainsTax).plus(taxView.solidaritySurcharge).plus(taxView.churchTax);
    if (!total.isZero()) amounts.push({ label: total.gt(0) ? 'Einbehaltene Steuern' : 'Erstattete Steuern', amount: toWireAmount(total.neg()) });
  }

  // The cash held for the instruction pays first; what it does not need goes back to free cash.
  const reserved = D(p.reserved);
  if (reserved.gt(0)) postings.push({ account: accounts.reserved(sub), amount: toWireAmount(reserved.neg()), kind: 'release' }, { account: accounts.cash(sub), amount: toWireAmount(reserved), kind: 'release' });
  // Tax postings credit or debit cash themselves; the rest of the customer's cash moves here.
  const taxToCash = postings.filter((x) => x.kind === 'tax' && x.account === accounts.cash(sub)).reduce((s, x) => s.plus(x.amount), D(0));
  const cashMove = customer.minus(taxToCash);
  if (!cashMove.isZero()) postings.push({ account: accounts.cash(sub), amount: toWireAmount(cashMove), kind: 'corporate_action' });
  assertBalanced(postings);

  for (const [isin, lots] of work) {
    for (const l of lots) {
      if (!l.fresh || D(l.remaining).lte(0)) continue;
      // Named by the booking: who held what when counts the move (`moves`), not the lot's old date.
      changes.push({ type: 'open', isin, quantity: l.remaining, cost: l.remainingCost, openedAt: l.openedAt, executionId: key, vorabpauschale: l.remainingVorabpauschale ?? '0' });
      move(isin, l.remaining);
    }
  }

  const title = caStatementTitle(e.type, p.phase, p.steps);
  const share = p.info(e.isin);
  const data: Omit<CaStatementData, 'customerName'> = {
    title,
    eventId: e.id,
    type: e.type,
    typeLabel: CA_TYPE_LABELS[e.type],
    option: p.option ? CA_OPTION_LABELS[p.option] : null,
    isin: e.isin,
    wkn: share.wkn ?? null,
    name: share.name,
    exDate: e.exDate,
    payDate: e.payDate,
    bookedAt: at.toISOString(),
    positions: lines,
    amounts,
    fraction,
    tax: taxView,
    net: toWireAmount(customer),
  };
  const net = customer;
  const body = net.isZero()
    ? `${title}: ${lines.map((l) => `${formatQuantity(l.quantity)} ${l.label}`).join(', ')}.`
    : `${title}: ${formatEuro(toWireAmount(net.abs()))} wurden Ihrem Verrechnungskonto ${net.gt(0) ? 'gutgeschrieben' : 'belastet'}.`;
  const moves = [...moved].filter(([, q]) => !q.isZero()).map(([isin, q]) => ({ isin, quantity: toWireDecimal(q) }));
  const booking: Booking = {
    key,
    kind: 'corporate_action',
    sub,
    at,
    postings,
    ref: caRef(e.id, sub),
    lots: changes,
    ...(tax ? { tax } : {}),
    documents: [
      { kind: 'corporate_action_statement', dedupeKey: caStatementKey(e.id, sub, p.phase), title, pdfTitle: `${title} ${share.name}`, pdfIsin: e.isin, data, notify: false },
    ],
    notifications: [{ kind: 'CORPORATE_ACTION', title: `${title}: ${share.name}`, body, isin: e.isin }],
  };
  return { booking, moves };
}
