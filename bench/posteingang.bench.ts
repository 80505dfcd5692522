// Posteingang at scale: one customer with 10,000 documents (among 30,000 of other customers), the
// list as the API serves it (inboxService.list: page + total): the first page, a page deep in the
// list by cursor, a category filter, a search by ISIN and by title, unread only. p50/p99 per query.
// PGlite in-process by default; DATABASE_URL=postgres://… runs it on PostgreSQL (a fresh database).
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { documentListQuerySchema, DOCUMENT_KINDS, type DocumentKind } from '@kontor/domain/posteingang-contracts';
import { documentStore, type DocumentToIssue } from '../apps/server/src/documents/store.ts';
import type { DocumentRenderer } from '../apps/server/src/documents/renderer.ts';
import { inboxService } from '../apps/server/src/inbox/service.ts';
import { mulberry32 } from '../apps/server/src/platform/random.ts';
import { freshDatabase } from '../apps/server/test/test-app.ts';
import { summarize, writeResult } from './lib.ts';

const PER_CUSTOMER = Number(process.env.BENCH_DOCUMENTS ?? 10_000);
const OTHERS = 3;
const RUNS = Number(process.env.BENCH_RUNS ?? 300);
const ISINS = ['DE0007164600', 'IE00B4L5Y983', 'DE0005557508', 'US0378331005', 'DE0008404005', 'FR0000120271', 'US5949181045', 'DE000BASF111'];

const database = await freshDatabase();
const db = database.db;
const store = documentStore(db);
const clock = { now: () => new Date('2026-11-23T09:00:00Z') };
const service = inboxService({ documents: store, renderer: undefined as unknown as DocumentRenderer, clock });
const rng = mulberry32(7);
const pick = <T>(list: readonly T[]): T => list[Math.floor(rng() * list.length)]!;

/** A plausible mix: mostly contract notes, monthly and quarterly statements, some others. */
function doc(i: number): DocumentToIssue {
  const r = rng();
  const kind: DocumentKind = r < 0.6 ? 'contract_note' : r < 0.75 ? 'savings_plan_execution' : r < 0.85 ? 'account_statement' : r < 0.9 ? 'depot_statement' : pick(DOCUMENT_KINDS);
  const isin = pick(ISINS);
  const isins = kind === 'depot_statement' ? ISINS.slice(0, 3 + Math.floor(rng() * 5)).join(',') : isin;
  const titled = kind === 'contract_note' || kind === 'savings_plan_execution' || kind === 'depot_statement';
  return {
    kind,
    dedupeKey: `${kind}:${i}`,
    title: `${kind} ${i}`,
    pdfTitle: titled ? `Wertpapierabrechnung Kauf Nr. ${i}` : null,
    pdfIsin: titled ? isins : null,
    data: { i },
    notify: false,
  };
}

const started = performance.now();
const subs = Array.from({ length: OTHERS + 1 }, () => randomUUID());
const target = subs[0]!;
for (const sub of subs) {
  for (let from = 0; from < PER_CUSTOMER; from += 1000) {
    await db.transaction(async (tx) => {
      for (let i = from; i < Math.min(PER_CUSTOMER, from + 1000); i++) {
        // About three documents a day over nine years.
        await store.issue(tx, sub, new Date(Date.UTC(2017, 0, 1) + i * 8 * 3_600_000), doc(i));
      }
    });
  }
}
// A tenth read.
await db.execute(sql`update customer_documents set read_at = issued_at where sub = ${target} and random() < 0.9`);
// As autovacuum leaves a PostgreSQL table (PGlite has none): statistics and the visibility map.
await db.execute(sql`vacuum analyze customer_documents`);
const fillSeconds = (performance.now() - started) / 1000;

const q = (raw: Record<string, string>) => documentListQuerySchema.parse(raw);
// The cursor of page 200 (of 30 each): deep in the list.
let deep: string | undefined;
for (let p = 0; p < 200; p++) deep = (await service.list(target, q(deep ? { cursor: deep } : {}))).nextCursor ?? undefined;

const queries: [string, Record<string, string>][] = [
  ['first page', {}],
  ['page 200 by cursor', { cursor: deep! }],
  ['category (Abrechnungen)', { mode: 'CATEGORIES', categories: 'ABRECHNUNGEN' }],
  ['two categories + date range', { mode: 'CATEGORIES', categories: 'DEPOT_KONTO,STEUERN', from: '2020-01-01', to: '2022-12-31' }],
  ['savings plan', { mode: 'SAVINGS_PLAN' }],
  ['search ISIN', { q: 'US0378331005' }],
  ['search title', { q: 'kauf nr. 47' }],
  ['unread only', { unread: 'true' }],
];
const results: Record<string, ReturnType<typeof summarize> & { total: number }> = {};
for (const [name, raw] of queries) {
  const parsed = q(raw);
  for (let i = 0; i < 20; i++) await service.list(target, parsed);
  const samples: number[] = [];
  let total = 0;
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    total = (await service.list(target, parsed)).total;
    samples.push(performance.now() - t0);
  }
  results[name] = { ...summarize(samples), total };
}
await database.close();

const body = writeResult('posteingang', {
  database: process.env.DATABASE_URL ? 'postgres' : 'pglite',
  documentsOfCustomer: PER_CUSTOMER,
  documentsInTable: PER_CUSTOMER * (OTHERS + 1),
  fillSeconds: Math.round(fillSeconds * 10) / 10,
  pageSize: 30,
  queriesMs: results,
});
console.table(Object.fromEntries(Object.entries(body.queriesMs as typeof results).map(([k, v]) => [k, { p50: v.p50, p99: v.p99, total: v.total }])));
