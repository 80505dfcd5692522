import type { AreaBase } from '../platform/area-context.ts';
import type { FastifyInstance } from 'fastify';
import { EUR_USD_ISIN, eurPerUnit } from '@kontor/domain/fx';
import type { BookingWriter } from '../bookings/writer.ts';
import type { DocumentStore } from '../documents/store.ts';
import { dividendHistory } from '../instruments/insights.ts';
import type { InstrumentService } from '../instruments/service.ts';
import type { QuoteSource } from '../market/feed.ts';
import { priceAt } from '../market/price-at.ts';
import type { Scheduler } from '../scheduler/scheduler.ts';
import { taxIncomeRuns, type TaxIncomeRuns } from './income-runs.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Dividends, Vorabpauschale and the Jahressteuerbescheinigung on the scheduler. */
    taxRuns: TaxIncomeRuns;
  }
}

/** Dividends, the Vorabpauschale and the annual tax certificate, booked by scheduled jobs. */
export async function registerIncome(
  app: FastifyInstance,
  ctx: AreaBase & { scheduler: Scheduler; book: BookingWriter; documents: DocumentStore; instruments: InstrumentService; quotes: QuoteSource },
): Promise<void> {
  const { config, db, marketClock, instruments, quotes } = ctx;
  const priceThen = (isin: string, at: Date) => priceAt(quotes, isin, at, marketClock.now(), 'mid');
  const taxRuns = taxIncomeRuns({
    db,
    clock: marketClock,
    scheduler: ctx.scheduler,
    book: ctx.book,
    documents: ctx.documents,
    instrument: (isin) => instruments.get(isin),
    // The year's entry of the instrument's dividend data, as its page shows it that year.
    dividendPerShare: async (instrument, year, at) => {
      const price = await instruments.referencePrice(instrument.isin);
      return (price && dividendHistory(instrument, price, at).entries.find((e) => e.year === year)?.yieldAbsolute) || null;
    },
    priceAt: priceThen,
    fxAt: (currency, at) => eurPerUnit(currency, currency === 'USD' ? priceThen(EUR_USD_ISIN, at) : null),
    taxEnabled: !config.taxDisabled,
  });
  await taxRuns.start();
  app.decorate('taxRuns', taxRuns);
}
