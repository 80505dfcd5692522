import { createHash } from 'node:crypto';
import Decimal from 'decimal.js';
import { addBankingDays, berlinDate, isBankingDay, nextBankingDay, startOfBerlinDay, type IsoDate } from '@kontor/domain/banking-days';
import { CA_OPTION_LABELS, CA_TYPE_LABELS, CA_TYPE_OPTIONS, MANDATORY_CA_TYPES } from '@kontor/domain/corporate-actions';
import { recordDateOf } from '@kontor/domain/corporate-action-dates';
import { CA_TYPES, type CaType } from '@kontor/domain/enums';
import type { Instrument } from '@kontor/domain/instrument';
import { AppError } from '../platform/errors.ts';
import type { QuoteSource } from '../market/feed.ts';
import { fxRateNow } from '../market/price-at.ts';
import type { Clock } from '../platform/clock.ts';
import type { Db } from '../platform/db.ts';
import type { Scheduler } from '../scheduler/scheduler.ts';
import type { DocumentStore } from '../documents/store.ts';
import type { CaTermsData } from '../documents/ca-terms.ts';
import { addNotification } from '../notifications/store.ts';
import { notesStore } from '../notes/store.ts';
import { REFERENCE_INSTRUMENTS } from '../instruments/reference-instruments.ts';
import { lotStore } from '../bookings/lot-store.ts';
import { eurQuote, rightsIsinOf } from './position.ts';
import { exInstant, scheduleCaEvent } from './schedule.ts';
import { caNoticeId, caStore, caTermsKey, type CaEventRow } from './store.ts';
import { formatDeadline } from '@kontor/domain/dates';
import { eventSchedule } from './views.ts';
import { toWireAmount, toWireDecimal } from '@kontor/domain/numbers';
import { defineJob } from '../scheduler/job-kind.ts';
import { z } from 'zod';

/** The custodian's daily look for new corporate actions, 07:00 Berlin on banking days. */
export const CA_ANNOUNCE_DAY_JOB = defineJob({
  kind: 'ca.announce_day',
  payload: z.object({ date: z.iso.date() }),
  when: 'every banking day at 07:00 (Berlin), outside tests',
  fanOut: 'announcements of the day drawn for held shares, each with its ca.ex, ca.deadline, ca.rights and ca.pay; the next banking day',
});
/** About one event per held share per year: one banking day in this many. */
const ANNOUNCE_ONE_IN = 250;

const berlinAt = (date: IsoDate, hour: number) => new Date(startOfBerlinDay(date).getTime() + hour * 3_600_000);
const announceInstant = (date: IsoDate) => berlinAt(date, 7);
const cents = (v: Decimal) => v.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);

/** A number from a text, the same on every run (the custodian's "dice"). */
const hashOf = (text: string) => createHash('sha256').update(text).digest().readUInt32BE(0);

export type CustodianDeps = {
  db: Db;
  clock: Clock;
  scheduler: Scheduler;
  quotes: QuoteSource;
  documents: DocumentStore;
  instrument: (isin: string) => Promise<Instrument | undefined>;
  /** The rights ISINs in memory (rights.ts): a rights issue's ISIN is known from its announcement on. */
  rights: { register(e: CaEventRow): Promise<void> };
  /** The daily job only announces where enabled (off in tests: events at random dates would disturb other scenarios). */
  daily: boolean;
  /** The `subscriptionRights` feature flag: without it no rights issue (KAP) is announced. */
  subscriptionRights: boolean;
};

type EventValues = Omit<CaEventRow, 'id' | 'announcedAt' | 'recordDate' | 'exDate' | 'deadline' | 'rightsTradingEnd' | 'payDate'>;

/**
 * The custodian (Lagerstelle) stand-in: it announces corporate actions on shares customers hold,
 * with terms derived from the current price, and tells every holder (the terms in the Posteingang,
 * a notification, and for a voluntary event a notice until its deadline). Decision 022 says what
 * each type means.
 */
