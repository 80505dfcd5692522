import type { SimulatedMarket, RelayedQuote } from '../market/feed.ts';
import type { ShiftableClock } from '../platform/clock.ts';
import type { Bus } from './bus.ts';
import type { Leadership } from './leadership.ts';

/**
 * The simulated market across processes: the leader's market makes the quotes and sends them on
 * the bus, with how far the market clock has been moved ("Zeit vorspulen"); every other process's
 * market takes them as its own, so its customers stream the leader's prices and a process that
 * takes over goes on from them.
 */
export function relayMarket(d: { bus: Bus; leadership: Leadership; market: SimulatedMarket; clock: ShiftableClock }): void {
  const { bus, leadership, market, clock } = d;
  if (!bus.shared) return;
  const tellClock = () => {
    if (leadership.isLeader && clock.offsetMs > 0) bus.publish('clock', [clock.offsetMs]);
  };
  clock.onAdvance = tellClock;
  // Now and then too, for a process that started after the last move.
  void leadership.whileLeading(() => {
    const timer = setInterval(tellClock, 5000);
    timer.unref();
    return () => clearInterval(timer);
  });
  market.onQuotes = (quotes) => {
    if (leadership.isLeader) bus.publish('quotes', quotes);
  };
  bus.subscribe('clock', (offsets) => {
    const offset = Number(offsets.at(-1));
    if (!leadership.isLeader && Number.isSafeInteger(offset) && offset > clock.offsetMs) clock.advance(offset - clock.offsetMs);
  });
  bus.subscribe('quotes', (quotes) => {
    if (!leadership.isLeader) market.relayed(quotes as RelayedQuote[]);
  });
}
