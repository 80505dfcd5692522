import { z } from 'zod';
import { FILTER_MODES, MESSAGE_KINDS, MESSAGE_TEXT_FORMS } from './enums';
import { typedText } from './text';

/**
 * The Posteingang (`/api/posteingang`): documents (every PDF Kontor sent) and messages (what
 * happened to orders, RFQs, tickets; plain text from Kontor). Both are listed newest first, a page
 * at a time (keyset paging: `cursor` is the `nextCursor` of the page before).
 *
 * - GET  /api/posteingang                     ?mode&categories&q&from&to&unread&cursor&limit → DocumentPage
 * - GET  /api/posteingang/:id/pdf             ?download=1 → the PDF as it was sent (attachment when download)
 * - PUT  /api/posteingang/:id/read            { read } → 204 (read or unread again)
 * - GET  /api/posteingang/unread              → PosteingangUnread
 * - GET  /api/posteingang/messages            ?cursor&limit&unread → MessagePage
 * - PUT  /api/posteingang/messages/:id/read   { read } → 204
 */

/** The categories of the Posteingang, in the order the filter lists them; the wire value is the key. */
export const DOCUMENT_CATEGORIES = ['ABRECHNUNGEN', 'SPARPLAENE', 'DEPOT_KONTO', 'STEUERN', 'KAPITALMASSNAHMEN', 'SERVICE', 'VERTRAEGE'] as const;
export type DocumentCategory = (typeof DOCUMENT_CATEGORIES)[number];
export const DOCUMENT_CATEGORY_LABELS: Readonly<Record<DocumentCategory, string>> = {
  ABRECHNUNGEN: 'Abrechnungen',
  SPARPLAENE: 'Sparpläne',
  DEPOT_KONTO: 'Depot & Konto',
  STEUERN: 'Steuern',
  KAPITALMASSNAHMEN: 'Kapitalmaßnahmen',
  SERVICE: 'Service',
  VERTRAEGE: 'Verträge & Informationen',
};

/**
 * What a document is. Each kind has one category (`DOCUMENT_KIND_CATEGORY`); the savings-plan
 * execution is an Abrechnung that also belongs to the SAVINGS_PLAN filter (`savingsPlan`).
 */
export const DOCUMENT_KINDS = [
  'contract_note',
  'savings_plan_execution',
  'depot_statement',
  'account_statement',
  'cost_report',
  'tax_certificate',
  'tax_statement',
  'corporate_action_notice',
  'corporate_action_statement',
  'ticket_confirmation',
  'terms',
  'account_opening',
] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];
export const DOCUMENT_KIND_CATEGORY: Readonly<Record<DocumentKind, DocumentCategory>> = {
  contract_note: 'ABRECHNUNGEN',
  savings_plan_execution: 'SPARPLAENE',
  depot_statement: 'DEPOT_KONTO',
  account_statement: 'DEPOT_KONTO',
  cost_report: 'DEPOT_KONTO',
  tax_certificate: 'STEUERN',
  tax_statement: 'STEUERN',
  corporate_action_notice: 'KAPITALMASSNAHMEN',
  corporate_action_statement: 'KAPITALMASSNAHMEN',
  ticket_confirmation: 'SERVICE',
  terms: 'VERTRAEGE',
  account_opening: 'VERTRAEGE',
};

/** Paging: at most this many per page; without `limit`, the default. */
export const POSTEINGANG_PAGE_MAX = 100;
export const POSTEINGANG_PAGE_DEFAULT = 30;

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Bitte geben Sie ein gültiges Datum an.')
  // A day of the calendar (no 31 February), in years a statement can have.
  .refine((v) => {
    const t = Date.parse(`${v}T00:00:00Z`);
    return v >= '1900' && v < '3000' && !Number.isNaN(t) && new Date(t).toISOString().startsWith(v);
  }, 'Dieses Datum gibt es nicht.');
const flag = z.enum(['true', 'false']).transform((v) => v === 'true');

/** The query of the document list. `categories` is comma-separated and counts only in mode CATEGORIES. */
export const documentListQuerySchema = z.object({
  mode: z.enum(FILTER_MODES).default('ALL'),
  categories: z
    .string()
    .max(200)
    .optional()
    .transform((v, ctx) => {
      const list = (v ?? '').split(',').map((c) => c.trim()).filter(Boolean);
      for (const c of list)
        if (!(DOCUMENT_CATEGORIES as readonly string[]).includes(c)) {
          ctx.addIssue({ code: 'custom', message: `Unbekannte Kategorie: ${c.slice(0, 40)}` });
          return z.NEVER;
        }
      return list as DocumentCategory[];
    }),
  /** Search in the display title and the ISINs (case-insensitive, part of a word is enough). */
  q: typedText().trim().max(100).optional(),
  /** Issue date from/to, inclusive, Berlin calendar days. */
  from: isoDate.optional(),
  to: isoDate.optional(),
  unread: flag.optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(POSTEINGANG_PAGE_MAX).default(POSTEINGANG_PAGE_DEFAULT),
});
export type DocumentListQuery = z.input<typeof documentListQuerySchema>;

/** One document in the list. title/pdfTitle/pdfIsin as spec §3; the web app shows `documentDisplayTitle`. */
export const posteingangDocumentSchema = z.object({
  id: z.string(),
  kind: z.enum(DOCUMENT_KINDS),
  category: z.enum(DOCUMENT_CATEGORIES),
  /** Whether the SAVINGS_PLAN filter lists it. */
  savingsPlan: z.boolean(),
  title: z.string(),
  pdfTitle: z.string().optional(),
  pdfIsin: z.string().optional(),
  /** Issue date, ISO 8601. */
  date: z.iso.datetime({ offset: true }),
  read: z.boolean(),
  /** Size of the PDF in bytes; null until it is rendered (a moment after issue, or at the first opening of a document a job issued in bulk). */
  size: z.number().int().nullable(),
});
export type PosteingangDocument = z.infer<typeof posteingangDocumentSchema>;

export const documentPageSchema = z.object({
  documents: z.array(posteingangDocumentSchema),
  /** Give as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
  /** How many documents match the filter (all pages). */
  total: z.number().int(),
});
export type DocumentPage = z.infer<typeof documentPageSchema>;

export const markReadSchema = z.object({ read: z.boolean() });

/** A message in the Nachrichten tab, linked to its object. */
export const messageSchema = z.object({
  id: z.string(),
  kind: z.enum(MESSAGE_KINDS),
  /** The text form it arrived in; a form Kontor does not know is kept verbatim (kind `unknown`). */
  textForm: z.string(),
  title: z.string(),
  body: z.string(),
  date: z.iso.datetime({ offset: true }),
  read: z.boolean(),
  /** What it links to: order (order, tslupdate), RFQ order (previously_quoted), ticket. */
  orderId: z.string().nullable(),
  ticketId: z.string().nullable(),
  isin: z.string().nullable(),
  /** tslupdate: the new stop. */
  stop: z.string().nullable(),
});
export type PosteingangMessage = z.infer<typeof messageSchema>;

export const messageListQuerySchema = z.object({
  unread: flag.optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(POSTEINGANG_PAGE_MAX).default(POSTEINGANG_PAGE_DEFAULT),
});
export const messagePageSchema = z.object({ messages: z.array(messageSchema), nextCursor: z.string().nullable() });
export type MessagePage = z.infer<typeof messagePageSchema>;

export const posteingangUnreadSchema = z.object({ documents: z.number().int(), messages: z.number().int() });
export type PosteingangUnread = z.infer<typeof posteingangUnreadSchema>;

export { MESSAGE_TEXT_FORMS };
