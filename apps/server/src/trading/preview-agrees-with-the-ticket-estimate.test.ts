import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Instrument } from '@kontor/domain/instrument';
import { orderEstimate } from '@kontor/domain/order-estimate';
import type { OrderTicket } from '@kontor/domain/order-rules';
import type { OrderPreview } from '@kontor/domain/trading-contracts';
import { signedInCustomer, type SignedInCustomer } from '../../test/customer.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { ManualClock } from '../platform/clock.ts';
import type { SimulatedMarket } from '../market/feed.ts';

// The web ticket shows its estimate live from `orderEstimate` (the instrument, the streamed quote
// and EUR/USD); "Order prüfen" asks the server. For every order kind, on both sides, in euros and in
// dollars, both must show the customer the same costs.
const clock = new ManualClock('2026-11-23T09:00:00Z'); // Monday 10:00 in Frankfurt
let t: TestApp;
let market: SimulatedMarket;
let c: SignedInCustomer;

beforeAll(async () => {
  t = await createTestApp({ marketClock: clock });
  market = t.app.quotes as SimulatedMarket;
  c = await signedInCustomer(t.app, t.database.db);
}, 60_000);
afterAll(() => t.close());

/** A price `factor` times the mid, on the instrument's price grid. */
function priceAt(instrument: Instrument, mid: Decimal, factor: string): string {
  const incr = new Decimal(instrument.priceIncr);
  return mid.mul(factor).div(incr).floor().mul(incr).toFixed(instrument.priceScale);
}

function tickets(instrument: Instrument, mid: Decimal): OrderTicket[] {
  const day = { type: 'day' } as const;
  const at = (factor: string) => priceAt(instrument, mid, factor);
  return [
    { side: 'buy', kind: 'market', quantity: '3', validity: day },
    { side: 'sell', kind: 'market', quantity: '3', validity: day },
    { side: 'buy', kind: 'limit', quantity: '3', limit: at('0.95'), validity: day },
    { side: 'sell', kind: 'limit', quantity: '3', limit: at('1.05'), validity: day },
    { side: 'buy', kind: 'stop', quantity: '3', stop: at('1.05'), validity: day },
    { side: 'sell', kind: 'stop', quantity: '3', stop: at('0.95'), validity: day },
    { side: 'buy', kind: 'stoplimit', quantity: '3', stop: at('1.05'), limit: at('1.07'), validity: day },
    { side: 'sell', kind: 'stoplimit', quantity: '3', stop: at('0.95'), limit: at('0.93'), validity: day },
    { side: 'buy', kind: 'oco', quantity: '3', limit: at('0.95'), stop: at('1.05'), validity: day },
    { side: 'sell', kind: 'oco', quantity: '3', limit: at('1.05'), stop: at('0.95'), validity: day },
    { side: 'sell', kind: 'tsl', quantity: '3', trailingDistance: '5', trailingUnit: 'PERCENT', validity: day },
    { side: 'buy', kind: 'fraction', amount: '600.00', validity: day },
    { side: 'sell', kind: 'fraction', amount: '600.00', validity: day },
  ];
}

describe.each([
  ['SAP (euros)', 'DE0007164600'],
  ['Apple (dollars)', 'US0378331005'],
])('%s: the server’s "Order prüfen" and the ticket’s estimate', (_name, isin) => {
  it('agree on the costs for every order kind, on both sides', async () => {
    const instrument = (await t.call({ method: 'GET', url: `/api/instrument/${isin}`, headers: c.headers })).json() as Instrument;
    const quote = market.current(isin)!;
    const mid = new Decimal(quote.bid).plus(quote.ask).div(2);
    const all = tickets(instrument, mid);
    for (const ticket of all) {
      const res = await t.call({ method: 'POST', url: '/api/trading/costs', headers: c.headers, payload: { isin, ...ticket } });
      expect(res.statusCode, `${ticket.side} ${ticket.kind}: ${res.body}`).toBe(200);
      const preview = res.json() as OrderPreview;
      // What the web has: the quote and the rate it streams.
      const shown = orderEstimate(ticket, instrument, { quote: { bid: preview.bid!, ask: preview.ask! }, fxRate: preview.fxRate });
      expect(preview.costs, `${ticket.side} ${ticket.kind}`).toEqual(shown?.costs);
    }
  });
});
