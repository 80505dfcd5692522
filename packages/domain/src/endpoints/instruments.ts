import { z } from 'zod';
import { dividendHistorySchema } from '../dividends';
import { defineEndpoint } from '../endpoint';
import { instrumentListRequestSchema, instrumentSchema, isinSchema } from '../instrument';
import { instrumentCountsSchema, instrumentSearchQuerySchema, instrumentSearchResponseSchema } from '../instrument-search';
import { newsResponseSchema } from '../news';

const tags = ['instruments'];
const isinParams = z.object({ isin: isinSchema });

/** Instruments (spec §7): search, one or several by ISIN, dividends and news. */
export const instrumentEndpoints = {
  search: defineEndpoint({
    method: 'GET',
    path: '/api/instrumentsearch',
    tags,
    summary: 'Search instruments by name, ISIN or WKN (prefixes while typing), with type and feature filters',
    query: instrumentSearchQuerySchema,
    status: 200,
    response: instrumentSearchResponseSchema,
  }),
  counts: defineEndpoint({
    method: 'GET',
    path: '/assets/searchdata/instrument-counts.json',
    tags,
    summary: 'Number of instruments per type (all, and those a customer can buy)',
    status: 200,
    response: instrumentCountsSchema,
  }),
  get: defineEndpoint({ method: 'GET', path: '/api/instrument/{isin}', tags, summary: 'One instrument by ISIN', params: isinParams, status: 200, response: instrumentSchema }),
  list: defineEndpoint({
    method: 'POST',
    path: '/api/instrument',
    tags,
    summary: 'Instruments for a list of ISINs (unknown ones are left out)',
    body: instrumentListRequestSchema,
    status: 200,
    response: z.array(instrumentSchema),
  }),
  dividends: defineEndpoint({
    method: 'GET',
    path: '/api/instrument/{isin}/dividends',
    tags,
    summary: 'Dividend history: headline and at most six past years, newest first',
    params: isinParams,
    status: 200,
    response: dividendHistorySchema,
  }),
  news: defineEndpoint({
    method: 'GET',
    path: '/api/instrument-cache/news',
    tags,
    summary: 'News about an instrument, newest first',
    query: z.object({ isin: isinSchema, size: z.coerce.number().int().min(1).max(50).default(10) }),
    status: 200,
    response: newsResponseSchema,
  }),
};
