import { documentDisplayTitle } from '@kontor/domain/documents';
import type { DocumentPage, PosteingangDocument, PosteingangUnread } from '@kontor/domain/posteingang-contracts';
import type { documentListQuerySchema } from '@kontor/domain/posteingang-contracts';
import type { z } from 'zod';
import type { Clock } from '../platform/clock.ts';
import { AppError, notFound } from '../platform/errors.ts';
import { isUuid } from '../platform/ids.ts';
import { decodeCursor, encodeCursor } from '../platform/keyset-cursor.ts';
import type { DocumentRenderer } from '../documents/renderer.ts';
import type { DocumentRow, DocumentStore } from '../documents/store.ts';

export type DocumentListQuery = z.output<typeof documentListQuerySchema>;

export type InboxDeps = {
  documents: DocumentStore;
  renderer: DocumentRenderer;
  clock: Clock;
  /** Unread messages of the Nachrichten tab (the messages area). */
  unreadMessages?: (sub: string) => Promise<number>;
};

const gone = () => notFound('Dieses Dokument gibt es nicht.');
const badCursor = () => new AppError(400, 'Die Seitenangabe ist ungültig. Bitte laden Sie die Liste neu.');

/** The cursor of the page after `row`: its issue instant and id (keyset paging, newest first). */
export const cursorOf = (row: { issuedAt: Date; id: string }): string => encodeCursor(row.issuedAt, row.id);

function parseCursor(cursor: string): { issuedAt: Date; id: string } {
  const c = decodeCursor(cursor);
  if (!c) throw badCursor();
  return { issuedAt: c.at, id: c.id };
}

function view(r: DocumentRow): PosteingangDocument {
  return {
    id: r.id,
    kind: r.kind,
    category: r.category,
    savingsPlan: r.savingsPlan,
    title: r.title,
    ...(r.pdfTitle ? { pdfTitle: r.pdfTitle } : {}),
    ...(r.pdfIsin ? { pdfIsin: r.pdfIsin } : {}),
    date: r.issuedAt.toISOString(),
    read: r.readAt !== null,
    size: r.pdfSize,
  };
}

/** A file name from the display title: "wertpapierabrechnung-kauf-sap-se-de0007164600.pdf". */
function fileName(doc: { title: string; pdfTitle: string | null; pdfIsin: string | null }): string {
  const shown = documentDisplayTitle({ title: doc.title, pdfTitle: doc.pdfTitle ?? undefined, pdfIsin: doc.pdfIsin ?? undefined });
  const ascii = shown
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${ascii.slice(0, 80) || 'dokument'}.pdf`;
}

/** The Posteingang's documents: the list with its filters, each PDF as sent, read and unread. */
export function inboxService(d: InboxDeps) {
  return {
    async list(sub: string, q: DocumentListQuery): Promise<DocumentPage> {
      const { rows, total } = await d.documents.list(sub, {
        savingsPlanOnly: q.mode === 'SAVINGS_PLAN',
        categories: q.mode === 'CATEGORIES' ? q.categories : [],
        q: q.q || undefined,
        from: q.from,
        to: q.to,
        unreadOnly: q.unread === true,
        after: q.cursor ? parseCursor(q.cursor) : undefined,
        limit: q.limit + 1,
      });
      const page = rows.slice(0, q.limit);
      return { documents: page.map(view), nextCursor: rows.length > q.limit ? cursorOf(page.at(-1)!) : null, total };
    },

    /** The PDF as it was sent; opening it marks it read (opening it again writes nothing). */
    async pdf(sub: string, id: string): Promise<{ pdf: Buffer; filename: string }> {
      const found = isUuid(id) ? await d.renderer.pdf(sub, id) : undefined;
      if (!found) throw gone();
      if (!found.readAt) await d.documents.setRead(sub, id, true, d.clock.now());
      return { pdf: found.pdf, filename: fileName(found) };
    },

    async setRead(sub: string, id: string, read: boolean): Promise<void> {
      if (!isUuid(id) || !(await d.documents.setRead(sub, id, read, d.clock.now()))) throw gone();
    },

    async unread(sub: string): Promise<PosteingangUnread> {
      const [documents, messages] = await Promise.all([d.documents.unreadCount(sub), d.unreadMessages?.(sub) ?? 0]);
      return { documents, messages };
    },
  };
}
export type InboxService = ReturnType<typeof inboxService>;
