// Live quotes: N concurrent subscribers (1,000; 10,000) on 1,000 instruments that all tick every
// second; tick-to-client latency p50/p99 and messages/s. Target: 10,000 subscribers at p99 ≤ 100 ms.
import { fork } from 'node:child_process';
import os from 'node:os';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { SimulatedMarket } from '../apps/server/src/market/feed.ts';
import { openDatabase } from '../apps/server/src/platform/db.ts';
import { signedInCustomer } from '../apps/server/test/customer.ts';
import { cpuMsOf, machineCpuMs, percentile, writeResult } from './lib.ts';
import { clock, instruments, offsetMs } from './quotes-market.ts';

const market = new SimulatedMarket({ clock, instruments, activity: 1 });
const database = await openDatabase({ kind: 'pglite', dataDir: 'memory://' });
await database.migrate();
const app = await buildApp({ config: loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent' }), db: database.db, clock, logger: false, quotes: market });
const customer = await signedInCustomer(app, database.db);
await app.listen({ port: 0, host: '127.0.0.1', backlog: 4096 });
const { port } = app.server.address() as { port: number };
market.start(1000);

const SECONDS = 12;
// The subscribers are spread over this many client processes (default 1), each a separate process
// from the server, all sharing the same machine.
const CLIENT_PROCESSES = Number(process.env.QUOTES_CLIENT_PROCESSES ?? 1);

/** Connects `subscribers` clients to the server at `port`, measures for SECONDS and sums up. */
async function measure(server: string, port: number, subscribers: number, offset: number, serverPid?: number) {
  const children = Array.from({ length: CLIENT_PROCESSES }, (_, k) => {
    const share = Math.floor(subscribers / CLIENT_PROCESSES) + (k < subscribers % CLIENT_PROCESSES ? 1 : 0);
    const args = [port, k, share, CLIENT_PROCESSES, offset, SECONDS, customer.accessToken, instruments.map((x) => x.isin).join(',')].map(String);
    const child = fork(new URL('./quotes-clients.ts', import.meta.url).pathname, args, { execArgv: ['--import', 'tsx'] });
    const messages: Record<string, unknown>[] = [];
    const waiters: (() => void)[] = [];
    child.on('message', (m: Record<string, unknown>) => {
      messages.push(m);
      waiters.shift()?.();
    });
    child.on('exit', (code) => code !== 0 && console.error(`clients exited ${code}`));
    const next = async () => {
      if (messages.length === 0) await new Promise<void>((resolve) => waiters.push(resolve));
      return messages.shift()!;
    };
    return { child, next };
  });
  await Promise.all(children.map((c) => c.next()));
  await new Promise((r) => setTimeout(r, 1500));
  // The server's CPU time over the clients' measuring window.
  const loadAverage = os.loadavg()[0];
  const cpuBefore = cpuMsOf(serverPid);
  const machineBefore = machineCpuMs();
  for (const c of children) c.child.send('go');
  await Promise.all(children.map((c) => c.next()));
  const cpuMs = cpuMsOf(serverPid) - cpuBefore;
  const machine = machineCpuMs();
  const results = (await Promise.all(children.map((c) => c.next()))) as { connected: number; messages: number; quotes: number; elapsed: number; samples: number[]; ticks: Record<string, number[]>; apiSamples: number[]; cpuMs: number }[];
  // Per tick: when its first, median and last message arrived. The first says how long the tick
  // itself took; the spread to the last says how long one tick's writes took.
  const byTick = new Map<string, number[]>();
  for (const r of results) for (const [t, l] of Object.entries(r.ticks)) byTick.set(t, [...(byTick.get(t) ?? []), ...l]);
  const perTick = [...byTick.values()].filter((l) => l.length >= subscribers / 2).map((l) => l.sort((a, b) => a - b)).map((l) => [l[0]!, percentile(l, 50), l.at(-1)!]);
  if (process.env.QUOTES_DEBUG) console.log(perTick.map((t) => t.join('/')).join(' '));
  const median = (xs: number[]) => percentile([...xs].sort((a, b) => a - b), 50);
  const elapsed = Math.max(...results.map((r) => r.elapsed));
  const samples = results.flatMap((r) => r.samples).sort((a, b) => a - b);
  const sum = (f: (r: (typeof results)[number]) => number) => results.reduce((a, r) => a + f(r), 0);
  await new Promise((r) => setTimeout(r, 2000));
  return {
    server,
    subscribers,
    connected: sum((r) => r.connected),
    clientProcesses: CLIENT_PROCESSES,
    messagesPerSecond: Math.round(sum((r) => r.messages) / elapsed),
    quotesPerSecond: Math.round(sum((r) => r.quotes) / elapsed),
    latencyMs: { p50: percentile(samples, 50), p99: percentile(samples, 99), max: samples.at(-1) },
    apiCallMs: (() => {
      const api = results.flatMap((r) => r.apiSamples).sort((a, b) => a - b);
      const round = (x: number) => Math.round(x * 10) / 10;
      return { calls: api.length, p50: round(percentile(api, 50)), p99: round(percentile(api, 99)) };
    })(),
    medianTickMs: { firstMessage: median(perTick.map((t) => t[0]!)), lastMessage: median(perTick.map((t) => t[2]!)) },
    serverCpuPercent: Math.round(cpuMs / 10 / elapsed),
    clientCpuPercent: Math.round(sum((r) => r.cpuMs) / 10 / elapsed),
    // Whatever else ran on the machine meanwhile (other processes, the kernel's own work), and
    // what the hypervisor took: the benchmark shares its cores, so these say how clean a run was.
    otherCpuPercent: Math.round((machine.busy - machineBefore.busy - cpuMs - sum((r) => r.cpuMs)) / 10 / elapsed),
    stolenCpuPercent: Math.round((machine.steal - machineBefore.steal) / 10 / elapsed),
    loadAverageBefore: Math.round(loadAverage! * 100) / 100,
  };
}

const runs = [];
// QUOTES_SUBSCRIBERS=10000 runs only that size (while working on it; nothing is written then).
const sizes = (process.env.QUOTES_SUBSCRIBERS ?? '1000,10000').split(',').map(Number);
for (const subscribers of sizes) runs.push(await measure('Kontor', port, subscribers, offsetMs));
const quoteBytes = JSON.stringify(market.current(instruments[0]!.isin)).length + 1;
market.stop();
await app.close();
await database.close();

// The floor: the same subscribers and message size against a server that does nothing but write
// one ready frame to every connection each second. What Kontor adds is the difference.
const last = runs.at(-1)!;
const frameBytes = Math.round((last.quotesPerSecond / last.messagesPerSecond) * quoteBytes) + 10;
const floorServer = fork(new URL('./quotes-floor-server.ts', import.meta.url).pathname, [String(frameBytes)], { execArgv: ['--import', 'tsx'] });
const floorPort = await new Promise<number>((resolve) => floorServer.once('message', (m: { port: number }) => resolve(m.port)));
runs.push({ ...(await measure('bare sockets (floor)', floorPort, last.subscribers, 0, floorServer.pid)), frameBytes });
floorServer.kill();
const figures = { instruments: 1000, ticksPerSecond: 1, isinsPerSubscriber: 10, measuredSeconds: SECONDS, runs };
const out = process.env.QUOTES_SUBSCRIBERS ? figures : writeResult('quotes', figures);
console.table(
  out.runs.map((r) => ({
    server: r.server,
    subscribers: r.subscribers,
    connected: r.connected,
    'messages/s': r.messagesPerSecond,
    'quotes/s': r.quotesPerSecond,
    'p50 ms': (r.latencyMs as { p50: number }).p50,
    'p99 ms': (r.latencyMs as { p99: number }).p99,
    'server CPU %': r.serverCpuPercent,
    'clients CPU %': r.clientCpuPercent,
    'other CPU %': r.otherCpuPercent,
    'stolen CPU %': r.stolenCpuPercent,
    'API call p50/p99 ms': `${r.apiCallMs.p50}/${r.apiCallMs.p99}`,
    'tick first/last ms': `${r.medianTickMs.firstMessage}/${r.medianTickMs.lastMessage}`,
  })),
);
