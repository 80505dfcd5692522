import Decimal from 'decimal.js';
import type { AuthorisationPayload, AuthorisationResult } from '@kontor/domain/auth-contracts';
import { caAuthorisationAmount, caAuthorisationData, type CaAnnouncement, type CaAnnouncementList, type CaInstructionRequest, type CaPreview } from '@kontor/domain/ca-contracts';
import { caNetCash, caOutcome, MANDATORY_CA_TYPES, type CaOutcome, type CaStep } from '@kontor/domain/corporate-actions';
import type { Instrument } from '@kontor/domain/instrument';
import type { Lot } from '@kontor/domain/lots';
import { sellFifo } from '@kontor/domain/lots';
import { CREDITABLE_WITHHOLDING, saleGain, taxClassOf, taxEvent, taxTotal } from '@kontor/domain/tax';
import type { SaleTaxEstimate } from '@kontor/domain/tax-contracts';
import { issuerCountry } from '@kontor/domain/vorabpauschale';
import { berlinDate } from '@kontor/domain/banking-days';
import { holdEntry, releaseEntry } from '../bookings/holds.ts';
import { post } from '../bookings/ledger.ts';
import { lotStore } from '../bookings/lot-store.ts';
import type { QuoteSource } from '../market/feed.ts';
import type { Clock } from '../platform/clock.ts';
import type { Db } from '../platform/db.ts';
import { AppError, notFound } from '../platform/errors.ts';
import { notesStore } from '../notes/store.ts';
import { currentTaxYear } from '../tax/store.ts';
import { holdingFor, positionFor } from './position.ts';
import { caNoticeId, caRef, caStore, termsOf, type CaEventRow } from './store.ts';
import { formatDeadline } from '@kontor/domain/dates';
import { announcementView, byStatusThenDeadline, type AnnouncementRow } from './views.ts';
import { toWireAmount, toWireDecimal } from '@kontor/domain/numbers';

const NOT_FOUND = 'Diese Kapitalmaßnahme gibt es nicht.';
const MANDATORY = 'Diese Kapitalmaßnahme ist verpflichtend; eine Weisung ist nicht möglich.';
const NEEDS_TAN = 'Bitte bestätigen Sie die Weisung mit einer TAN.';
const deadlinePassed = (e: CaEventRow) => new AppError(409, `Die Frist für Weisungen zu dieser Kapitalmaßnahme ist am ${formatDeadline(e.deadline)} Uhr abgelaufen.`);

export type CaServiceDeps = {
  db: Db;
  clock: Clock;
  quotes: QuoteSource;
  instrument: (isin: string) => Promise<Instrument | undefined>;
  /** Euros per unit of a currency now; null without a rate. */
  fxRate: (currency: string) => string | null;
  /** Runs a transaction that moves free cash through trading's write queue. */
  write: <T>(run: (tx: Db) => Promise<T>) => Promise<T>;
  redeem: (tx: Db, sub: string, payload: AuthorisationPayload, result: AuthorisationResult) => Promise<void>;
  taxEnabled: boolean;
};

/** A preview's figures with the outcome behind them. */
type Worked = { preview: CaPreview; outcome: CaOutcome };

/**
 * Kapitalmaßnahmen for the customer: the events they are entitled to, the preview of an
 * instruction (caOutcome, with the tax it would withhold now) and the instruction itself, whose
 * cash is held at once. The bookings on the event's dates are the jobs' (jobs.ts).
 */
