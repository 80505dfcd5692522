import Decimal from 'decimal.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { midPrice } from '@kontor/domain/quote';
import { announce, buy } from '../../test/ca-kit.ts';
import type { SignedInCustomer } from '../../test/customer.ts';
import { clockTo, customerWithCash } from '../../test/money-kit.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * The simulated market knows nothing of corporate actions: when one takes effect, Kontor moves the
 * share's price once, so that a position's value does not jump with its count of shares.
 */
const SAP = 'DE0007164600';
const TELEKOM = 'DE0005557508';

let t: TestApp;
let anna: SignedInCustomer;
beforeAll(async () => {
  // Monday 23 November 2026, 11:00 in Berlin; the simulated market of `npm start`.
  t = await createTestApp({ now: '2026-11-23T10:00:00Z' });
  anna = await customerWithCash(t, '20000.00');
  await buy(t, anna, SAP, '10');
  await buy(t, anna, TELEKOM, '50');
}, 60_000);
afterAll(async () => t.close());

const mid = (isin: string) => new Decimal(midPrice(t.app.quotes.current(isin)!));
/** The price moved by `factor`, give or take the market's own ticks (well under 2 %). */
const expectMoved = (before: Decimal, after: Decimal, factor: Decimal.Value) => {
  const ratio = after.div(before).div(factor);
  expect(ratio.gt(0.98) && ratio.lt(1.02), `moved by ${after.div(before).toFixed(4)}, expected ${new Decimal(factor).toFixed(4)}`).toBe(true);
};

it('bonus shares 10 : 1: on the ex date the share is worth 10/11 of its price, and the depot as much as before', async () => {
  const event = await announce(t, anna, SAP, 'KAP2');
  const before = mid(SAP);
  await clockTo(t, `${event.exDate}T06:00:00Z`);
  expectMoved(before, mid(SAP), new Decimal(10).div(11));
});

it('a consolidation 5 : 1: on its pay date the share is worth five times its price before the fraction is settled', async () => {
  const event = await announce(t, anna, TELEKOM, 'TEILRECHT');
  const before = mid(TELEKOM);
  await clockTo(t, `${event.payDate}T06:00:00Z`);
  expectMoved(before, mid(TELEKOM), 5);
});
