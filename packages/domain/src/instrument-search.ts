import { z } from 'zod';
import { INSTRUMENT_TYPES, type InstrumentType } from './enums';
import { instrumentSchema } from './instrument';

/**
 * GET /api/instrumentsearch (spec §7). Query values arrive as strings and are coerced; the web
 * client builds the query with `instrumentSearchParams`.
 */

export const INSTRUMENT_SEARCH_MAX_QUERY_LENGTH = 200;
export const INSTRUMENT_SEARCH_MAX_SIZE = 100;
/** Page size when the request sets none (spec §9: the default search sets no size): one screen of hits. */
export const INSTRUMENT_SEARCH_DEFAULT_SIZE = 20;
/** Deepest hit a page may start at; nobody pages further, and refusing it bounds the work of a search. */
export const INSTRUMENT_SEARCH_MAX_FROM = 10_000;

/** "true"/"false" from a query string, or a boolean from code. */
const queryBoolean = z.union([
  z.boolean(),
  z.enum(['true', 'false']).transform((value) => value === 'true'),
]);

/** Instrument types as "AKTIE,ETF" (or a repeated parameter); every value must be a known type. */
const typeList = z
  .union([z.string(), z.array(z.string())])
  .transform((value) =>
    (Array.isArray(value) ? value : [value])
      .flatMap((part) => part.split(','))
      .map((part) => part.trim())
      .filter((part) => part.length > 0),
  )
  .pipe(z.array(z.enum(INSTRUMENT_TYPES)))
  .transform((types) => (types.length > 0 ? [...new Set(types)] : undefined));

export const instrumentSearchQuerySchema = z.object({
  /** Free text: name, ISIN, WKN or short name. */
  q: z.string().trim().max(INSTRUMENT_SEARCH_MAX_QUERY_LENGTH).optional(),
  type: typeList.optional(),
  /** Page size; the default search sets none (spec §9) and the server picks its own. */
  size: z.coerce.number().int().min(1).max(INSTRUMENT_SEARCH_MAX_SIZE).optional(),
  /** Offset of the first hit, for paging. */
  from: z.coerce.number().int().min(0).max(INSTRUMENT_SEARCH_MAX_FROM).optional(),
  /** Only instruments that can be bought by savings plan. */
  sparplan: queryBoolean.optional(),
  /** Only instruments that can be bought in fractions. */
  fractional: queryBoolean.optional(),
  /** Only instruments tradable at weekends. */
  weekendTrading: queryBoolean.optional(),
  /** Search all instrument types when `type` is not given. */
  defaultAllTypes: queryBoolean.optional(),
  /** Only instruments the customer can trade (no indices). */
  tradableBusiness: queryBoolean.optional(),
});
export type InstrumentSearchQuery = z.output<typeof instrumentSearchQuerySchema>;

const countsPerType = z.object(Object.fromEntries(INSTRUMENT_TYPES.map((t) => [t, z.number().int().min(0)])) as Record<InstrumentType, z.ZodNumber>);

export const instrumentSearchResponseSchema = z.object({
  results: z.array(instrumentSchema),
  stats: z.object({
    hits: z.object({
      /** Total number of hits, also those beyond this page. */
      HITS: z.number().int().min(0),
    }),
    /**
     * With a query (Kontor's addition): its hits per type, whatever `type` chose, so each type's
     * filter says how many of this query's hits it holds.
     */
    types: countsPerType.optional(),
  }),
});
export type InstrumentSearchResponse = z.infer<typeof instrumentSearchResponseSchema>;

/**
 * GET /assets/searchdata/instrument-counts.json (spec §7; the shape is Kontor's decision): how many
 * instruments there are per type, and how many of them a customer can buy — the hit count of a
 * search with tradableBusiness=true and that type (indices and knocked-out products left out).
 */
export const instrumentCountsSchema = z.object({
  total: z.number().int().min(0),
  types: countsPerType,
  tradable: countsPerType,
});
export type InstrumentCounts = z.infer<typeof instrumentCountsSchema>;

/**
 * The query string of a search as the web app sends it (spec §7): always
 * defaultAllTypes=true&tradableBusiness=true, then q, type (comma-separated), size and from when
 * given, and sparplan, fractional, weekendTrading only when true.
 */
export function instrumentSearchParams(query: {
  q?: string | undefined;
  type?: readonly InstrumentType[] | undefined;
  size?: number | undefined;
  from?: number | undefined;
  sparplan?: boolean | undefined;
  fractional?: boolean | undefined;
  weekendTrading?: boolean | undefined;
}): URLSearchParams {
  const params = new URLSearchParams({ defaultAllTypes: 'true', tradableBusiness: 'true' });
  const q = query.q?.trim();
  if (q) params.set('q', q);
  if (query.type && query.type.length > 0) params.set('type', query.type.join(','));
  if (query.size !== undefined) params.set('size', String(query.size));
  if (query.from !== undefined) params.set('from', String(query.from));
  if (query.sparplan) params.set('sparplan', 'true');
  if (query.fractional) params.set('fractional', 'true');
  if (query.weekendTrading) params.set('weekendTrading', 'true');
  return params;
}
