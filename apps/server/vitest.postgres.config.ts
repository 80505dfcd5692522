import { defineProject } from 'vitest/config';
import base from './vitest.config.ts';

/**
 * The server tests that run on PostgreSQL as well (decision 038): those whose subject is the
 * database itself. Every server test runs on PGlite, which is PostgreSQL in one connection: it
 * runs one statement at a time, so requests that race each other, the ledger's locks and the
 * scheduler's claims only meet in a server with many connections. The built server's own
 * processes run on PostgreSQL too (vitest.processes.config.ts).
 */
export const onPostgres = [
  // The platform's database: transactions, idempotency, migrations, the seed.
  'src/platform/platform.test.ts',
  'src/platform/idempotency.test.ts',
  'src/seed.test.ts',
  // The ledger and what reconciles with it.
  'src/bookings/**/*.test.ts',
  'test/every-figure-reconciles-with-the-ledger.test.ts',
  'src/savings-plans/block-books-the-same-rows-as-the-booking-writer.test.ts',
  // Jobs claimed by several schedulers.
  'src/scheduler/**/*.test.ts',
  // Requests that race each other.
  'src/money/fifty-concurrent-full-balance-payouts-pay-out-once.test.ts',
  'src/trading/grouped-orders.test.ts',
  'src/identity/admission.test.ts',
  'src/identity/srp-workers.test.ts',
  'src/authorisations/a-customers-phone-gets-at-most-ten-tans-in-ten-minutes.test.ts',
  'src/authorisations/five-wrong-tans-in-a-row-lock-tan-authorisation-for-thirty-minutes.test.ts',
  'src/authorisations/sixth-wrong-tan-is-refused-and-the-challenge-is-dead.test.ts',
  'src/customer-settings/preferences-language-consent-and-yearly-stats.test.ts',
  'src/market/reference-isins-are-quoted-through-their-quote-isin.test.ts',
];

export default defineProject({ test: { ...base.test, name: 'server-postgres', include: onPostgres } });
