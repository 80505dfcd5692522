import Decimal from 'decimal.js';
import { rightsValue, type CaPosition } from '@kontor/domain/corporate-actions';
import type { QuoteSource } from '../market/feed.ts';
import { fxRateNow } from '../market/price-at.ts';
import { lotStore } from '../bookings/lot-store.ts';
import type { Db } from '../platform/db.ts';
import { withCheckDigit } from '../instruments/isin.ts';
import type { CaEntitlementRow, CaEventRow } from './store.ts';
import { toWireDecimal } from '@kontor/domain/numbers';

/** The ISIN of the subscription rights of a rights issue on `isin` ("XR" + the share's national number). */
export const rightsIsinOf = (isin: string) => withCheckDigit(`XR${isin.slice(2, 11)}`);

/** Euros per piece of `isin` on one side of its current quote; null when the market has none. */
export function eurQuote(quotes: QuoteSource, isin: string, currency: string, side: 'bid' | 'ask'): string | null {
  const q = quotes.current(isin);
  const fx = fxRateNow(quotes, currency);
  if (!q || !fx) return null;
  return toWireDecimal(new Decimal(side === 'bid' ? q.bid : q.ask).mul(fx));
}

/**
 * What `caOutcome` needs about a customer and the market now: the entitled shares (fixed at the
 * ex date; before it, what the lots hold), the rights in the depot (before the ex date: one per
 * share, as they will be booked), and the current prices in euros.
 */
export async function positionFor(
  db: Db,
  p: { event: CaEventRow; entitlement: CaEntitlementRow; quotes: QuoteSource; currencyOf: (isin: string) => Promise<string>; fxRate: (currency: string) => string | null },
): Promise<CaPosition> {
  const e = p.event;
  const sum = async (isin: string) => (await lotStore.openLots(db, p.entitlement.sub, isin, false)).reduce((s, l) => s.plus(l.remaining), new Decimal(0));
  // A disposal (squeeze-out, offer, exchange) takes what is held on the day; an entitlement what was held at the record date.
  const disposal = e.type === 'BARABF' || e.type === 'UMTO' || e.type === 'UMTAUSCHF' || e.type === 'KAP2' || e.type === 'TEILRECHT';
  const held = p.entitlement.fixed && !disposal ? new Decimal(p.entitlement.quantity) : await sum(e.isin);
  const rights = e.rightsIsin ? (p.entitlement.fixed ? await sum(e.rightsIsin) : held) : new Decimal(0);
  const shareCurrency = await p.currencyOf(e.isin);
  const targetCurrency = e.targetIsin === e.isin ? shareCurrency : await p.currencyOf(e.targetIsin);
  const shareBid = eurQuote(p.quotes, e.isin, shareCurrency, 'bid');
  const shareAsk = eurQuote(p.quotes, e.isin, shareCurrency, 'ask');
  return {
    held: toWireDecimal(held),
    rights: toWireDecimal(rights),
    rightsBid: e.rightsIsin && shareBid ? rightsValue(e, shareBid, 'bid') : null,
    rightsAsk: e.rightsIsin && shareAsk ? rightsValue(e, shareAsk, 'ask') : null,
    targetBid: eurQuote(p.quotes, e.targetIsin, targetCurrency, 'bid'),
    fxRate: e.currency ? p.fxRate(e.currency) : null,
  };
}
