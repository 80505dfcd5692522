import { DOCUMENT_CATEGORIES, POSTEINGANG_PAGE_DEFAULT, type DocumentCategory, type DocumentListQuery } from '@kontor/domain/posteingang-contracts';
import { FILTER_MODES, type FilterMode } from '@kontor/domain/enums';

/**
 * The Posteingang keeps what the customer sees in the URL, so back/forward and links work:
 * /posteingang?ansicht=nachrichten, /posteingang?modus=CATEGORIES&kategorien=STEUERN,
 * /posteingang?doc=<id> (that document open in the viewer).
 */
export type InboxView = 'dokumente' | 'nachrichten';

export type DocumentFilters = {
  mode: FilterMode;
  /** Counts only in mode CATEGORIES. */
  categories: DocumentCategory[];
  q: string;
  /** Issue date from/to, JJJJ-MM-TT, '' for open. */
  from: string;
  to: string;
  unread: boolean;
};

export const PARAM = {
  view: 'ansicht',
  mode: 'modus',
  categories: 'kategorien',
  q: 'q',
  from: 'von',
  to: 'bis',
  unread: 'ungelesen',
  document: 'doc',
} as const;

const isoDate = /^\d{4}-\d{2}-\d{2}$/;
const date = (value: string | null) => (value && isoDate.test(value) ? value : '');

export function readView(params: URLSearchParams): InboxView {
  return params.get(PARAM.view) === 'nachrichten' ? 'nachrichten' : 'dokumente';
}

/** The filters of the URL; anything it does not know (a mistyped category) is left out. */
export function readFilters(params: URLSearchParams): DocumentFilters {
  const mode = params.get(PARAM.mode);
  const categories = (params.get(PARAM.categories) ?? '').split(',');
  return {
    mode: (FILTER_MODES as readonly string[]).includes(mode ?? '') ? (mode as FilterMode) : 'ALL',
    categories: DOCUMENT_CATEGORIES.filter((c) => categories.includes(c)),
    q: (params.get(PARAM.q) ?? '').slice(0, 100),
    from: date(params.get(PARAM.from)),
    to: date(params.get(PARAM.to)),
    unread: params.get(PARAM.unread) === '1',
  };
}

/** The URL with these filters changed (empty values leave the URL). */
export function withFilters(params: URLSearchParams, change: Partial<DocumentFilters>): URLSearchParams {
  const next = new URLSearchParams(params);
  const set = (key: string, value: string) => (value ? next.set(key, value) : next.delete(key));
  if (change.mode !== undefined) set(PARAM.mode, change.mode === 'ALL' ? '' : change.mode);
  if (change.categories !== undefined) set(PARAM.categories, change.categories.join(','));
  if (change.q !== undefined) set(PARAM.q, change.q.trim());
  if (change.from !== undefined) set(PARAM.from, change.from);
  if (change.to !== undefined) set(PARAM.to, change.to);
  if (change.unread !== undefined) set(PARAM.unread, change.unread ? '1' : '');
  return next;
}

export function hasFilters(filters: DocumentFilters): boolean {
  return filters.mode !== 'ALL' || filters.q !== '' || filters.from !== '' || filters.to !== '' || filters.unread;
}

/**
 * The query of GET /api/posteingang for these filters (contract: documentListQuerySchema). CATEGORIES
 * without a category chosen yet lists everything, as ALL does, rather than nothing. A range whose
 * "von" lies after its "bis" is sent as given: the server answers it with no documents.
 */
export function documentQuery(filters: DocumentFilters, cursor?: string): DocumentListQuery {
  const query: DocumentListQuery = { limit: String(POSTEINGANG_PAGE_DEFAULT) };
  const categories = filters.mode === 'CATEGORIES' && filters.categories.length > 0;
  query.mode = filters.mode === 'CATEGORIES' && !categories ? 'ALL' : filters.mode;
  if (categories) query.categories = filters.categories.join(',');
  if (filters.q.trim()) query.q = filters.q.trim();
  if (filters.from) query.from = filters.from;
  if (filters.to) query.to = filters.to;
  if (filters.unread) query.unread = 'true';
  if (cursor) query.cursor = cursor;
  return query;
}
