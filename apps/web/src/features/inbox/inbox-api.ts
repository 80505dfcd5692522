import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { inboxEndpoints as i } from '@kontor/domain/endpoints/inbox';
import { POSTEINGANG_PAGE_DEFAULT, type DocumentPage, type MessagePage } from '@kontor/domain/posteingang-contracts';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';
import { documentQuery, type DocumentFilters } from './inbox-params';

/** The Posteingang's calls (contract: packages/domain/src/posteingang-contracts.ts). */

const keys = {
  documents: [...queryKeys.inbox, 'documents'],
  documentList: (filters: DocumentFilters) => [...queryKeys.inbox, 'documents', filters],
  messages: [...queryKeys.inbox, 'messages'],
  unread: [...queryKeys.inbox, 'unread'],
};

/** The documents matching the filters, a page at a time (keyset: the next page starts at nextCursor). */
export function useDocuments(filters: DocumentFilters, options: { enabled?: boolean } = {}) {
  return useInfiniteQuery({
    enabled: options.enabled ?? true,
    queryKey: keys.documentList(filters),
    queryFn: ({ pageParam, signal }) =>
      api.call(i.documents, { query: documentQuery(filters, pageParam), signal, skipGlobalErrorHandler: true }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function useMessages() {
  return useInfiniteQuery({
    queryKey: keys.messages,
    queryFn: ({ pageParam, signal }) =>
      api.call(i.messages, { query: { limit: POSTEINGANG_PAGE_DEFAULT, cursor: pageParam }, signal, skipGlobalErrorHandler: true }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function useUnread() {
  return useQuery({
    queryKey: keys.unread,
    queryFn: ({ signal }) => api.call(i.unread, { signal, skipGlobalErrorHandler: true }),
  });
}

type Listed = { id: string; read: boolean };

/** Every loaded page of every list under `key` with this item's read flag set, without asking the server again. */
function setRead<P>(client: QueryClient, key: readonly unknown[], field: keyof P, id: string, read: boolean) {
  client.setQueriesData<InfiniteData<P>>({ queryKey: key }, (old) =>
    old
      ? {
          ...old,
          pages: old.pages.map((page) => ({
            ...page,
            [field]: (page[field] as Listed[]).map((item) => (item.id === id ? { ...item, read } : item)),
          })),
        }
      : old,
  );
}

/**
 * Marks a document or message read or unread: the lists change at once, the unread counts (tabs,
 * navigation) are asked again. An "only unread" list keeps the item until it is loaded anew.
 */
function useMarkRead(kind: 'documents' | 'messages') {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, read }: { id: string; read: boolean }) =>
      api.call(kind === 'documents' ? i.markDocumentRead : i.markMessageRead, { params: { id }, body: { read } }),
    onSuccess: (_, { id, read }) => {
      if (kind === 'documents') setRead<DocumentPage>(client, keys.documents, 'documents', id, read);
      else setRead<MessagePage>(client, keys.messages, 'messages', id, read);
      void client.invalidateQueries({ queryKey: keys.unread });
      // A document's notification in the bell is read or unread with it.
      if (kind === 'documents') void client.invalidateQueries({ queryKey: queryKeys.notifications });
    },
  });
}

export const useMarkDocumentRead = () => useMarkRead('documents');
export const useMarkMessageRead = () => useMarkRead('messages');

/** The server marks a document read when its PDF is fetched (the viewer did): show it so. */
export function useDocumentOpened() {
  const client = useQueryClient();
  return (id: string) => {
    setRead<DocumentPage>(client, keys.documents, 'documents', id, true);
    void client.invalidateQueries({ queryKey: keys.unread });
    void client.invalidateQueries({ queryKey: queryKeys.notifications });
  };
}
