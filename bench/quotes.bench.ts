// Live quotes: N concurrent subscribers (1,000; 10,000) on 1,000 instruments that all tick every
// second; tick-to-client latency p50/p99 and messages/s. Target: 10,000 subscribers at p99 ≤ 100 ms.
import { fork } from 'node:child_process';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { type MarketInstrument, SimulatedMarket } from '../apps/server/src/market/feed.ts';
import type { Clock } from '../apps/server/src/platform/clock.ts';
import { openDatabase } from '../apps/server/src/platform/db.ts';
import { signedInCustomer } from '../apps/server/test/customer.ts';
import { writeResult } from './lib.ts';

// The market's clock runs at real speed but on a Monday noon, so every instrument trades.
const offsetMs = Date.parse('2026-11-23T11:00:00Z') - Date.now();
const clock: Clock = { now: () => new Date(Date.now() + offsetMs) };
const isin = (i: number) => `XS${String(i).padStart(9, '0')}0`;
const instruments: MarketInstrument[] = Array.from({ length: 1000 }, (_, i) => ({
  isin: isin(i),
  instrumentType: 'AKTIE',
  referencePrice: (20 + (i % 300)).toFixed(2),
  priceIncr: '0.01',
  tradingHoursStartTime: '07:30',
  tradingHoursStopTime: '23:00',
  weekendTrading: false,
}));
const market = new SimulatedMarket({ clock, instruments, activity: 1 });
const database = await openDatabase({ kind: 'pglite', dataDir: 'memory://' });
await database.migrate();
const app = await buildApp({ config: loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent' }), db: database.db, clock, logger: false, quotes: market });
const customer = await signedInCustomer(app, database.db);
await app.listen({ port: 0, host: '127.0.0.1', backlog: 4096 });
const { port } = app.server.address() as { port: number };
market.start(1000);

const SECONDS = 12;
const runs = [];
for (const subscribers of [1000, 10_000]) {
  const child = fork(new URL('./quotes-clients.ts', import.meta.url).pathname, [String(port), String(subscribers), String(offsetMs), String(SECONDS), customer.accessToken, instruments.map((x) => x.isin).join(',')], {
    execArgv: ['--import', 'tsx'],
  });
  const result = await new Promise<Record<string, unknown>>((resolve, reject) => {
    child.on('message', (m) => resolve(m as Record<string, unknown>));
    child.on('exit', (code) => code !== 0 && reject(new Error(`clients exited ${code}`)));
  });
  runs.push({ subscribers, ...result });
  await new Promise((r) => setTimeout(r, 2000));
}
market.stop();
await app.close();
await database.close();
const out = writeResult('quotes', { instruments: 1000, ticksPerSecond: 1, isinsPerSubscriber: 10, measuredSeconds: SECONDS, runs });
console.table(
  out.runs.map((r) => ({
    subscribers: r.subscribers,
    connected: r.connected,
    'messages/s': r.messagesPerSecond,
    'quotes/s': r.quotesPerSecond,
    'p50 ms': (r.latencyMs as { p50: number }).p50,
    'p99 ms': (r.latencyMs as { p99: number }).p99,
  })),
);
