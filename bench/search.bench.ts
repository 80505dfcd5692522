// Instrument search at scale: a universe of 1,000,000 instruments (the real ones plus generated
// derivatives), the in-memory index built from it, a realistic query mix in-process (p50/p95/p99
// per kind of query) and over HTTP (req/s with autocannon), and the memory the index holds.
// Target: p95 ≤ 5 ms in-process. BENCH_INSTRUMENTS=… changes the size.
import v8 from 'node:v8';
import vm from 'node:vm';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { InstrumentType } from '@kontor/domain/enums';
import { instrumentSearchParams } from '@kontor/domain/instrument-search';
import { queryTokens } from '../apps/server/src/instruments/normalize.ts';
import { REFERENCE_INSTRUMENTS } from '../apps/server/src/instruments/reference-instruments.ts';
import { instrumentRoutes } from '../apps/server/src/instruments/routes.ts';
import type { IndexEntry } from '../apps/server/src/instruments/search-index-parts.ts';
import { SearchIndex, type SearchRequest } from '../apps/server/src/instruments/search-index.ts';
import { type InstrumentDocuments, indexEntryOf, instrumentService } from '../apps/server/src/instruments/service.ts';
import type { PricedInstrument } from '../apps/server/src/instruments/store.ts';
import { mulberry32 } from '../apps/server/src/platform/random.ts';
import { universeInstrument, universeSources } from '../apps/server/src/instruments/universe.ts';
import { installErrorHandler } from '../apps/server/src/platform/error-handler.ts';
import { summarize, writeResult } from './lib.ts';

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;
const TOTAL = Number(process.env.BENCH_INSTRUMENTS ?? 1_000_000);
const derivatives = TOTAL - REFERENCE_INSTRUMENTS.length;
const mib = (bytes: number) => Math.round(bytes / 2 ** 20);

// ——— Build ———
gc();
const before = process.memoryUsage();
const real: IndexEntry[] = [];
const someDerivatives: IndexEntry[] = [];
let position = 0;
function* entries(): Generator<IndexEntry> {
  for (const { source, popularity } of universeSources(derivatives)) {
    const e = indexEntryOf({ ...source, instrumentType: source.type, name: source.longName, popularity });
    if (e.instrumentType !== 'DERIVAT') real.push(e);
    else if (position % 997 === 0) someDerivatives.push(e);
    position++;
    yield e;
  }
}
const buildStarted = performance.now();
const index = SearchIndex.build(entries());
const buildSeconds = (performance.now() - buildStarted) / 1000;
gc();
const after = process.memoryUsage();
const memory = {
  heapMiB: mib(after.heapUsed - before.heapUsed),
  arrayBuffersMiB: mib(after.arrayBuffers - before.arrayBuffers),
  computedMiB: mib(index.memoryBytes()),
};

// ——— Query mix ———
const rng = mulberry32(42);
const pick = <T>(list: readonly T[]): T => list[Math.floor(rng() * list.length)]!;
const words = (e: IndexEntry) => queryTokens(e.name).filter((w) => w.length > 2);
type Query = { kind: string; req: SearchRequest };
const base = { tradableOnly: true, from: 0, size: 20 };
const kinds: [string, number, () => SearchRequest][] = [
  ['ISIN', 15, () => ({ ...base, q: pick(rng() < 0.5 ? real : someDerivatives).isin })],
  ['WKN', 10, () => ({ ...base, q: pick(rng() < 0.5 ? real : someDerivatives).wkn ?? 'A0RPWH' })],
  ['ISIN prefix', 5, () => ({ ...base, q: pick(rng() < 0.5 ? real : someDerivatives).isin.slice(0, 6 + Math.floor(rng() * 5)) })],
  ['1–3 letters', 25, () => ({ ...base, q: (words(pick(real))[0] ?? 'sap').slice(0, 1 + Math.floor(rng() * 3)) })],
  [
    'words',
    25,
    () => {
      const w = words(pick(real));
      const first = w[0] ?? 'sap';
      const typed = rng() < 0.3 ? first.slice(0, Math.max(4, first.length - 2)) : first;
      return { ...base, q: w.length > 1 && rng() < 0.3 ? `${typed} ${w[1]}` : typed, from: rng() < 0.1 ? 20 : 0 };
    },
  ],
  [
    'words + filter',
    10,
    () => {
      const types: InstrumentType[][] = [['AKTIE'], ['ETF'], ['ETF', 'FONDS'], ['DERIVAT'], ['AKTIE', 'ETF']];
      const filter = rng() < 0.7 ? { types: pick(types) } : pick([{ sparplan: true }, { fractional: true }, { weekendTrading: true }]);
      return { ...base, ...filter, q: (words(pick(real))[0] ?? 'sap').slice(0, 3 + Math.floor(rng() * 4)) };
    },
  ],
  [
    'derivative words',
    10,
    () => {
      const und = pick(real.filter((e) => e.instrumentType === 'AKTIE' || e.instrumentType === 'INDEX'));
      return { ...base, q: `${queryTokens(und.shortName)[0] ?? 'dax'} ${pick(['call', 'put', 'turbo long', 'turbo short', 'long', 'open end'])}` };
    },
  ],
];
const weightSum = kinds.reduce((s, [, w]) => s + w, 0);
const queries: Query[] = Array.from({ length: 22_000 }, () => {
  let r = rng() * weightSum;
  for (const [kind, weight, make] of kinds) {
    if ((r -= weight) < 0) return { kind, req: make() };
  }
  return { kind: 'words', req: { ...base, q: 'sap' } };
});

