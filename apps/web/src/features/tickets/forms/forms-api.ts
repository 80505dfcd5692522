import { useQuery } from '@tanstack/react-query';
import { fieldErrorMap } from '@kontor/domain/backend-error';
import type { ServiceRequestType } from '@kontor/domain/service-requests';
import { ticketEndpoints as t } from '@kontor/domain/endpoints/tickets';
import type { Ticket } from '@kontor/domain/ticket-contracts';
import type { AuthorisationResult } from '@kontor/domain/auth-contracts';
import { api, isApiError } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * The calls of the service-request forms (spec §7 /api/ticket). They skip the global error handler:
 * the form shows the message where it belongs (a field, the dialog, the preview).
 */

const quiet = { skipGlobalErrorHandler: true } as const;
type Data = Record<string, unknown>;

/**
 * POST /api/ticket: without authorisation a draft (PREPARED), with it submitted (OPEN). A new mobile
 * number also carries `newNumberProof`, the result of the code sent to that number.
 */
export async function createTicket(type: ServiceRequestType, data: Data, authorisation?: AuthorisationResult, newNumberProof?: AuthorisationResult): Promise<Ticket> {
  return api.call(t.create, { ...quiet, body: { type, data, ...(authorisation ? { authorisation } : {}), ...(newNumberProof ? { newNumberProof } : {}) } });
}

/** PUT /api/ticket/{id}: a draft's new data. */
export async function updateDraft(id: string, data: Data): Promise<Ticket> {
  return api.call(t.update, { ...quiet, params: { id }, body: { data } });
}

/** POST /api/ticket/{id}/submit: the draft, with the data as confirmed, becomes OPEN (a new mobile number with `newNumberProof`). */
export async function submitDraft(id: string, data: Data, authorisation: AuthorisationResult, newNumberProof?: AuthorisationResult): Promise<Ticket> {
  return api.call(t.submit, { ...quiet, params: { id }, body: { data, authorisation, ...(newNumberProof ? { newNumberProof } : {}) } });
}

export async function fetchTicket(id: string, signal?: AbortSignal): Promise<Ticket> {
  return api.call(t.get, { ...quiet, params: { id }, signal });
}

/** POST /api/ticket/fsapreview: the Freistellungsauftrag as it would be signed, as PDF bytes (not JSON: outside the catalogue). */
export async function fetchExemptionPreview(data: Data, signal?: AbortSignal): Promise<ArrayBuffer> {
  return api.request<ArrayBuffer>('POST', '/api/ticket/fsapreview', { ...quiet, body: { data }, signal, responseType: 'arrayBuffer' });
}

/** A draft being edited (GET /api/ticket/{id}). */
export function useDraft(id: string | undefined) {
  return useQuery({ queryKey: queryKeys.ticket(id ?? ''), queryFn: ({ signal }) => fetchTicket(id!, signal), enabled: id !== undefined });
}

/** The field errors of a 400 answer by attribute key, or null. */
export function serverFieldErrors(error: unknown): Record<string, string> | null {
  if (!isApiError(error) || error.status !== 400) return null;
  const out = fieldErrorMap(error.backendError.errors);
  return Object.keys(out).length > 0 ? out : null;
}
