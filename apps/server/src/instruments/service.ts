import { INSTRUMENT_TYPES, type InstrumentType, type OrderKind } from '@kontor/domain/enums';
import type { Instrument } from '@kontor/domain/instrument';
import {
  INSTRUMENT_SEARCH_DEFAULT_SIZE,
  type InstrumentCounts,
  type InstrumentSearchQuery,
  type InstrumentSearchResponse,
} from '@kontor/domain/instrument-search';
import type { Db } from '../platform/db.ts';
import type { IndexEntry } from './search-index-parts.ts';
import { SearchIndex } from './search-index.ts';
import { seedInstruments } from './seed.ts';
import { type InstrumentStore, type PricedInstrument, instrumentStore } from './store.ts';

/** Where whole instruments come from: the database (with a cache), or a generator in benchmarks. */
export interface InstrumentDocuments {
  /** The known ones among these ISINs. */
  get(isins: readonly string[]): Promise<Map<string, PricedInstrument>>;
  /** Every instrument with its reference price. */
  all(): AsyncIterable<PricedInstrument>;
}

/** The search fields of an instrument. */
export function indexEntryOf(i: {
  isin: string;
  wkn?: string | null | undefined;
  name: string;
  shortName: string;
  instrumentType: InstrumentType;
  emittentShortCode?: string | null | undefined;
  sparplan: boolean;
  fractionalTrading: boolean;
  weekendTrading: boolean;
  knockedOutFlag: boolean;
  popularity: number;
}): IndexEntry {
  return {
    isin: i.isin,
    wkn: i.wkn ?? null,
    name: i.name,
    shortName: i.shortName,
    instrumentType: i.instrumentType,
    emittentShortCode: i.emittentShortCode ?? null,
    sparplan: i.sparplan,
    fractionalTrading: i.fractionalTrading,
    weekendTrading: i.weekendTrading,
    knockedOutFlag: i.knockedOutFlag,
    popularity: i.popularity,
  };
}

/**
 * `disabledKinds`: order kinds this configuration offers on no instrument (the
 * `multiOrderStrategies` flag off takes OCO away); they join every instrument's
 * disabledExecTypes, so the web ticket does not offer them and the order rules refuse them.
 */
export function instrumentService(deps: { index: SearchIndex; documents: InstrumentDocuments; disabledKinds?: readonly OrderKind[] }) {
  const { index, documents } = deps;
  const disabledKinds = deps.disabledKinds ?? [];
  const view = (i: Instrument): Instrument =>
    disabledKinds.length === 0 ? i : { ...i, disabledExecTypes: [...new Set([...i.disabledExecTypes, ...disabledKinds])] };
  const counts: InstrumentCounts = (() => {
    const { all, tradable } = index.typeCounts();
    return { total: index.size, types: all, tradable };
  })();

  async function getMany(isins: readonly string[]): Promise<Instrument[]> {
    const wanted = [...new Set(isins)];
    const found = await documents.get(wanted);
    return wanted.flatMap((isin) => {
      const hit = found.get(isin);
      return hit ? [view(hit.instrument)] : [];
    });
  }

  return {
    /**
     * GET /api/instrumentsearch. Without `type` every type is searched (defaultAllTypes asks for
     * exactly that; Kontor has no narrower default). tradableBusiness leaves out what cannot be
     * bought: indices and knocked-out products.
     */
    async search(query: InstrumentSearchQuery): Promise<InstrumentSearchResponse> {
      const request = {
        q: query.q,
        tradableOnly: query.tradableBusiness === true,
        sparplan: query.sparplan,
        fractional: query.fractional,
        weekendTrading: query.weekendTrading,
      };
      const hits = index.search({ ...request, types: query.type, from: query.from ?? 0, size: query.size ?? INSTRUMENT_SEARCH_DEFAULT_SIZE });
      // A query's hits per type, for the type filters' counts (the whole universe's are in instrument-counts.json).
      const types = query.q?.trim()
        ? (Object.fromEntries(INSTRUMENT_TYPES.map((type) => [type, index.search({ ...request, types: [type], from: 0, size: 0 }).total])) as Record<InstrumentType, number>)
        : undefined;
      return { results: await getMany(hits.isins), stats: { hits: { HITS: hits.total }, ...(types ? { types } : {}) } };
    },

    async get(isin: string): Promise<Instrument | undefined> {
      const hit = (await documents.get([isin])).get(isin);
      return hit && view(hit.instrument);
    },

    /** The known instruments among `isins`, in the order asked, each once. */
    getMany,

    /** Instruments per type, for /assets/searchdata/instrument-counts.json. */
    counts: (): InstrumentCounts => counts,

    /** The price level the market simulator starts an instrument at (quote currency). */
    async referencePrice(isin: string): Promise<string | undefined> {
      return (await documents.get([isin])).get(isin)?.referencePrice;
    },

    /** Every instrument with its reference price: what the market simulator quotes. */
    priced: (): AsyncIterable<PricedInstrument> => documents.all(),
  };
}
export type InstrumentService = ReturnType<typeof instrumentService>;

/**
 * Instruments from the database. Universes up to `cacheSize` are held in memory entirely (the
 * default one is); larger ones keep the most recently asked instruments and read the rest.
 */
export function storeDocuments(store: InstrumentStore, cacheSize: number) {
  const cache = new Map<string, PricedInstrument>();
  const remember = (p: PricedInstrument) => {
    cache.delete(p.instrument.isin);
    cache.set(p.instrument.isin, p);
    if (cache.size > cacheSize) cache.delete(cache.keys().next().value!);
  };
  async function* pages(): AsyncGenerator<PricedInstrument> {
    let after: string | null = null;
    for (;;) {
      const page = await store.pricedPage(after, 5_000);
      yield* page;
      if (page.length < 5_000) return;
      after = page[page.length - 1]!.instrument.isin;
    }
  }
  return {
    async preload(): Promise<void> {
      for await (const p of pages()) remember(p);
    },
    async get(isins: readonly string[]): Promise<Map<string, PricedInstrument>> {
      const out = new Map<string, PricedInstrument>();
      const missing: string[] = [];
      for (const isin of isins) {
        const hit = cache.get(isin);
        if (hit) out.set(isin, hit);
        else missing.push(isin);
      }
      for (const p of await store.find(missing)) {
        remember(p);
        out.set(p.instrument.isin, p);
      }
      return out;
    },
    all: pages,
  } satisfies InstrumentDocuments & { preload(): Promise<void> };
}

/** Builds the search index from the store, reading the search columns a page at a time. */
export async function buildIndexFromStore(store: InstrumentStore): Promise<SearchIndex> {
  const entries: IndexEntry[] = [];
  let after: string | null = null;
  for (;;) {
    const page = await store.indexPage(after, 20_000);
    entries.push(...page);
    if (page.length < 20_000) break;
    after = page[page.length - 1]!.isin;
  }
  return SearchIndex.build(entries);
}

/**
 * The instruments area at start: seed the universe once (idempotent), build the search index from
 * the table and fill the cache. Cheap enough to run in every start and every test app (see README).
 */
export async function loadInstruments(deps: { db: Db; derivatives?: number; cacheSize?: number; disabledKinds?: readonly OrderKind[] }): Promise<InstrumentService> {
  await seedInstruments(deps.db, { derivatives: deps.derivatives });
  const store = instrumentStore(deps.db);
  const index = await buildIndexFromStore(store);
  const documents = storeDocuments(store, deps.cacheSize ?? 50_000);
  if (index.size <= (deps.cacheSize ?? 50_000)) await documents.preload();
  return instrumentService({ index, documents, disabledKinds: deps.disabledKinds });
}
