import { berlinDate, startOfBerlinDay } from '@kontor/domain/banking-days';
import type { CustomerStats } from '@kontor/domain/stats-contracts';
import type { Clock } from '../platform/clock.ts';
import type { Db } from '../platform/db.ts';
import type { StatsStore } from './store.ts';
import { toWireAmount } from '@kontor/domain/numbers';

export type StatsDeps = {
  db: Db;
  /** The simulated clock: "this year" is the market's year. */
  clock: Clock;
  store: (db: Db) => StatsStore;
};

/** The customer's own figures of the current calendar year (Berlin time). */
export function statsService(d: StatsDeps) {
  return {
    async ofThisYear(sub: string): Promise<CustomerStats> {
      const year = Number(berlinDate(d.clock.now()).slice(0, 4));
      const from = startOfBerlinDay(`${year}-01-01`);
      const to = startOfBerlinDay(`${year + 1}-01-01`);
      const f = await d.store(d.db).figures(sub, year, from, to);
      return {
        year,
        trades: f.trades,
        tradedVolume: toWireAmount(f.tradedVolume),
        feesPaid: toWireAmount(f.feesPaid),
        savingsPlanExecutions: f.savingsPlanExecutions,
        dividendsReceived: toWireAmount(f.dividendsReceived),
        taxPaid: toWireAmount(f.taxPaid),
      };
    },
  };
}

export type StatsService = ReturnType<typeof statsService>;
