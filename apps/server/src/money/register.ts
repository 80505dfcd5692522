import type { FastifyInstance } from 'fastify';
import type { AreaBase } from '../platform/area-context.ts';
import type { InstrumentService } from '../instruments/service.ts';
import { moneyDevRoutes } from './dev-routes.ts';
import { moneyRoutes } from './routes.ts';
import { type MoneyDeps, moneyService, type MoneyService } from './service.ts';

/** Deposits, payouts, direct debits and the Kontoumsätze; money moves only through the booking writer. */
export async function registerMoney(
  app: FastifyInstance,
  ctx: AreaBase & Pick<MoneyDeps, 'book' | 'trading' | 'scheduler' | 'authorisations'> & { instruments: InstrumentService; customerName: MoneyDeps['holderName'] },
): Promise<{ money: MoneyService }> {
  const { config, marketClock, instruments, customerName, db, book, trading, scheduler, authorisations } = ctx;
  const money = moneyService({
    db,
    clock: marketClock,
    book,
    trading,
    scheduler,
    authorisations,
    directDebitEnabled: config.featureFlags.directDebit,
    holderName: customerName,
    instrumentName: async (isin) => (await instruments.get(isin))?.name,
    log: app.log,
  });
  await app.register(moneyRoutes, { service: money });
  if (config.devTools) await app.register(moneyDevRoutes, { service: money });
  return { money };
}
