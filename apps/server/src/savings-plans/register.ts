import type { AreaBase } from '../platform/area-context.ts';
import type { FastifyInstance } from 'fastify';
import type { Instrument } from '@kontor/domain/instrument';
import { bidInEuros } from '../market/bid-in-euros.ts';
import type { InstrumentService } from '../instruments/service.ts';
import type { QuoteSource } from '../market/feed.ts';
import { fxRateAt, fxRateNow, priceAt } from '../market/price-at.ts';
import type { Scheduler } from '../scheduler/scheduler.ts';
import { savingsPlanDevRoutes } from './dev-routes.ts';
import { type SavingsPlanJobs, savingsPlanJobs } from './jobs.ts';
import { savingsPlanRoutes } from './routes.ts';
import { savingsPlanService } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Savings-plan days on the scheduler; the seed books a demo customer's past executions through `runBlock`. */
    savingsPlanJobs: SavingsPlanJobs;
  }
}

type MoneyPorts = {
  collectDebit: Parameters<typeof savingsPlanJobs>[0]['collectDebit'];
  directDebitAvailable: Parameters<typeof savingsPlanService>[0]['directDebitAvailable'];
};

/** Savings plans and their execution days; the direct debits come from the money area. */
export async function registerSavingsPlans(
  app: FastifyInstance,
  ctx: AreaBase & {
    scheduler: Scheduler;
    instruments: InstrumentService;
    quotes: QuoteSource;
    /** The money area (above): the direct debit of a plan's instalment. */
    money: MoneyPorts;
    /** Order expiry sees the new time of "Zeit vorspulen" at once. */
    afterAdvance: () => Promise<unknown>;
  },
): Promise<void> {
  const { config, db, marketClock, scheduler, instruments, quotes, money } = ctx;
  const instrument = (isin: string) => instruments.get(isin);
  const jobs = savingsPlanJobs({
    db,
    clock: marketClock,
    scheduler,
    instrument,
    askAt: (isin, at) => priceAt(quotes, isin, at, marketClock.now(), 'ask'),
    // A day gone by (the demo's executions) at that day's rate, as its price.
    fxRateAt: (i, at) => fxRateAt(quotes, i.quoteCurrencyCode, at, marketClock.now()) ?? '1',
    collectDebit: money.collectDebit,
    log: app.log,
  });
  await jobs.start();
  app.decorate('savingsPlanJobs', jobs);
  await app.register(savingsPlanRoutes, {
    service: savingsPlanService({
      db,
      clock: marketClock,
      instrument,
      quote: (isin) => quotes.current(isin),
      fxRate: (i: Instrument) => fxRateNow(quotes, i.quoteCurrencyCode) ?? '1',
      bidEur: (isin, currency) => bidInEuros(quotes, isin, currency),
      directDebitOffered: config.featureFlags.directDebit,
      directDebitAvailable: money.directDebitAvailable,
    }),
  });
  if (config.devTools) await app.register(savingsPlanDevRoutes, { db, clock: marketClock, scheduler, afterAdvance: ctx.afterAdvance });
}
