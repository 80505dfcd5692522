import Decimal from 'decimal.js';
import type { Instrument } from '@kontor/domain/instrument';
import { totalSincePurchase, valuation } from '@kontor/domain/lots';
import type { Depot } from '@kontor/domain/trading-contracts';
import type { Db } from '../platform/db.ts';
import { cashWithPartsOf } from '../bookings/ledger.ts';
import type { DepotStore } from './store.ts';
import { toWireAmount, toWireDecimal } from '@kontor/domain/numbers';

/** The depot as the customer sees it: positions with what is free to sell, their value since purchase, and the cash. */
export function depotService(d: {
  db: Db;
  store: DepotStore;
  instrument: (isin: string) => Promise<Instrument | undefined>;
  /** A position of subscription rights: the event and the share they belong to; null for anything else. */
  rightsOf?: (isin: string) => Promise<{ eventId: string; isin: string } | null>;
  /** The current bid in euros (at the EUR/USD mid for a dollar line); null without a quote. */
  bidEur: (isin: string, currency: string) => string | null;
}) {
  return {
    async depot(sub: string): Promise<Depot> {
      const [held, cash, blocked, realised] = await Promise.all([d.store.positions(sub), cashWithPartsOf(d.db, sub), d.store.blockedPerIsin(sub), d.store.realisedPerIsin(sub)]);
      const positions = [];
      for (const p of held) {
        const instrument = await d.instrument(p.isin);
        const b = new Decimal(blocked.get(p.isin) ?? '0');
        const rightsOf = d.rightsOf ? await d.rightsOf(p.isin) : null;
        const currency = instrument?.quoteCurrencyCode ?? 'EUR';
        const cost = toWireAmount(p.cost);
        const bid = d.bidEur(p.isin, currency);
        const v = bid === null ? null : valuation({ quantity: p.quantity, cost }, bid);
        positions.push({
          isin: p.isin,
          name: instrument?.name ?? p.isin,
          instrumentType: instrument?.instrumentType ?? 'AKTIE',
          currency,
          quantity: toWireDecimal(p.quantity),
          blocked: toWireDecimal(b),
          available: toWireDecimal(Decimal.max(0, new Decimal(p.quantity).minus(b))),
          cost,
          averagePrice: toWireDecimal(new Decimal(p.cost).div(p.quantity).toDecimalPlaces(6, Decimal.ROUND_HALF_UP)),
          firstPurchase: p.firstPurchase,
          realisedPnl: toWireAmount(realised.get(p.isin) ?? '0'),
          value: v?.value ?? null,
          gain: v?.pnl ?? null,
          gainPercent: v?.pnlPercent ?? null,
          ...(rightsOf ? { rightsOf } : {}),
        });
      }
      return { positions, totals: totalSincePurchase(positions), cash };
    },
  };
}
export type DepotService = ReturnType<typeof depotService>;
