import { z } from 'zod';

/**
 * A document of the Posteingang (inbox): contract notes, statements, tax documents. Spec §3 gives
 * title, pdfTitle and pdfIsin; id and date are what every real inbox document carries.
 */
export const documentSchema = z.object({
  id: z.string().min(1),
  /** When the document was issued, ISO 8601. */
  date: z.iso.datetime({ offset: true }),
  title: z.string(),
  /** Title printed on the PDF, e.g. "Wertpapierabrechnung Kauf". */
  pdfTitle: z.string().optional(),
  /** ISINs the document is about, comma-separated ("DE0007164600,US0378331005"). */
  pdfIsin: z.string().optional(),
});
export type InboxDocument = z.infer<typeof documentSchema>;

/** How many ISINs the display title lists before it ends with an ellipsis. */
export const DOCUMENT_TITLE_MAX_ISINS = 2;

/** The ISINs of a comma-separated pdfIsin, trimmed, empty entries dropped. */
export function documentIsins(pdfIsin: string | undefined): string[] {
  return (pdfIsin ?? '')
    .split(',')
    .map((isin) => isin.trim())
    .filter((isin) => isin.length > 0);
}

/**
 * The title shown for a document (spec §3): the pdfTitle followed by its ISINs, or the plain title
 * when there is no pdfTitle (an empty or blank one counts as none).
 *
 * Separators: one space after the pdfTitle, ", " between ISINs, and with more than two ISINs only
 * the first two followed by " …" (space, U+2026):
 * "Wertpapierabrechnung Kauf DE0007164600, US0378331005 …".
 */
export function documentDisplayTitle(doc: {
  title: string;
  pdfTitle?: string | undefined;
  pdfIsin?: string | undefined;
}): string {
  const pdfTitle = doc.pdfTitle?.trim();
  if (!pdfTitle) return doc.title;
  const isins = documentIsins(doc.pdfIsin);
  if (isins.length === 0) return pdfTitle;
  const listed = isins.slice(0, DOCUMENT_TITLE_MAX_ISINS).join(', ');
  return isins.length > DOCUMENT_TITLE_MAX_ISINS ? `${pdfTitle} ${listed} …` : `${pdfTitle} ${listed}`;
}

/**
 * An order's or execution's number as a customer reads it, in a document and on screen: the first
 * eight characters of its identifier, in capitals ("6F1A2B3C"); an execution (`<order id>-<n>`)
 * keeps its count ("6F1A2B3C-2"). The full identifier stays in the data; eight hex characters tell
 * a customer's orders apart (one in four billion to collide).
 */
export function shortReference(id: string): string {
  const execution = /^([0-9a-f]{8})-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}-(\d+)$/i.exec(id);
  if (execution) return `${execution[1]!.toUpperCase()}-${execution[2]}`;
  return id.replaceAll('-', '').slice(0, 8).toUpperCase();
}
