import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { watchlistEndpoints as wl } from '@kontor/domain/endpoints/watchlists';
import type { Watchlist } from '@kontor/domain/watchlists';
import { api, isApiError } from '../../lib/api-client';

export const WATCHLISTS_KEY = ['watchlists'] as const;

/** The customer's watchlists with their ISINs (GET /api/wl), oldest list first. */
export function useWatchlists() {
  return useQuery({
    queryKey: WATCHLISTS_KEY,
    // The page shows its own message with a retry; no toast on top of it.
    queryFn: ({ signal }) => api.call(wl.list, { signal, skipGlobalErrorHandler: true }),
  });
}

function replaceList(client: QueryClient, list: Watchlist) {
  client.setQueryData<Watchlist[]>(WATCHLISTS_KEY, (lists) => {
    if (!lists) return [list];
    return lists.some((l) => l.id === list.id) ? lists.map((l) => (l.id === list.id ? list : l)) : [...lists, list];
  });
}

/**
 * Changes to watchlists. Each answer is the changed list, which replaces the cached one, so every
 * screen (page, "Zur Watchlist" menus) shows it at once. `silent` calls (from dialogs) show their
 * error inside the dialog; the others as a toast.
 */
export function useWatchlistMutations() {
  const client = useQueryClient();
  // A list deleted meanwhile (another tab, another device): show what is there now.
  const onError = (error: unknown) => {
    if (isApiError(error) && error.status === 404) void client.invalidateQueries({ queryKey: WATCHLISTS_KEY });
  };
  const create = useMutation({
    mutationFn: (input: { name: string; isin?: string }) =>
      api.call(wl.create, { body: { name: input.name }, skipGlobalErrorHandler: true }).then(async (list) => {
        replaceList(client, list);
        if (!input.isin) return list;
        // The list exists even if adding fails; the cache already shows it.
        const filled = await api.call(wl.addItem, { params: { id: list.id }, body: { isin: input.isin }, skipGlobalErrorHandler: true });
        replaceList(client, filled);
        return filled;
      }),
  });
  const rename = useMutation({
    mutationFn: (input: { id: string; name: string }) =>
      api.call(wl.rename, { params: { id: input.id }, body: { name: input.name }, skipGlobalErrorHandler: true }),
    onSuccess: (list) => replaceList(client, list),
    onError,
  });
  const remove = useMutation({
    mutationFn: (id: string) => api.call(wl.remove, { params: { id }, skipGlobalErrorHandler: true }),
    onSuccess: (_nothing, id) => client.setQueryData<Watchlist[]>(WATCHLISTS_KEY, (lists) => lists?.filter((l) => l.id !== id)),
    onError,
  });
  const addItem = useMutation({
    mutationFn: (input: { id: string; isin: string }) => api.call(wl.addItem, { params: { id: input.id }, body: { isin: input.isin } }),
    onSuccess: (list) => replaceList(client, list),
    onError,
  });
  const removeItem = useMutation({
    mutationFn: (input: { id: string; isin: string }) =>
      api.call(wl.removeItem, { params: { id: input.id, isin: input.isin } }),
    onSuccess: (list) => replaceList(client, list),
    onError,
  });
  return { create, rename, remove, addItem, removeItem };
}
