import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ticketEndpoints as t } from '@kontor/domain/endpoints/tickets';
import type { Attachment, TicketReply, TicketView } from '@kontor/domain/ticket-contracts';
import { api, isApiError } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

/** The Service area's calls (contract: packages/domain/src/ticket-contracts.ts); each page shows its errors itself. */
const quiet = { skipGlobalErrorHandler: true } as const;

const dialogUrl = (id: string) => `/api/ticketdialog/${encodeURIComponent(id)}`;

export function useTickets(view: TicketView) {
  return useQuery({
    queryKey: queryKeys.ticketList(view),
    queryFn: ({ signal }) => api.call(t.list, { query: { view }, signal, ...quiet }),
  });
}

/**
 * One ticket with its dialog. The server marks it read on this GET, so the lists (unread marker
 * and count) are asked again once it arrived.
 */
export function useTicketDialog(id: string) {
  const client = useQueryClient();
  return useQuery({
    queryKey: queryKeys.ticketDialog(id),
    queryFn: async ({ signal }) => {
      const dialog = await api.call(t.dialog, { params: { id }, signal, ...quiet });
      void client.invalidateQueries({ queryKey: [...queryKeys.tickets, 'list'] });
      return dialog;
    },
    // A ticket that is not (or no longer) there does not come back by asking again.
    retry: (count, error) => count < 2 && !(isApiError(error) && error.status >= 400 && error.status < 500),
  });
}

/** A customer's answer: the dialog comes back with it (a "bitte lesen" ticket is open again). */
export function useReply(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (reply: TicketReply) => api.call(t.reply, { params: { id }, body: reply, ...quiet }),
    onSuccess: (dialog) => {
      client.setQueryData(queryKeys.ticketDialog(id), dialog);
      void client.invalidateQueries({ queryKey: [...queryKeys.tickets, 'list'] });
    },
  });
}

/** One file for the reply, uploaded at once; the reply names it by its attachmentId. */
export function uploadAttachment(ticketId: string, file: File, signal?: AbortSignal): Promise<Attachment> {
  const form = new FormData();
  form.append('file', file, file.name);
  // A multipart upload, not JSON: outside the catalogue.
  return api.request<Attachment>('POST', `${dialogUrl(ticketId)}/attachments`, { body: form, signal, ...quiet });
}

/** A file of the dialog as a download (the session cookie authenticates the plain link). */
export const attachmentUrl = (ticketId: string, attachmentId: string) =>
  api.url(`${dialogUrl(ticketId)}/attachments/${encodeURIComponent(attachmentId)}`);

/** Discards a draft; the lists lose it. */
export function useDiscardTicket() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.call(t.discard, { params: { id }, ...quiet }),
    onSuccess: (_, id) => {
      client.removeQueries({ queryKey: queryKeys.ticketDialog(id) });
      void client.invalidateQueries({ queryKey: [...queryKeys.tickets, 'list'] });
    },
  });
}
