import { quoteIsinOf } from '@kontor/domain/constants';
import type { Instrument } from '@kontor/domain/instrument';
import type { Clock } from '../platform/clock.ts';
import { type MarketInstrument, SimulatedMarket } from './feed.ts';

/** The simulated market over the whole instrument universe (the market maker stand-in). */
export async function simulatedMarketFor(instruments: { priced(): AsyncIterable<{ instrument: Instrument; referencePrice: string }> }, clock: Clock) {
  const list: MarketInstrument[] = [];
  for await (const { instrument: i, referencePrice } of instruments.priced()) {
    // A reference ISIN has no market of its own: it is quoted through its quote ISIN.
    if (quoteIsinOf(i.isin) !== i.isin) continue;
    list.push({
      isin: i.isin,
      instrumentType: i.instrumentType,
      referencePrice,
      priceIncr: i.priceIncr,
      tradingHoursStartTime: i.tradingHoursStartTime,
      tradingHoursStopTime: i.tradingHoursStopTime,
      weekendTrading: i.weekendTrading,
    });
  }
  return new SimulatedMarket({ clock, instruments: list });
}
