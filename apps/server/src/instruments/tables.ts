import { boolean, index, integer, jsonb, numeric, pgTable, text } from 'drizzle-orm/pg-core';
import type { Instrument } from '@kontor/domain/instrument';

/**
 * The instrument universe (spec §3 Instrument). The whole Instrument is kept as jsonb; the columns
 * beside it are what the search index is built from and what other areas filter by, so loading the
 * index never has to parse the jsonb.
 */
export const instruments = pgTable(
  'instruments',
  {
    isin: text('isin').primaryKey(),
    wkn: text('wkn'),
    instrumentType: text('instrument_type').notNull(),
    name: text('name').notNull(),
    shortName: text('short_name').notNull(),
    underlyingIsin: text('underlying_isin'),
    emittentShortCode: text('emittent_short_code'),
    sparplan: boolean('sparplan').notNull(),
    fractionalTrading: boolean('fractional_trading').notNull(),
    weekendTrading: boolean('weekend_trading').notNull(),
    knockedOut: boolean('knocked_out').notNull(),
    /** 0 = most popular; orders equally good search hits. */
    popularity: integer('popularity').notNull(),
    /** Price level for the market simulator, in the quote currency. */
    referencePrice: numeric('reference_price').notNull(),
    data: jsonb('data').$type<Instrument>().notNull(),
  },
  (t) => [
    index('instruments_wkn').on(t.wkn),
    index('instruments_type').on(t.instrumentType),
    index('instruments_underlying').on(t.underlyingIsin),
    index('instruments_popularity').on(t.popularity, t.isin),
  ],
);
