// Kontor's own work per quote tick, without the sockets: the same 1,000 instruments and 10,000
// subscribers as quotes.bench.ts, but each stream's socket only counts what it is given. What is
// measured is CPU time (this process, all threads) per tick: the feed's step with its quotes and
// their JSON, the fan-out to the stream groups, and building and handing out the frames. CPU time,
// unlike latency, stays comparable when other work shares the machine.
import { EventEmitter } from 'node:events';
import type { Socket } from 'node:net';
import { SimulatedMarket } from '../apps/server/src/market/feed.ts';
import { QuoteStreams } from '../apps/server/src/market/quote-streams.ts';
import { percentile, writeResult } from './lib.ts';
import { clock, instruments, isin } from './quotes-market.ts';

const market = new SimulatedMarket({ clock, instruments, activity: 1 });
const streams = new QuoteStreams(market);
let writes = 0;
let bytes = 0;
class CountingSocket extends EventEmitter {
  writableLength = 0;
  destroyed = false;
  write(b: Buffer) {
    writes++;
    bytes += b.length;
    return true;
  }
  destroy() {}
}
// The subscribers' ISIN sets as in quotes-clients.ts.
for (let i = 0; i < 10_000; i++) {
  streams.add(
    Array.from({ length: 10 }, (_, k) => isin((i * 7 + k * 97) % 1000)),
    new CountingSocket() as unknown as Socket,
  );
}

const cpuMs = (since: NodeJS.CpuUsage) => {
  const u = process.cpuUsage(since);
  return (u.user + u.system) / 1000;
};
const feed: number[] = [];
const total: number[] = [];
const TICKS = 60;
for (let t = 0; t < TICKS + 5; t++) {
  // Past the streams' throttle, as with one tick a second.
  await new Promise((r) => setTimeout(r, 300));
  const started = process.cpuUsage();
  market.tick();
  const feedMs = cpuMs(started);
  // The frames are written in slices on later turns of the event loop: wait until they stop.
  for (let before = -1; before !== writes; ) {
    before = writes;
    await new Promise((r) => setImmediate(r));
  }
  if (t < 5) continue; // warm-up
  feed.push(feedMs);
  total.push(cpuMs(started));
}
await streams.close();
const round = (x: number) => Math.round(x * 100) / 100;
const summary = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return { p50: round(percentile(s, 50)), p99: round(percentile(s, 99)) };
};
const out = writeResult('quotes-tick', {
  instruments: 1000,
  subscribers: 10_000,
  ticks: TICKS,
  framesPerTick: Math.round(writes / (TICKS + 5)),
  bytesPerFrame: Math.round(bytes / writes),
  feedCpuMs: summary(feed),
  tickWithFanOutCpuMs: summary(total),
});
console.table({ 'feed step + publish': out.feedCpuMs, 'with frames to 10,000 streams': out.tickWithFanOutCpuMs });