export function custodian(d: CustodianDeps) {
  /** Another share of the universe with a price, chosen by the hash (the target of an exchange or a new issue). */
  function otherShare(isin: string, seed: number): { isin: string; currency: string } | null {
    const candidates = REFERENCE_INSTRUMENTS.filter((r) => r.instrumentType === 'AKTIE' && r.isin !== isin && d.quotes.current(r.isin));
    const pick = candidates[seed % Math.max(1, candidates.length)];
    return pick ? { isin: pick.isin, currency: pick.currency } : null;
  }

  /** The terms of `type` on `isin` at today's prices (euros); null when the market has no price. */
  function termsFor(type: CaType, isin: string, currency: string, seed: number, eventId: string): EventValues | null {
    const bid = eurQuote(d.quotes, isin, currency, 'bid');
    if (!bid) return null;
    const share = new Decimal(bid);
    const base: EventValues = { type, isin, targetIsin: isin, rightsIsin: null, ratioOld: '1', ratioNew: '1', price: null, dividend: null, foreignDividend: null, currency: null };
    const of = (factor: string) => toWireAmount(cents(share.mul(factor)));
    switch (type) {
      case 'KAP':
        return { ...base, rightsIsin: rightsIsinOf(eventId), ratioOld: seed % 2 === 0 ? '10' : '5', price: of('0.8') };
      case 'KAP2':
        return { ...base, ratioOld: '10' };
      case 'BARABF':
        return { ...base, price: of('1.05') };
      case 'UMTO':
        return { ...base, price: of('1.15') };
      case 'UMTAUSCHF': {
        const target = otherShare(isin, seed);
        return target && { ...base, targetIsin: target.isin, ratioOld: '2' };
      }
      case 'WDIV':
        return { ...base, dividend: of('0.02'), price: of('0.95') };
      case 'WDIF': {
        const usd = fxRateNow(d.quotes, 'USD');
        if (!usd) return null;
        const dividend = of('0.02');
        return { ...base, dividend, foreignDividend: toWireAmount(cents(new Decimal(dividend).div(usd))), currency: 'USD' };
      }
      case 'ZEICHNUNG': {
        const target = otherShare(isin, seed);
        const ask = target && eurQuote(d.quotes, target.isin, target.currency, 'ask');
        return target && ask ? { ...base, targetIsin: target.isin, ratioOld: '10', price: toWireAmount(cents(new Decimal(ask).mul('0.97'))) } : null;
      }
      case 'TEILRECHT':
        return { ...base, ratioOld: '5', price: of('5') };
    }
  }

  /** The dates of an event announced `now` (decision 022; deadline ≥ ex date's 06:00, pay ≥ rights ≥ deadline). */
  function datesFor(type: CaType, now: Date) {
    const exDate = addBankingDays(berlinDate(now), 3);
    const recordDate = recordDateOf(exDate);
    if (MANDATORY_CA_TYPES.includes(type)) {
      return { recordDate, exDate, deadline: exInstant(exDate), rightsTradingEnd: null, payDate: type === 'KAP2' ? exDate : addBankingDays(exDate, 2) };
    }
    const deadlineDay = addBankingDays(exDate, 5);
    return {
      recordDate,
      exDate,
      deadline: berlinAt(deadlineDay, 12),
      rightsTradingEnd: type === 'KAP' ? berlinAt(deadlineDay, 15) : null,
      payDate: addBankingDays(deadlineDay, 3),
    };
  }

  /**
   * Announces one event of `type` on `isin` to everyone holding it now, in the caller's
   * transaction: the event, the entitlements, its jobs, and per holder the terms, a notification
   * and (voluntary) a notice. The id is `<type>-<isin>-<ex date>`: announcing twice is a no-op.
   * Null when there is nothing to announce (no price, no target).
   */
  async function announce(tx: Db, p: { isin: string; type: CaType; now: Date }): Promise<{ eventId: string; created: boolean } | null> {
    const instrument = await d.instrument(p.isin);
    if (!instrument || instrument.instrumentType !== 'AKTIE') throw new AppError(422, 'Kapitalmaßnahmen werden nur für Aktien angekündigt.');
    if (p.type === 'KAP' && !d.subscriptionRights) throw new AppError(422, 'Bezugsrechte sind derzeit nicht aktiv: Kapitalerhöhungen gegen Bareinlage werden nicht angekündigt.');
    const dates = datesFor(p.type, p.now);
    const id = `${p.type}-${p.isin}-${dates.exDate}`;
    const values = termsFor(p.type, p.isin, instrument.quoteCurrencyCode, hashOf(`${p.isin}:${berlinDate(p.now)}:terms`), id);
    if (!values) return null;
    const event: CaEventRow = { id, ...values, ...dates, announcedAt: p.now };
    return { eventId: id, created: await publish(tx, event, instrument) };
  }

  /**
   * Writes an event with its terms and dates set, in the caller's transaction: everyone holding the
   * share now entitled, its jobs, and per holder the terms, a notification and (voluntary) a
   * notice. False when it existed.
   */
  async function publish(tx: Db, event: CaEventRow, instrument?: Instrument): Promise<boolean> {
    if (!(await caStore(tx).insertEvent(event))) return false;
    const share = instrument ?? (await d.instrument(event.isin));
    const holders = (await caStore(tx).holders(event.isin)).map((h) => ({ sub: h.sub, quantity: toWireDecimal(h.quantity) }));
    const entitled = await caStore(tx).entitle(event.id, holders, event.announcedAt);
    await scheduleCaEvent(d.scheduler, tx, event);
    // Known at once, so that a job or a read inside a transaction never looks the rights ISIN up outside it.
    await d.rights.register(event);
    const target = event.targetIsin === event.isin ? share : await d.instrument(event.targetIsin);
    const held = new Map(holders.map((h) => [h.sub, h.quantity]));
    const names = { name: share?.name ?? event.isin, targetName: target?.name ?? event.targetIsin };
    for (const sub of entitled) await tellHolder(tx, event, names, sub, held.get(sub) ?? '0', event.announcedAt);
    return true;
  }

  /** The terms in the Posteingang, a notification and (voluntary) a notice until the deadline, issued `at`. */
  async function tellHolder(tx: Db, e: CaEventRow, names: { name: string; targetName: string }, sub: string, quantity: string, at: Date): Promise<void> {
    const typeLabel = CA_TYPE_LABELS[e.type];
    const { options, default: defaultOption } = CA_TYPE_OPTIONS[e.type];
    const data: Omit<CaTermsData, 'customerName'> = {
      notice: 'terms',
      eventId: e.id,
      type: e.type,
      typeLabel,
      mandatory: MANDATORY_CA_TYPES.includes(e.type),
      isin: e.isin,
      name: names.name,
      targetIsin: e.targetIsin,
      targetName: names.targetName,
      rightsIsin: e.rightsIsin,
      ratioOld: toWireDecimal(e.ratioOld),
      ratioNew: toWireDecimal(e.ratioNew),
      price: e.price,
      dividend: e.dividend,
      foreignDividend: e.foreignDividend,
      ...eventSchedule(e),
      quantity,
      options: options.map((o) => ({ option: o, label: CA_OPTION_LABELS[o] })),
      defaultOption: defaultOption && CA_OPTION_LABELS[defaultOption],
    };
    const title = `${typeLabel} ${names.name}`;
    const documentId = await d.documents.issue(tx, sub, at, { kind: 'corporate_action_notice', dedupeKey: caTermsKey(e.id), title: 'Kapitalmaßnahme', pdfTitle: title, pdfIsin: e.isin, data, notify: false });
    const voluntary = !data.mandatory;
    const deadline = formatDeadline(e.deadline);
    await addNotification(
      tx,
      {
        sub,
        kind: 'CORPORATE_ACTION',
        title: `Kapitalmaßnahme: ${names.name}`,
        body: voluntary ? `${typeLabel}. Ihre Weisung ist bis ${deadline} Uhr möglich.` : `${typeLabel}. Sie müssen nichts tun; wir buchen automatisch.`,
        isin: e.isin,
        documentId,
      },
      at,
    );
    if (!voluntary) return;
    await notesStore(tx).issue([
      {
        id: caNoticeId(e.id, sub),
        pages: ['CORPORATE_ACTIONS', 'DEPOT'],
        level: 'action',
        title: `Weisung zu ${names.name} bis ${deadline.slice(0, 10)} möglich`,
        body: `${typeLabel}: Sie können bis ${deadline} Uhr eine Weisung erteilen. Ohne Weisung gilt: ${data.defaultOption ?? '—'}.`,
        link: '/kapitalmassnahmen',
        linkLabel: 'Weisung erteilen',
        isin: e.isin,
        validFrom: at,
        validTo: e.deadline,
        audienceSub: sub,
      },
    ]);
  }

  /**
   * A buy booked during an event's announcement period (announced, before its ex date): the buyer
   * holds the share at the record date, so they are entitled at once and get the terms, the
   * notification and the notice as the holders got them at the announcement. In the buy's transaction.
   */
  async function boughtDuringAnnouncement(tx: Db, sub: string, isin: string, at: Date): Promise<void> {
    const open = (await caStore(tx).openOn(isin, berlinDate(at))).filter((e) => e.announcedAt <= at && at < exInstant(e.exDate));
    if (open.length === 0) return;
    const held = toWireDecimal((await lotStore(tx).openLots(sub, isin, false)).reduce((s, l) => s.plus(l.remaining), new Decimal(0)));
    const instrument = await d.instrument(isin);
    for (const e of open) {
      if ((await caStore(tx).entitle(e.id, [{ sub, quantity: held }], at)).length === 0) continue;
      const target = e.targetIsin === e.isin ? instrument : await d.instrument(e.targetIsin);
      await tellHolder(tx, e, { name: instrument?.name ?? isin, targetName: target?.name ?? e.targetIsin }, sub, held, at);
    }
  }

  /** Whether the custodian announces something on `isin` on `date`, and what (rarely, the same on every run). */
  function draw(isin: string, date: IsoDate): CaType | null {
    const h = hashOf(`${isin}:${date}`);
    const type = h % ANNOUNCE_ONE_IN === 0 ? CA_TYPES[Math.floor(h / ANNOUNCE_ONE_IN) % CA_TYPES.length]! : null;
    return type === 'KAP' && !d.subscriptionRights ? null : type;
  }

  const scheduleDay = (tx: Db, date: IsoDate) => d.scheduler.schedule(tx, CA_ANNOUNCE_DAY_JOB, { key: date, dueAt: announceInstant(date), payload: { date } });

  return {
    announce,
    publish,
    boughtDuringAnnouncement,
    draw,
    subscriptionRights: d.subscriptionRights,
    /** Announces at once, in its own transaction (the dev route, the seed). */
    announceNow: (isin: string, type: CaType) => d.db.transaction((tx) => announce(tx, { isin, type, now: d.clock.now() })),
    /** Registers the daily job and schedules the next run (at start; idempotent). */
    async start(): Promise<void> {
      d.scheduler.handle(CA_ANNOUNCE_DAY_JOB, async (tx, job) => {
        const { date } = job.payload;
        for (const isin of await caStore(tx).heldIsins()) {
          const type = draw(isin, date);
          if (!type) continue;
          const instrument = await d.instrument(isin);
          if (instrument?.instrumentType === 'AKTIE') await announce(tx, { isin, type, now: job.dueAt });
        }
        await scheduleDay(tx, nextBankingDay(date));
      });
      if (!d.daily) return;
      let day = berlinDate(d.clock.now());
      if (!isBankingDay(day) || announceInstant(day) < d.clock.now()) day = nextBankingDay(day);
      await d.db.transaction((tx) => scheduleDay(tx, day));
    },
  };
}

export type Custodian = ReturnType<typeof custodian>;
