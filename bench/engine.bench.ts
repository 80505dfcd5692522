// Order engine: the cost of one quote tick with 1,000 and with 1,000,000 resting orders in the
// instrument's book, all far from the price (limits, stops, trailing stops that neither execute,
// trigger nor ratchet), plus four orders per tick that do (two limits, a stop, a stop-limit).
// Target: the tick with a million resting orders costs at most twice the tick with a thousand,
// because a tick only touches the tops of the per-instrument heaps. BENCH_ENGINE_TICKS=… changes
// the number of measured ticks.
import { type PerformanceEntry, PerformanceObserver, constants as perfConstants } from 'node:perf_hooks';
import v8 from 'node:v8';
import vm from 'node:vm';
import { OrderEngine } from '../apps/server/src/trading/engine/engine.ts';
import type { EngineInstrument, EngineQuote, OrderState, PlaceOrder } from '../apps/server/src/trading/engine/types.ts';
import { writeResult } from './lib.ts';
import { floatToDecimal } from '@kontor/domain/numbers';

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;
const TICKS = Number(process.env.BENCH_ENGINE_TICKS ?? 20_000);
const WARMUP = 2_000;
const SIZES = [1_000, 1_000_000];

const ISIN = 'DE0007164600';
const share: EngineInstrument = {
  isin: ISIN,
  minQty: '1',
  priceIncr: '0.01',
  priceScale: 2,
  qtyIncr: '1',
  qtyScale: 0,
  tradingHoursStartTime: '07:30',
  tradingHoursStopTime: '23:00',
  weekendTrading: false,
};
const options = { instrument: (isin: string) => (isin === ISIN ? share : undefined) };
// Monday 23 Nov 2026, 08:00 in Frankfurt; ticks are a second apart and stay inside the window.
const START = Date.parse('2026-11-23T08:00:00+01:00');
const EXPIRES = '2027-11-18T22:00:00.000Z';

/** An open order as persisted, far from the price of 100: it does nothing on any tick here. */
function farOrder(i: number): OrderState {
  const cents = (n: number) => floatToDecimal(n / 100, 2);
  const far = 1_000 + (i % 3_000); // 10.00 … 39.99 away from 100
  const base: OrderState = {
    id: `far-${i}`,
    accountId: `acc-${i % 10_000}`,
    isin: ISIN,
    side: 'buy',
    kind: 'limit',
    quantity: '10',
    amount: null,
    limit: null,
    stop: null,
    trailingDistance: null,
    trailingUnit: null,
    validity: { type: 'gtc' },
    expiresAt: EXPIRES,
    status: 'Open',
    cancelStatus: null,
    triggered: false,
    ocoLeg: null,
    filledQuantity: '0',
    filledValue: '0',
    executions: 0,
    quotedPrice: null,
    quoteId: null,
    createdAt: new Date(START - 86_400_000).toISOString(),
    seq: i + 1,
    reason: null,
  };
  switch (i % 5) {
    case 0:
      return { ...base, limit: cents(10_000 - far) };
    case 1:
      return { ...base, side: 'sell', limit: cents(10_000 + far) };
    case 2:
      return { ...base, side: 'sell', kind: 'stop', stop: cents(10_000 - far) };
    case 3:
      return { ...base, kind: 'stop', stop: cents(10_000 + far) };
    default:
      // Its next ratchet needs a bid above 100 + far: it stays put.
      return { ...base, side: 'sell', kind: 'tsl', stop: cents(10_000 - far), trailingDistance: cents(2 * far), trailingUnit: 'EUR' };
  }
}

// The price alternates between two levels; before each tick four orders are placed that the
// coming quote reaches and the current one does not.
const LOW: EngineQuote = { isin: ISIN, bid: '99.98', ask: '100.02', ts: '' }; // mid 100.00
const HIGH: EngineQuote = { isin: ISIN, bid: '100.08', ask: '100.12', ts: '' }; // mid 100.10
function near(id: string, toHigh: boolean): PlaceOrder[] {
  const common = { accountId: 'acc-near', isin: ISIN, quantity: '5', validity: { type: 'day' as const } };
  return toHigh
    ? [
        { ...common, id: `${id}-a`, side: 'sell', kind: 'limit', limit: '100.05' },
        { ...common, id: `${id}-b`, side: 'sell', kind: 'limit', limit: '100.06' },
        { ...common, id: `${id}-c`, side: 'buy', kind: 'stop', stop: '100.05' },
        { ...common, id: `${id}-d`, side: 'buy', kind: 'stoplimit', stop: '100.05', limit: '100.20' },
      ]
    : [
        { ...common, id: `${id}-a`, side: 'buy', kind: 'limit', limit: '100.05' },
        { ...common, id: `${id}-b`, side: 'buy', kind: 'limit', limit: '100.04' },
        { ...common, id: `${id}-c`, side: 'sell', kind: 'stop', stop: '100.05' },
        { ...common, id: `${id}-d`, side: 'sell', kind: 'stoplimit', stop: '100.05', limit: '99.90' },
      ];
}

type Run = { resting: number; engine: OrderEngine; buildSeconds: number; heapMiB: number; tick: number; samples: number[]; events: number; executions: number };

