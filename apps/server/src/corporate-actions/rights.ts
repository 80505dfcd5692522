import Decimal from 'decimal.js';
import { berlinDate } from '@kontor/domain/banking-days';
import { rightsValue, type RightsBasis } from '@kontor/domain/corporate-actions';
import type { ChartRange } from '@kontor/domain/enums';
import type { Instrument } from '@kontor/domain/instrument';
import type { Quote } from '@kontor/domain/quote';
import type { QuoteListener, QuoteSource } from '../market/feed.ts';
import type { History } from '../market/history.ts';
import { fxRateNow } from '../market/price-at.ts';
import type { Clock } from '../platform/clock.ts';
import type { Db } from '../platform/db.ts';
import { caJobsStore } from './jobs-store.ts';
import { rightsBasisAt } from './schedule.ts';
import type { CaEventRow } from './store.ts';
import { toWireDecimal } from '@kontor/domain/numbers';

/**
 * Subscription rights (Bezugsrechte) in the depot: a rights ISIN (`ca_events.rights_isin`, one per
 * event) has no instrument of its own and no market; it is shown as "Bezugsrecht <share>" and
 * valued from the share's quote by `rightsValue` (decision 022).
 */
export type RightsEntry = { eventId: string; isin: string; rightsIsin: string; ratioOld: string; ratioNew: string; price: string | null; exDate: string; currency: string };

/**
 * The known rights in memory (quotes are read synchronously), by event: loaded at start, added as
 * events are announced or reach their ex date. A rights ISIN names its one event.
 */
export function rightsIndex(d: { db: Db; clock: Clock; currencyOf: (isin: string) => Promise<string> }) {
  const byEvent = new Map<string, RightsEntry>();
  const eventOfRights = new Map<string, string>();
  const index = {
    get: (rightsIsin: string) => {
      const id = eventOfRights.get(rightsIsin);
      return id === undefined ? undefined : byEvent.get(id);
    },
    /** Which price a right is valued on now. */
    basis: (r: RightsEntry): RightsBasis => rightsBasisAt(r.exDate, d.clock.now()),
    /** Which price the share's previous close is: on the ex date itself, the cum price of the day before. */
    closeBasis: (r: RightsEntry): RightsBasis => (berlinDate(d.clock.now()) > r.exDate ? 'ex' : 'cum'),
    async register(e: CaEventRow): Promise<void> {
      if (!e.rightsIsin || byEvent.has(e.id)) return;
      byEvent.set(e.id, { eventId: e.id, isin: e.isin, rightsIsin: e.rightsIsin, ratioOld: e.ratioOld, ratioNew: e.ratioNew, price: e.price, exDate: e.exDate, currency: await d.currencyOf(e.isin) });
      eventOfRights.set(e.rightsIsin, e.id);
    },
    async load(): Promise<void> {
      for (const e of await caJobsStore(d.db).rightsEvents()) await index.register(e);
    },
    /** The entry of a rights ISIN, looked up in the database when another process announced it. */
    async find(rightsIsin: string): Promise<RightsEntry | undefined> {
      const known = index.get(rightsIsin);
      if (known) return known;
      const e = await caJobsStore(d.db).eventOfRights(rightsIsin);
      if (e) await index.register(e);
      return index.get(rightsIsin);
    },
  };
  return index;
}

export type RightsIndex = ReturnType<typeof rightsIndex>;

/** The instrument lookup with rights ISINs resolved to an instrument-like record of the share ("Bezugsrecht SAP SE", in euros). */
export function withRightsInstruments(instrument: (isin: string) => Promise<Instrument | undefined>, rights: RightsIndex) {
  return async (isin: string): Promise<Instrument | undefined> => {
    // A known rights ISIN first: the instrument store reads an unknown ISIN from the database
    // outside the caller's transaction, which waits forever inside a job on PGlite (one connection).
    const known = rights.get(isin);
    const found = known ? undefined : await instrument(isin);
    if (found) return found;
    const r = known ?? (await rights.find(isin));
    const share = r && (await instrument(r.isin));
    if (!r || !share) return undefined;
    return { ...share, isin, wkn: null, name: `Bezugsrecht ${share.name}`, quoteCurrencyCode: 'EUR', fractionalTrading: false } as Instrument;
  };
}

/** The quote of a right from the share's quote (euros, bid rounded down and ask up); undefined while the share has none. */
export function rightsQuote(r: RightsEntry, share: Quote | undefined, fx: string | null, basis: RightsBasis): Quote | undefined {
  if (!share || !fx) return undefined;
  const eur = (v: string) => toWireDecimal(new Decimal(v).mul(fx));
  return { id: `bzr-${share.id}`, isin: r.rightsIsin, bid: rightsValue(r, eur(share.bid), 'bid', basis), ask: rightsValue(r, eur(share.ask), 'ask', basis), ts: share.ts };
}

/**
 * The quote source with rights ISINs answered from their share: `current` derives the right's
 * quote, `subscribe` follows the share. Every other ISIN goes straight through (one map lookup).
 */
export function withRightsQuotes(quotes: QuoteSource, rights: RightsIndex): QuoteSource {
  const derived = (isin: string): Quote | undefined => {
    const r = rights.get(isin);
    return r && rightsQuote(r, quotes.current(r.isin), fxRateNow(quotes, r.currency), rights.basis(r));
  };
  return {
    current: (isin) => quotes.current(isin) ?? derived(isin),
    subscribe(isins: ReadonlySet<string>, listener: QuoteListener) {
      const plain = new Set<string>();
      const shares = new Map<string, string[]>();
      for (const isin of isins) {
        const r = rights.get(isin);
        if (r && !quotes.current(isin)) shares.set(r.isin, [...(shares.get(r.isin) ?? []), isin]);
        else plain.add(isin);
      }
      const offs: (() => void)[] = [];
      if (plain.size > 0) offs.push(quotes.subscribe(plain, listener));
      if (shares.size > 0) {
        offs.push(
          quotes.subscribe(new Set(shares.keys()), (updates) => {
            const out = updates.flatMap((u) =>
              (shares.get(u.quote.isin) ?? []).flatMap((rightsIsin) => {
                const q = derived(rightsIsin);
                return q ? [{ quote: q, json: JSON.stringify(q) }] : [];
              }),
            );
            if (out.length > 0) listener(out);
          }),
        );
      }
      return () => offs.forEach((off) => off());
    },
    history: (isin: string, range: ChartRange, since?: Date): History | undefined => quotes.history(isin, range, since),
    previousClose(isin: string): string | undefined {
      const direct = quotes.previousClose(isin);
      if (direct !== undefined) return direct;
      const r = rights.get(isin);
      const close = r && quotes.previousClose(r.isin);
      const fx = r && fxRateNow(quotes, r.currency);
      return r && close && fx ? rightsValue(r, toWireDecimal(new Decimal(close).mul(fx)), 'bid', rights.closeBasis(r)) : undefined;
    },
  };
}