// ——— In-process ———
for (const q of queries.slice(0, 2_000)) index.search(q.req);
const samples = new Map<string, number[]>([['all', []]]);
let hits = 0;
for (const q of queries.slice(2_000)) {
  const t0 = performance.now();
  hits += index.search(q.req).total;
  const ms = performance.now() - t0;
  samples.get('all')!.push(ms);
  if (!samples.has(q.kind)) samples.set(q.kind, []);
  samples.get(q.kind)!.push(ms);
}
const inProcess = Object.fromEntries([...samples].map(([kind, s]) => [kind, summarize(s)]));
const worst = queries
  .slice(2_000)
  .map((q, i) => ({ q, ms: samples.get('all')![i]! }))
  .sort((a, b) => b.ms - a.ms)
  .slice(0, 5)
  .map(({ q, ms }) => ({ q: q.req.q, types: q.req.types, ms: Math.round(ms * 1000) / 1000 }));

// ——— HTTP ———
// Whole instruments come from the generator behind a cache (the server reads them from its table
// behind the same kind of cache). No sign-in: the token check is not part of the search.
const cache = new Map<string, PricedInstrument>();
const documents: InstrumentDocuments = {
  async get(isins) {
    const out = new Map<string, PricedInstrument>();
    for (const isin of isins) {
      let p = cache.get(isin);
      if (!p) {
        p = universeInstrument(isin, derivatives);
        if (p) cache.set(isin, p);
        if (cache.size > 50_000) cache.delete(cache.keys().next().value!);
      }
      if (p) out.set(isin, p);
    }
    return out;
  },
  async *all() {},
};
const app = Fastify({ logger: false });
app.setValidatorCompiler(validatorCompiler);
app.setSerializerCompiler(serializerCompiler);
installErrorHandler(app);
await app.register(instrumentRoutes, { service: instrumentService({ index, documents }) });
await app.listen({ port: 0, host: '127.0.0.1' });
const { port } = app.server.address() as { port: number };
const paths = queries.slice(0, 1_000).map(({ req }) => {
  const params = instrumentSearchParams({ q: req.q, type: req.types, size: req.size, from: req.from || undefined, sparplan: req.sparplan, fractional: req.fractional, weekendTrading: req.weekendTrading });
  return { method: 'GET' as const, path: `/api/instrumentsearch?${params}` };
});
const http = await autocannon({ url: `http://127.0.0.1:${port}`, connections: 20, duration: 10, requests: paths });
await app.close();

const out = writeResult('search', {
  what: 'instrument search over a universe of real instruments and generated derivatives: in-process latency of the index per kind of query, HTTP throughput of GET /api/instrumentsearch, memory of the index',
  instruments: index.size,
  index: { buildSeconds: Math.round(buildSeconds * 10) / 10, ...index.stats(), memory },
  queries: { measured: queries.length - 2_000, share: Object.fromEntries(kinds.map(([k, w]) => [k, `${w} %`])), meanHits: Math.round(hits / (queries.length - 2_000)) },
  inProcessMs: inProcess,
  slowestQueries: worst,
  http: {
    connections: 20,
    durationSeconds: 10,
    requestsPerSecond: Math.round(http.requests.average),
    latencyMs: { p50: http.latency.p50, p90: http.latency.p90, p99: http.latency.p99 },
    non2xx: http.non2xx,
    errors: http.errors,
  },
});
console.log(`${out.instruments.toLocaleString('de-DE')} Instrumente, Index in ${out.index.buildSeconds} s gebaut, Speicher ≈ ${memory.computedMiB} MiB (Heap +${memory.heapMiB} MiB, ArrayBuffer +${memory.arrayBuffersMiB} MiB)`);
console.table(out.inProcessMs);
console.table(out.slowestQueries);
console.log(`HTTP: ${out.http.requestsPerSecond} req/s, p50 ${out.http.latencyMs.p50} ms, p99 ${out.http.latencyMs.p99} ms, non-2xx ${out.http.non2xx}`);
