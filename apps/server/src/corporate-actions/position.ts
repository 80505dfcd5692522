import Decimal from 'decimal.js';
import { createHash } from 'node:crypto';
import { rightsValue, type CaPosition } from '@kontor/domain/corporate-actions';
import type { QuoteSource } from '../market/feed.ts';
import { fxRateNow } from '../market/price-at.ts';
import { lotStore } from '../bookings/lot-store.ts';
import type { Db } from '../platform/db.ts';
import { withCheckDigit } from '../instruments/isin.ts';
import { rightsBasisAt } from './schedule.ts';
import type { CaEntitlementRow, CaEventRow } from './store.ts';
import { toWireDecimal } from '@kontor/domain/numbers';

/**
 * The ISIN of the subscription rights of one rights issue: "XR", nine characters of the event id's
 * hash and the check digit. Each event has its own, so two issues on one share never share rights.
 */
export const rightsIsinOf = (eventId: string) => withCheckDigit(`XR${BigInt(`0x${createHash('sha256').update(eventId).digest('hex').slice(0, 16)}`).toString(36).toUpperCase().padStart(9, '0').slice(-9)}`);

/** Euros per piece of `isin` on one side of its current quote; null when the market has none. */
export function eurQuote(quotes: QuoteSource, isin: string, currency: string, side: 'bid' | 'ask'): string | null {
  const q = quotes.current(isin);
  const fx = fxRateNow(quotes, currency);
  if (!q || !fx) return null;
  return toWireDecimal(new Decimal(side === 'bid' ? q.bid : q.ask).mul(fx));
}

/**
 * The shares a customer is entitled with and the rights they hold for an event, as one figure for
 * the event's view, its preview and the booking: before the ex date what the lots hold now (a buy
 * during the announcement period counts at once); from the ex date the holding fixed at the end of
 * the day before it, except for a disposal (squeeze-out, offer, exchange, bonus shares,
 * consolidation), which takes what is held on the day. Rights: before the ex date one per share,
 * as they will be booked; from then on what the depot holds of the event's own rights.
 */
export async function holdingFor(db: Db, e: CaEventRow, ent: CaEntitlementRow): Promise<{ held: Decimal; rights: Decimal }> {
  // Booked: what it was booked on stays the figure.
  if (ent.booked.includes('pay')) return { held: new Decimal(ent.quantity), rights: new Decimal(ent.rights) };
  const sum = async (isin: string) => (await lotStore(db).openLots(ent.sub, isin, false)).reduce((s, l) => s.plus(l.remaining), new Decimal(0));
  const disposal = e.type === 'BARABF' || e.type === 'UMTO' || e.type === 'UMTAUSCHF' || e.type === 'KAP2' || e.type === 'TEILRECHT';
  const held = ent.fixed && !disposal ? new Decimal(ent.quantity) : await sum(e.isin);
  const rights = e.rightsIsin ? (ent.fixed ? await sum(e.rightsIsin) : held) : new Decimal(0);
  return { held, rights };
}

/**
 * What `caOutcome` needs about a customer and the market now: the holding (`holdingFor`) and the
 * current prices in euros, a right valued on the cum or the ex price as `now` stands to the ex date.
 */
export async function positionFor(
  db: Db,
  p: { event: CaEventRow; entitlement: CaEntitlementRow; quotes: QuoteSource; currencyOf: (isin: string) => Promise<string>; fxRate: (currency: string) => string | null; now: Date },
): Promise<CaPosition> {
  const e = p.event;
  const { held, rights } = await holdingFor(db, e, p.entitlement);
  const shareCurrency = await p.currencyOf(e.isin);
  const targetCurrency = e.targetIsin === e.isin ? shareCurrency : await p.currencyOf(e.targetIsin);
  const shareBid = eurQuote(p.quotes, e.isin, shareCurrency, 'bid');
  const shareAsk = eurQuote(p.quotes, e.isin, shareCurrency, 'ask');
  const basis = rightsBasisAt(e.exDate, p.now);
  return {
    held: toWireDecimal(held),
    rights: toWireDecimal(rights),
    rightsBid: e.rightsIsin && shareBid ? rightsValue(e, shareBid, 'bid', basis) : null,
    rightsAsk: e.rightsIsin && shareAsk ? rightsValue(e, shareAsk, 'ask', basis) : null,
    targetBid: eurQuote(p.quotes, e.targetIsin, targetCurrency, 'bid'),
    fxRate: e.currency ? p.fxRate(e.currency) : null,
  };
}
