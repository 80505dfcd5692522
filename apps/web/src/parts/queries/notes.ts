import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notesEndpoints } from '@kontor/domain/endpoints/notes';
import type { NoteSubject, NotesList } from '@kontor/domain/notes-contracts';
import { api, isApiError } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

/**
 * Notices from Kontor and the customer's own notes (GET /api/notes), all or those of one
 * instrument. The Notizen page, the banners of every page, the instrument page and the depot read
 * it; each shows its own error state, so no toast.
 */
export function useNotes(isin: string | null = null, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.notesOf(isin),
    enabled: options.enabled ?? true,
    queryFn: ({ signal }) => api.call(notesEndpoints.list, { signal, query: isin ? { isin } : undefined, skipGlobalErrorHandler: true }),
  });
}

/**
 * Writing, editing and deleting own notes and dismissing notices. Every change refreshes all
 * Notizen queries (list, banners, instrument card); a dismissed notice leaves the caches at once.
 * Errors are shown where the change was made (the form), so no toast.
 */
export function useNoteMutations() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: queryKeys.notes });
  // A note deleted meanwhile (another tab): show what is there now.
  const onError = (error: unknown) => {
    if (isApiError(error) && error.status === 404) void refresh();
  };
  const create = useMutation({
    mutationFn: ({ idempotencyKey, ...input }: { subject: NoteSubject; isin: string; text: string; idempotencyKey: string }) =>
      api.call(notesEndpoints.create, { body: input, idempotencyKey, skipGlobalErrorHandler: true }),
    onSuccess: refresh,
  });
  const update = useMutation({
    mutationFn: (input: { id: string; text: string }) => api.call(notesEndpoints.update, { params: { id: input.id }, body: { text: input.text }, skipGlobalErrorHandler: true }),
    onSuccess: refresh,
    onError,
  });
  const remove = useMutation({
    mutationFn: (id: string) => api.call(notesEndpoints.remove, { params: { id }, skipGlobalErrorHandler: true }),
    onSuccess: refresh,
    onError,
  });
  const dismiss = useMutation({
    mutationFn: (id: string) => api.call(notesEndpoints.dismiss, { body: { id } }),
    onMutate: (id) => {
      // Gone from every banner and list at once; the server agrees or the refresh brings it back.
      client.setQueriesData<NotesList>({ queryKey: queryKeys.notes }, (list) => list && { ...list, notices: list.notices.filter((n) => n.id !== id) });
    },
    onSettled: refresh,
  });
  return { create, update, remove, dismiss };
}
