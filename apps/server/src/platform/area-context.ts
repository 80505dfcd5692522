import type { Config } from '../config.ts';
import type { Clock, ShiftableClock } from './clock.ts';
import type { Db } from './db.ts';

/** What every area's `register` gets (decision 037): the configuration, the database and the two clocks. */
export type AreaBase = {
  config: Config;
  db: Db;
  /** Real time: sign-in, sessions, TANs, the pool's records. */
  clock: Clock;
  /** The simulated time of the market, orders, money, documents and jobs; dev tools move it forward. */
  marketClock: ShiftableClock;
};
