import Decimal from 'decimal.js';
import type { Instrument } from '@kontor/domain/instrument';
import type { Depot } from '@kontor/domain/trading-contracts';
import type { Db } from '../platform/db.ts';
import { cashOf } from '../bookings/ledger.ts';
import type { DepotStore } from './store.ts';
import { toWireAmount, toWireDecimal } from '@kontor/domain/numbers';

/** The depot as the customer sees it: positions with what is free to sell, and the cash. */
export function depotService(d: {
  db: Db;
  store: DepotStore;
  instrument: (isin: string) => Promise<Instrument | undefined>;
  /** A position of subscription rights: the event and the share they belong to; null for anything else. */
  rightsOf?: (isin: string) => Promise<{ eventId: string; isin: string } | null>;
}) {
  return {
    async depot(sub: string): Promise<Depot> {
      const [held, cash, blocked, realised] = await Promise.all([d.store.positions(sub), cashOf(d.db, sub), d.store.blockedPerIsin(sub), d.store.realisedPerIsin(sub)]);
      const positions = [];
      for (const p of held) {
        const instrument = await d.instrument(p.isin);
        const b = new Decimal(blocked.get(p.isin) ?? '0');
        const rightsOf = d.rightsOf ? await d.rightsOf(p.isin) : null;
        positions.push({
          isin: p.isin,
          name: instrument?.name ?? p.isin,
          instrumentType: instrument?.instrumentType ?? 'AKTIE',
          currency: instrument?.quoteCurrencyCode ?? 'EUR',
          quantity: toWireDecimal(p.quantity),
          blocked: toWireDecimal(b),
          available: toWireDecimal(Decimal.max(0, new Decimal(p.quantity).minus(b))),
          cost: toWireAmount(p.cost),
          averagePrice: toWireDecimal(new Decimal(p.cost).div(p.quantity).toDecimalPlaces(6, Decimal.ROUND_HALF_UP)),
          firstPurchase: p.firstPurchase,
          realisedPnl: toWireAmount(realised.get(p.isin) ?? '0'),
          ...(rightsOf ? { rightsOf } : {}),
        });
      }
      return { positions, cash };
    },
  };
}
export type DepotService = ReturnType<typeof depotService>;
