import { asc, count, gt, inArray } from 'drizzle-orm';
import type { Instrument } from '@kontor/domain/instrument';
import type { InstrumentType } from '@kontor/domain/enums';
import type { Db } from '../platform/db.ts';
import type { IndexEntry } from './search-index-parts.ts';
import { instruments } from './tables.ts';
import type { SeededInstrument } from './universe.ts';

export type PricedInstrument = { instrument: Instrument; referencePrice: string };

export function instrumentStore(db: Db) {
  return {
    async count(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(instruments);
      return row?.n ?? 0;
    },

    /** Inserts what is not there yet; an instrument already stored is left as it is. */
    async insertMissing(items: readonly SeededInstrument[]): Promise<void> {
      if (items.length === 0) return;
      await db
        .insert(instruments)
        .values(
          items.map(({ instrument: i, referencePrice, popularity }) => ({
            isin: i.isin,
            wkn: i.wkn,
            instrumentType: i.instrumentType,
            name: i.name,
            shortName: i.shortName,
            underlyingIsin: i.underlyingIsin,
            emittentShortCode: i.emittentShortCode,
            sparplan: i.sparplan,
            fractionalTrading: i.fractionalTrading,
            weekendTrading: i.weekendTrading,
            knockedOut: i.knockedOutFlag,
            popularity,
            referencePrice,
            data: i,
          })),
        )
        .onConflictDoNothing({ target: instruments.isin });
    },

    /** What the search index needs, a page at a time in ISIN order (no jsonb is read). */
    async indexPage(afterIsin: string | null, limit: number): Promise<IndexEntry[]> {
      const rows = await db
        .select({
          isin: instruments.isin,
          wkn: instruments.wkn,
          name: instruments.name,
          shortName: instruments.shortName,
          instrumentType: instruments.instrumentType,
          emittentShortCode: instruments.emittentShortCode,
          sparplan: instruments.sparplan,
          fractionalTrading: instruments.fractionalTrading,
          weekendTrading: instruments.weekendTrading,
          knockedOutFlag: instruments.knockedOut,
          popularity: instruments.popularity,
        })
        .from(instruments)
        .where(afterIsin === null ? undefined : gt(instruments.isin, afterIsin))
        .orderBy(asc(instruments.isin))
        .limit(limit);
      return rows.map((r) => ({ ...r, instrumentType: r.instrumentType as InstrumentType }));
    },

    /** Whole instruments with their reference price, a page at a time in ISIN order. */
    async pricedPage(afterIsin: string | null, limit: number): Promise<PricedInstrument[]> {
      const rows = await db
        .select({ data: instruments.data, referencePrice: instruments.referencePrice })
        .from(instruments)
        .where(afterIsin === null ? undefined : gt(instruments.isin, afterIsin))
        .orderBy(asc(instruments.isin))
        .limit(limit);
      return rows.map((r) => ({ instrument: r.data, referencePrice: r.referencePrice }));
    },

    async find(isins: readonly string[]): Promise<PricedInstrument[]> {
      if (isins.length === 0) return [];
      const rows = await db
        .select({ data: instruments.data, referencePrice: instruments.referencePrice })
        .from(instruments)
        .where(inArray(instruments.isin, [...isins]));
      return rows.map((r) => ({ instrument: r.data, referencePrice: r.referencePrice }));
    },
  };
}
export type InstrumentStore = ReturnType<typeof instrumentStore>;
