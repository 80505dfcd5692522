import type { AreaBase } from '../platform/area-context.ts';
import type { FastifyInstance } from 'fastify';
import type { Instrument } from '@kontor/domain/instrument';
import type { QuoteSource } from '../market/feed.ts';
import type { Scheduler } from '../scheduler/scheduler.ts';
import { performanceRoutes } from './routes.ts';
import { performanceService } from './service.ts';
import { snapshotJobs } from './snapshots.ts';

/** Returns and the depot's value over time, from the daily snapshots the scheduler takes. */
export async function registerPerformance(
  app: FastifyInstance,
  ctx: AreaBase & { scheduler: Scheduler; quotes: QuoteSource; instrumentOrRights: (isin: string) => Promise<Instrument | undefined> },
): Promise<void> {
  const { db, marketClock: clock, scheduler, quotes, instrumentOrRights: instrument } = ctx;
  await app.register(performanceRoutes, { service: performanceService({ db, clock, quotes, instrument }) });
  await snapshotJobs({ db, clock, scheduler, quotes, currencyOf: async (isin) => (await instrument(isin))?.quoteCurrencyCode ?? 'EUR' }).start();
}
