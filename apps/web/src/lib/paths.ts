import type { InstrumentType } from '@kontor/domain/enums';
import type { OrderSide } from '@kontor/domain/order-rules';
import { api, isRelativeUrl } from './api-client';

/**
 * Every in-app address that carries a value, built once: a feature links to another area's page
 * through here, never by spelling its route (the routes themselves are in app/routes.tsx).
 */

/** The instrument page. */
export const instrumentPath = (isin: string) => `/wertpapier/${encodeURIComponent(isin)}`;

/** One order with its executions. */
export const orderPath = (id: string) => `/orders/${encodeURIComponent(id)}`;

/** The order ticket for this instrument and side (the ticket reads `side` as BUY or SELL). */
export const orderTicketPath = (isin: string, side: OrderSide) => `/orders/neu?${new URLSearchParams({ isin, side: side.toUpperCase() }).toString()}`;

export type SearchFilters = {
  q: string;
  type: InstrumentType[];
  sparplan: boolean;
  fractional: boolean;
  weekendTrading: boolean;
};

/** The search page, with the filters that are set. */
export function searchPath(filters: Partial<SearchFilters> = {}): string {
  const params = new URLSearchParams();
  if (filters.q?.trim()) params.set('q', filters.q.trim());
  if (filters.type && filters.type.length > 0) params.set('type', filters.type.join(','));
  if (filters.sparplan) params.set('sparplan', 'true');
  if (filters.fractional) params.set('fractional', 'true');
  if (filters.weekendTrading) params.set('weekendTrading', 'true');
  const search = params.toString();
  return search ? `/suche?${search}` : '/suche';
}

/** The notifications page, on its price-alert or settings tab if asked. */
export const notificationsPath = (view?: 'kursalarme' | 'einstellungen') => (view ? `/benachrichtigungen?ansicht=${view}` : '/benachrichtigungen');

/** The Posteingang with this document open. */
export const posteingangDocumentPath = (id: string) => `/posteingang?${new URLSearchParams({ doc: id }).toString()}`;

/** A document of the Posteingang as PDF (a contract note, …); opening it marks it read. */
export const documentPdfUrl = (id: string) => api.url(`/api/posteingang/${encodeURIComponent(id)}/pdf`);

/** The same PDF as a download (an attachment with the document's file name). */
export const documentDownloadUrl = (id: string) => api.url(`/api/posteingang/${encodeURIComponent(id)}/pdf`, { download: 1 });

/** Service: the tickets (open or closed), one ticket with its dialog, a new request of a type, and editing a draft. */
export const ticketsPath = (view?: 'geschlossen') => (view ? `/service?ansicht=${view}` : '/service');
export const ticketPath = (id: string) => `/service/${encodeURIComponent(id)}`;
export const newTicketPath = (type?: string) => (type ? `/service/neu/${encodeURIComponent(type)}` : '/service/neu');
export const editTicketPath = (id: string) => `/service/${encodeURIComponent(id)}/bearbeiten`;

/** Sparpläne: the list (with its "Verlauf"), one plan, and the form for a new plan (of this instrument, if given). */
export const savingsPlansPath = '/sparplaene';
export const savingsPlanPath = (id: string) => `/sparplaene/${encodeURIComponent(id)}`;
export const newSavingsPlanPath = (isin?: string) => (isin ? `/sparplaene/neu?${new URLSearchParams({ isin }).toString()}` : '/sparplaene/neu');

/** Kontor's Preis- und Leistungsverzeichnis (the fees of orders and savings plans). */
export const priceListPath = '/preisverzeichnis';

/** The Notizen page: Kontor's notices and the customer's own notes. */
export const notesPath = '/notizen';

/** Steuern: the tax year (the current one without `year`) with the allowance, the loss pots and every taxed event. */
export const taxPath = (year?: number) => (year ? `/steuern?${new URLSearchParams({ jahr: String(year) }).toString()}` : '/steuern');

/** Kapitalmaßnahmen: the customer's events (open ones first), and one event with its terms and the instruction. */
export const corporateActionsPath = '/kapitalmassnahmen';
export const corporateActionPath = (id: string) => `/kapitalmassnahmen/${encodeURIComponent(id)}`;

/** An instrument document (Basisinformationsblatt, prospectus): the API's own path through the API's address, another site as it is. */
export function documentHref(link: string): string {
  return isRelativeUrl(link) ? api.url(link) : link;
}
