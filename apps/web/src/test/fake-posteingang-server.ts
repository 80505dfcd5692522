import { vi } from 'vitest';
import {
  documentListQuerySchema,
  markReadSchema,
  messageListQuerySchema,
  type PosteingangDocument,
  type PosteingangMessage,
} from '@kontor/domain/posteingang-contracts';
import { documentDisplayTitle } from '@kontor/domain/documents';
import { configureApi, createApiClient } from '../lib/api-client';
import { jsonResponse } from './fixtures';

/** A document as the server lists it; a test gives what it is about. */
export function testDocument(overrides: Partial<PosteingangDocument> & { id: string }): PosteingangDocument {
  return {
    kind: 'contract_note',
    category: 'ABRECHNUNGEN',
    savingsPlan: false,
    title: 'Wertpapierabrechnung',
    date: '2026-11-23T09:00:00.000Z',
    read: false,
    size: 2048,
    ...overrides,
  };
}

export function testMessage(overrides: Partial<PosteingangMessage> & { id: string }): PosteingangMessage {
  return {
    kind: 'msg',
    textForm: 'TEXT',
    title: 'Mitteilung',
    body: '',
    date: '2026-11-23T09:00:00.000Z',
    read: false,
    orderId: null,
    ticketId: null,
    isin: null,
    stop: null,
    ...overrides,
  };
}

/** Berlin calendar day of an ISO time (good enough for the fixed winter dates of the tests). */
const berlinDay = (iso: string) => new Date(new Date(iso).getTime() + 3600_000).toISOString().slice(0, 10);

/**
 * The Posteingang routes of packages/domain/src/posteingang-contracts.ts in memory: the query is
 * parsed with the contract's own schema (a query the web builds wrongly fails here as on the
 * server), filters and keyset paging as the server does them (the cursor is the offset here).
 * `fail` makes the lists answer with that HTTP status until it is cleared.
 */
export function installFakePosteingangServer(initial: { documents?: PosteingangDocument[]; messages?: PosteingangMessage[] } = {}) {
  const state = {
    documents: [...(initial.documents ?? [])],
    messages: [...(initial.messages ?? [])],
    fail: null as number | null,
    /** Every call: method and path with query. */
    calls: [] as { method: string; path: string; query: URLSearchParams; body: unknown }[],
    /** Hold the list answers until `release` is called (to see the loading state). */
    hold: null as Promise<void> | null,
  };
  const newestFirst = <T extends { date: string; id: string }>(list: T[]) =>
    [...list].sort((a, b) => b.date.localeCompare(a.date) || b.id.localeCompare(a.id));
  const page = <T>(list: T[], cursor: string | undefined, limit: number) => {
    const start = cursor ? Number(cursor) : 0;
    const slice = list.slice(start, start + limit);
    return { items: slice, nextCursor: start + limit < list.length ? String(start + limit) : null };
  };

  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init.method ?? 'GET';
    const body = init.body ? (JSON.parse(String(init.body)) as unknown) : undefined;
    const path = url.pathname;
    state.calls.push({ method, path, query: url.searchParams, body });
    const query = Object.fromEntries(url.searchParams);

    if (path === '/api/notification') return jsonResponse({ unread: 0, items: [] });
    if (method === 'GET' && path === '/api/posteingang/unread')
      return jsonResponse({ documents: state.documents.filter((d) => !d.read).length, messages: state.messages.filter((m) => !m.read).length });
    if (method === 'GET' && (path === '/api/posteingang' || path === '/api/posteingang/messages')) {
      if (state.hold) await state.hold;
      if (state.fail) return jsonResponse({ message: 'Nicht möglich.' }, { status: state.fail });
    }
    if (method === 'GET' && path === '/api/posteingang') {
      const q = documentListQuerySchema.safeParse(query);
      if (!q.success) return jsonResponse({ message: q.error.message }, { status: 400 });
      const { mode, categories, from, to, unread, cursor, limit } = q.data;
      const search = q.data.q?.toLowerCase();
      const matching = newestFirst(state.documents).filter(
        (d) =>
          (mode !== 'SAVINGS_PLAN' || d.savingsPlan) &&
          (mode !== 'CATEGORIES' || categories.includes(d.category)) &&
          (!search || documentDisplayTitle(d).toLowerCase().includes(search) || (d.pdfIsin ?? '').toLowerCase().includes(search)) &&
          (!from || berlinDay(d.date) >= from) &&
          (!to || berlinDay(d.date) <= to) &&
          (unread === undefined || !unread || !d.read),
      );
      const { items, nextCursor } = page(matching, cursor, limit);
      return jsonResponse({ documents: items, nextCursor, total: matching.length });
    }
    if (method === 'GET' && path === '/api/posteingang/messages') {
      const q = messageListQuerySchema.parse(query);
      const { items, nextCursor } = page(newestFirst(state.messages), q.cursor, q.limit);
      return jsonResponse({ messages: items, nextCursor });
    }
    const read = /^\/api\/posteingang\/(messages\/)?([^/]+)\/read$/.exec(path);
    if (method === 'PUT' && read) {
      const { read: flag } = markReadSchema.parse(body);
      const list: { id: string; read: boolean }[] = read[1] ? state.messages : state.documents;
      const item = list.find((i) => i.id === decodeURIComponent(read[2]!));
      if (!item) return jsonResponse({ message: 'Nicht gefunden.' }, { status: 404 });
      item.read = flag;
      return new Response(null, { status: 204 });
    }
    return jsonResponse({});
  });
  configureApi(createApiClient({ fetch: fetchMock as unknown as typeof fetch }));
  /** The document-list queries sent, newest last. */
  const documentQueries = () => state.calls.filter((c) => c.method === 'GET' && c.path === '/api/posteingang').map((c) => Object.fromEntries(c.query));
  return { state, fetchMock, documentQueries };
}
