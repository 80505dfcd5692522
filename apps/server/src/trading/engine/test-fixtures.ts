// Shared by the engine's tests: instruments, Frankfurt times, quotes and event filters.
import type { PlaceOrder, EngineEvent, EngineInstrument, EngineOptions, EngineQuote, ExecutionEvent, StatusEvent } from './types.ts';
import { OrderEngine } from './engine.ts';

export const SAP = 'DE0007164600';
export const ETF = 'IE00B4L5Y983';
export const BTC = 'XF000BTC0017';

export const share: EngineInstrument = {
  isin: SAP,
  minQty: '1',
  priceIncr: '0.01',
  priceScale: 2,
  qtyIncr: '1',
  qtyScale: 0,
  tradingHoursStartTime: '07:30',
  tradingHoursStopTime: '23:00',
  weekendTrading: false,
};
export const etf: EngineInstrument = { ...share, isin: ETF, minQty: '0.001', qtyIncr: '0.001', qtyScale: 3 };
export const crypto: EngineInstrument = {
  ...share,
  isin: BTC,
  minQty: '0.0001',
  qtyIncr: '0.0001',
  qtyScale: 4,
  weekendTrading: true,
};

const instruments = new Map([share, etf, crypto].map((i) => [i.isin, i]));
export const engineOptions: EngineOptions = { instrument: (isin) => instruments.get(isin) };

export function newEngine(options: Partial<EngineOptions> = {}): OrderEngine {
  return new OrderEngine({ ...engineOptions, ...options });
}

/** Frankfurt wall-clock time in winter (CET, UTC+1) to an instant. */
export const cet = (local: string) => new Date(`${local}+01:00`);

/** Monday 23 Nov 2026, inside the window. */
export const MONDAY_NOON = cet('2026-11-23T12:00:00');

export const later = (at: Date, ms: number) => new Date(at.getTime() + ms);

let quoteSeq = 0;
export function quote(bid: string, ask: string, extra: Partial<EngineQuote> = {}): EngineQuote {
  return { id: `q${++quoteSeq}`, isin: SAP, bid, ask, ts: MONDAY_NOON.toISOString(), ...extra };
}

export function order(id: string, fields: Partial<PlaceOrder>): PlaceOrder {
  return { id, accountId: 'acc-1', isin: SAP, side: 'buy', kind: 'market', quantity: '10', validity: { type: 'day' }, ...fields };
}

export const executions = (events: EngineEvent[]) => events.filter((e): e is ExecutionEvent => e.type === 'execution');
export const statuses = (events: EngineEvent[]) => events.filter((e): e is StatusEvent => e.type === 'status');
/** The combined status strings in order, e.g. ['Created', 'Sent', 'Open']. */
export const displays = (events: EngineEvent[]) => statuses(events).map((e) => e.display);
export const fills = (events: EngineEvent[]) => executions(events).map((e) => [e.orderId, e.quantity, e.price]);
