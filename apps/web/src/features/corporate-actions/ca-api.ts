import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AuthorisationResult } from '@kontor/domain/auth-contracts';
import { corporateActionEndpoints as ca } from '@kontor/domain/endpoints/corporate-actions';
import type { CaOption } from '@kontor/domain/corporate-actions';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

/** The calls of the Kapitalmaßnahmen pages; the pages show every error themselves, where the customer is. */
const quiet = { skipGlobalErrorHandler: true } as const;

const caKeys = {
  all: ['corporate-actions'],
  list: ['corporate-actions', 'list'],
  event: (id: string) => ['corporate-actions', 'event', id],
  preview: (r: InstructionChoice) => ['corporate-actions', 'preview', r.eventId, r.option, r.quantity],
} as const;

/** What the customer chose on the form: the option, with its quantity where it takes one. */
export type InstructionChoice = { eventId: string; option: CaOption; quantity: string | null };

export function useCaList() {
  return useQuery({
    queryKey: caKeys.list,
    queryFn: ({ signal }) => api.call(ca.list, { signal, ...quiet }),
  });
}

export function useCaEvent(id: string) {
  return useQuery({
    queryKey: caKeys.event(id),
    queryFn: ({ signal }) => api.call(ca.detail, { params: { id }, signal, ...quiet }),
    retry: false,
  });
}

/** What the choice would book (nothing is written); null asks nothing (no valid choice yet). */
export function useCaPreview(choice: InstructionChoice | null) {
  return useQuery({
    queryKey: choice ? caKeys.preview(choice) : [...caKeys.all, 'preview', null],
    queryFn: ({ signal }) => api.call(ca.preview, { body: choice!, signal, ...quiet }),
    enabled: choice !== null,
    // Another option replaces the figures in place: keep the last ones (marked as updating) until then.
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** Gives (or changes) the instruction; cash may be reserved at once, so the depot and the money area are stale. */
export function useGiveInstruction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: InstructionChoice & { authorisation?: AuthorisationResult }) =>
      api.call(ca.instruct, { body: request, ...quiet }),
    onSuccess: (event) => {
      client.setQueryData(caKeys.event(event.id), event);
      return Promise.all([
        client.invalidateQueries({ queryKey: caKeys.list }),
        client.invalidateQueries({ queryKey: queryKeys.depot }),
        client.invalidateQueries({ queryKey: queryKeys.money }),
      ]);
    },
  });
}