export function caService(d: CaServiceDeps) {
  const currencyOf = async (isin: string) => (await d.instrument(isin))?.quoteCurrencyCode ?? 'EUR';
  const nameOf = async (isin: string) => (await d.instrument(isin))?.name ?? isin;

  async function names(isins: readonly string[]): Promise<Map<string, string>> {
    const unique = [...new Set(isins)];
    return new Map(await Promise.all(unique.map(async (isin) => [isin, await nameOf(isin)] as const)));
  }

  async function views(sub: string, rows: AnnouncementRow[]): Promise<CaAnnouncement[]> {
    const [docs, named] = await Promise.all([caStore(d.db).documentsOf(sub), names(rows.flatMap((r) => [r.event.isin, r.event.targetIsin]))]);
    const now = d.clock.now();
    const holdings = await Promise.all(rows.map((r) => holdingFor(d.db, r.event, r.entitlement)));
    return rows.map((r, i) => announcementView(r, { now, names: named, docs, holding: holdings[i]! }));
  }

  async function rowOf(db: Db, sub: string, id: string): Promise<AnnouncementRow> {
    const row = await caStore(db).eventOf(sub, id);
    if (!row) throw notFound(NOT_FOUND);
    return row;
  }

  /**
   * The tax the taxed steps would withhold now, one after the other against the year as it
   * stands (nothing locked): sales first in first out (rights from the depot, or one per share
   * before the ex date, at cost 0), dividends as income. Null without tax or when nothing is taxed.
   */
  async function taxOf(sub: string, e: CaEventRow, steps: readonly CaStep[]): Promise<SaleTaxEstimate | null> {
    const taxed = steps.filter((s) => s.step === 'sell' || s.step === 'dividend');
    if (!d.taxEnabled || taxed.length === 0) return null;
    const state = await currentTaxYear(d.db, sub, d.clock.now());
    let year = state.year;
    let paid = state.paid;
    const sum = { gain: new Decimal(0), taxablePart: new Decimal(0), allowanceUsed: new Decimal(0), kest: new Decimal(0), soli: new Decimal(0), church: new Decimal(0), proceeds: new Decimal(0), cost: new Decimal(0) };
    let teilfreistellung = '0';
    let before: { shares: string; other: string } | null = null;
    let after = { shares: '0.00', other: '0.00' };
    for (const s of taxed) {
      const instrument = await d.instrument(s.isin);
      const taxClass = taxClassOf(instrument ?? { instrumentType: s.isin === e.rightsIsin ? 'BEZUGSRECHT' : 'AKTIE', name: s.isin, isin: s.isin });
      let income: Parameters<typeof taxEvent>[1];
      if (s.step === 'sell') {
        let lots: Lot[] = await lotStore(d.db).openLots(sub, s.isin, false);
        const held = lots.reduce((a, l) => a.plus(l.remaining), new Decimal(0));
        // Rights not yet booked (before the ex date) come in at cost 0 (§ 20 Abs. 4a Satz 4 EStG).
        if (held.lt(s.quantity) && s.isin === e.rightsIsin) lots = [...lots, { id: 'rights', remaining: s.quantity, quantity: s.quantity, cost: '0.00', remainingCost: '0.00' }];
        else if (held.lt(s.quantity)) continue;
        const sale = sellFifo(lots, s.quantity, s.proceeds);
        sum.proceeds = sum.proceeds.plus(s.proceeds);
        sum.cost = sum.cost.plus(sale.costOfSold).plus(sale.vorabpauschaleOfSold);
        income = { kind: 'sale', gain: saleGain(sale), taxClass };
      } else {
        const gross = new Decimal(s.gross);
        const foreignTax = toWireAmount(gross.mul(CREDITABLE_WITHHOLDING[issuerCountry(s.isin)] ?? '0'));
        sum.proceeds = sum.proceeds.plus(gross);
        income = { kind: 'dividend', gross: toWireAmount(gross), foreignTax, taxClass };
      }
      const ev = taxEvent({ year, paid }, income, state.allowance, state.church);
      const c = ev.calculation;
      year = ev.year;
      paid = ev.paid;
      teilfreistellung = c.teilfreistellung;
      before ??= { shares: c.lossPotSharesBefore, other: c.lossPotOtherBefore };
      sum.gain = sum.gain.plus(c.amount);
      sum.taxablePart = sum.taxablePart.plus(c.taxablePart);
      sum.allowanceUsed = sum.allowanceUsed.plus(c.allowanceUsed);
      sum.kest = sum.kest.plus(c.capitalGainsTax);
      sum.soli = sum.soli.plus(c.solidaritySurcharge);
      sum.church = sum.church.plus(c.churchTax);
      after = { shares: c.lossPotSharesAfter, other: c.lossPotOtherAfter };
    }
    if (!before) return null;
    const f = (v: Decimal) => toWireAmount(v);
    const amounts = { capitalGainsTax: f(sum.kest), solidaritySurcharge: f(sum.soli), churchTax: f(sum.church) };
    return {
      gain: f(sum.gain),
      taxablePart: f(sum.taxablePart),
      teilfreistellung,
      allowanceUsed: f(sum.allowanceUsed),
      ...amounts,
      lossPotSharesAfter: after.shares,
      lossPotOtherAfter: after.other,
      proceeds: f(sum.proceeds),
      acquisitionCost: f(sum.cost),
      lossPotSharesBefore: before?.shares ?? after.shares,
      lossPotOtherBefore: before?.other ?? after.other,
      allowanceRemainingBefore: f(Decimal.max(0, new Decimal(state.allowance).minus(state.paid.allowanceUsed))),
      total: taxTotal(amounts),
    };
  }

  /** What the instruction would book for the customer now; a German 422 when it cannot be carried out. */
  async function work(sub: string, row: AnnouncementRow, req: Pick<CaInstructionRequest, 'option' | 'quantity'>): Promise<Worked> {
    const e = row.event;
    if (MANDATORY_CA_TYPES.includes(e.type)) throw new AppError(422, MANDATORY);
    const quantity = req.quantity === undefined || req.quantity === null || req.quantity === '' ? null : toWireDecimal(req.quantity);
    const position = await positionFor(d.db, { event: e, entitlement: row.entitlement, quotes: d.quotes, currencyOf, fxRate: d.fxRate, now: d.clock.now() });
    const result = caOutcome(termsOf(e), req.option, quantity, position);
    if (!result.ok) throw new AppError(422, result.message, [{ field: 'option', message: result.message }]);
    const o = result.outcome;
    const tax = await taxOf(sub, e, o.steps);
    const netCash = new Decimal(caNetCash(o, tax?.total ?? 0));
    const named = await names([...o.sharesIn, ...o.sharesOut].map((s) => s.isin));
    const withName = (l: { isin: string; quantity: string }[]) => l.map((s) => ({ ...s, name: named.get(s.isin) ?? s.isin }));
    return {
      outcome: o,
      preview: {
        eventId: e.id,
        option: req.option,
        quantity,
        sharesIn: withName(o.sharesIn),
        sharesOut: withName(o.sharesOut),
        rightsUsed: o.rightsUsed,
        rightsBought: o.rightsBought,
        rightsSold: o.rightsSold,
        rightsLapsed: o.rightsLapsed,
        cashDebit: o.cashDebit,
        cashCredit: o.cashCredit,
        costs: o.costs,
        fraction: o.fraction,
        tax,
        netCash: toWireAmount(netCash),
        reserve: o.reserve,
        needsAuthorisation: new Decimal(o.reserve).gt(0) || netCash.lt(0),
        bookedOn: { rights: e.type === 'KAP' && e.rightsTradingEnd ? berlinDate(e.rightsTradingEnd) : null, pay: e.payDate },
      },
    };
  }

  const service = {
    async list(sub: string): Promise<CaAnnouncementList> {
      const items = await views(sub, await caStore(d.db).eventsOf(sub));
      return { items: items.sort(byStatusThenDeadline) };
    },

    async detail(sub: string, id: string): Promise<CaAnnouncement> {
      const [view] = await views(sub, [await rowOf(d.db, sub, id)]);
      return view!;
    },

    async preview(sub: string, req: CaInstructionRequest): Promise<CaPreview> {
      return (await work(sub, await rowOf(d.db, sub, req.eventId), req)).preview;
    },

    /**
     * Gives (or, before the deadline, replaces) the instruction. One that debits cash needs an
     * authorisation bound to it; its cash is held at once (the previous instruction's hold
     * released in the same transaction). The same instruction again changes nothing.
     */
    async instruct(sub: string, req: CaInstructionRequest): Promise<CaAnnouncement> {
      const row = await rowOf(d.db, sub, req.eventId);
      const e = row.event;
      if (MANDATORY_CA_TYPES.includes(e.type)) throw new AppError(422, MANDATORY);
      if (d.clock.now() >= e.deadline) throw deadlinePassed(e);
      const { preview } = await work(sub, row, req);
      const same = (i: AnnouncementRow['instruction']) =>
        i !== null && i.source === 'customer' && i.option === preview.option && (i.quantity === null ? null : toWireDecimal(i.quantity)) === preview.quantity;
      if (same(row.instruction)) return service.detail(sub, e.id);
      const amount = caAuthorisationAmount(preview);
      if (preview.needsAuthorisation && !req.authorisation) throw new AppError(403, NEEDS_TAN);
      await d.write(async (tx) => {
        const now = d.clock.now();
        if (now >= e.deadline) throw deadlinePassed(e);
        const previous = (await caStore(tx).instruction(e.id, sub)) ?? null;
        if (same(previous)) return;
        if (preview.needsAuthorisation) {
          const data = caAuthorisationData({ eventId: e.id, option: preview.option, quantity: preview.quantity, amount });
          await d.redeem(tx, sub, { type: 'CA_INSTRUCTION', data }, req.authorisation!);
        }
        const ref = caRef(e.id, sub);
        const held = new Decimal(previous?.reserved ?? 0);
        if (held.gt(0)) await post(tx, releaseEntry(sub, ref, held, now));
        const reserve = new Decimal(preview.reserve);
        if (reserve.gt(0)) await post(tx, holdEntry(sub, ref, reserve, now));
        await caStore(tx).putInstruction({ eventId: e.id, sub, option: preview.option, quantity: preview.quantity, source: 'customer', reserved: toWireAmount(reserve), at: now });
        // Instructed: the notice asking for an instruction has done its work.
        await notesStore(tx).dismiss(sub, caNoticeId(e.id, sub), now);
      });
      return service.detail(sub, e.id);
    },
  };
  return service;
}

export type CaService = ReturnType<typeof caService>;