function build(resting: number): Run {
  gc();
  const heapBefore = process.memoryUsage().heapUsed;
  const buildStarted = performance.now();
  const engine = OrderEngine.rebuild(options, Array.from({ length: resting }, (_, i) => farOrder(i)), new Date(START));
  const buildSeconds = (performance.now() - buildStarted) / 1000;
  gc();
  const heapMiB = Math.round((process.memoryUsage().heapUsed - heapBefore) / 2 ** 20);
  engine.onQuote({ ...LOW, ts: new Date(START).toISOString() }, new Date(START));
  return { resting, engine, buildSeconds, heapMiB, tick: 0, samples: [], events: 0, executions: 0 };
}

/** `count` ticks of one engine; each second a quote, four near orders placed half a second before. */
function ticks(run: Run, count: number, record: boolean): void {
  for (let n = 0; n < count; n++) {
    const i = ++run.tick;
    const toHigh = i % 2 === 1;
    const now = new Date(START + i * 1_000);
    for (const o of near(`n${i}`, toHigh)) run.engine.place(o, new Date(START + i * 1_000 - 500));
    const quote = { ...(toHigh ? HIGH : LOW), ts: now.toISOString() };
    const t0 = performance.now();
    const out = run.engine.onQuote(quote, now);
    const micros = (performance.now() - t0) * 1000;
    if (!record) continue;
    run.samples.push(micros);
    run.events += out.length;
    run.executions += out.filter((e) => e.type === 'execution').length;
  }
}

const runs = SIZES.map(build);
// Both engines tick in turns, in blocks, so load from other processes and garbage collection fall
// on both alike; what is left is the difference the resting orders make.
const BLOCK = 500;
const gcEntries: { kind: number | undefined; duration: number }[] = [];
const observer = new PerformanceObserver((list) => {
  for (const e of list.getEntries()) gcEntries.push({ kind: (e as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind, duration: e.duration });
});
for (let done = 0; done < WARMUP; done += BLOCK) for (const run of runs) ticks(run, BLOCK, false);
observer.observe({ entryTypes: ['gc'] });
for (let done = 0; done < TICKS; done += BLOCK) for (const run of runs) ticks(run, Math.min(BLOCK, TICKS - done), true);
await new Promise((resolve) => setTimeout(resolve, 50)); // gc entries arrive asynchronously
observer.disconnect();
const major = gcEntries.filter((e) => e.kind === perfConstants.NODE_PERFORMANCE_GC_MAJOR);

const round = (x: number) => Math.round(x * 10) / 10;
const results = runs.map((run) => {
  if (run.engine.size !== run.resting) throw new Error(`expected ${run.resting} resting orders, found ${run.engine.size}`);
  const sorted = [...run.samples].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
  return {
    resting: run.resting,
    buildSeconds: round(run.buildSeconds),
    heapMiB: run.heapMiB,
    ticks: run.samples.length,
    executionsPerTick: run.executions / run.samples.length,
    eventsPerTick: run.events / run.samples.length,
    tickMicros: {
      mean: round(run.samples.reduce((a, b) => a + b, 0) / run.samples.length),
      p50: round(at(50)),
      p95: round(at(95)),
      p99: round(at(99)),
      max: round(sorted.at(-1)!),
    },
  };
});
const [small, large] = results as [(typeof results)[number], (typeof results)[number]];
const ratioOf = (key: 'mean' | 'p50' | 'p95' | 'p99') => Math.round((large.tickMicros[key] / small.tickMicros[key]) * 100) / 100;
const ratio = { mean: ratioOf('mean'), p50: ratioOf('p50'), p95: ratioOf('p95'), p99: ratioOf('p99') };
const garbageCollection = { major: major.length, majorMs: Math.round(major.reduce((sum, e) => sum + e.duration, 0)), minor: gcEntries.length - major.length };
// The mean and the tail also carry pauses of the whole process (collector, other load on the
// machine), which fall on whichever tick runs; the median and p95 carry the tick's own cost.
const target = { maxRatio: 2, measuredOn: 'p50 and p95', met: ratio.p50 <= 2 && ratio.p95 <= 2 };
writeResult('engine', {
  what: 'order engine: cost of one quote tick (onQuote) with resting orders far from the price plus four that execute or trigger per tick, 1,000 vs 1,000,000 resting; both engines tick in turns in one process; target ratio ≤ 2',
  runs: results,
  garbageCollection,
  ratioLargeToSmall: ratio,
  target,
});
console.table(
  Object.fromEntries(
    results.map((r) => [
      `${r.resting.toLocaleString('de-DE')} ruhende Orders`,
      { 'Aufbau s': r.buildSeconds, 'Heap MiB': r.heapMiB, 'Ausf./Tick': r.executionsPerTick, ...r.tickMicros },
    ]),
  ),
);
console.log(
  `Tick-Kosten 1.000.000 / 1.000 (µs): Mittel ×${ratio.mean}, p50 ×${ratio.p50}, p95 ×${ratio.p95}, p99 ×${ratio.p99} — Ziel ≤ ×2: ${target.met ? 'erreicht' : 'verfehlt'}; volle GC während der Messung: ${garbageCollection.major} (${garbageCollection.majorMs} ms)`,
);
