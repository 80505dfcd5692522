import { and, asc, count, desc, eq, gte, inArray, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { addCalendarDays, startOfBerlinDay } from '@kontor/domain/banking-days';
import { documentDisplayTitle, documentIsins } from '@kontor/domain/documents';
import { DOCUMENT_KIND_CATEGORY, type DocumentCategory, type DocumentKind } from '@kontor/domain/posteingang-contracts';
import type { Db } from '../platform/db.ts';
import { addNotification, setDocumentNotificationRead } from '../notifications/store.ts';
import { awaitingQueue, customerDocuments as docs } from './tables.ts';
import { dataWithRecipientAddress } from './recipient.ts';

/** A document to issue: what the list shows, and the data its PDF is rendered from. */
export type DocumentToIssue = {
  kind: DocumentKind;
  /** Unique per customer: issuing the same key again issues nothing. */
  dedupeKey: string;
  title: string;
  pdfTitle: string | null;
  pdfIsin: string | null;
  savingsPlan?: boolean;
  /** Everything the PDF shows (ISO strings for instants), stored as sent; the recipient's address is added on issue. */
  data: Record<string, unknown>;
  /** Also a DOCUMENT notification; false where the event notifies already (an execution). */
  notify: boolean;
};

/** A document as the list reads it (no data, no bytes). */
export type DocumentRow = {
  id: string;
  kind: DocumentKind;
  category: DocumentCategory;
  savingsPlan: boolean;
  title: string;
  pdfTitle: string | null;
  pdfIsin: string | null;
  issuedAt: Date;
  readAt: Date | null;
  pdfSize: number | null;
};

/** The filter of the list, as parsed from the query. */
export type DocumentFilter = {
  savingsPlanOnly: boolean;
  /** Empty: every category. */
  categories: readonly DocumentCategory[];
  q?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  unreadOnly: boolean;
  /** Only documents listed after this one (newest first). */
  after?: { issuedAt: Date; id: string } | undefined;
  limit: number;
};

const listColumns = {
  id: docs.id,
  kind: docs.kind,
  category: docs.category,
  savingsPlan: docs.savingsPlan,
  title: docs.title,
  pdfTitle: docs.pdfTitle,
  pdfIsin: docs.pdfIsin,
  issuedAt: docs.issuedAt,
  readAt: docs.readAt,
  pdfSize: docs.pdfSize,
};

/** `%` and `_` in what the customer typed are letters, not wildcards. */
const likeEscaped = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function conditions(sub: string, f: DocumentFilter): SQL[] {
  const where: SQL[] = [eq(docs.sub, sub)];
  if (f.savingsPlanOnly) where.push(eq(docs.savingsPlan, true));
  if (f.categories.length > 0) where.push(inArray(docs.category, [...f.categories]));
  if (f.q) where.push(sql`${docs.search} like ${`%${likeEscaped(f.q.toLowerCase())}%`}`);
  if (f.from) where.push(gte(docs.issuedAt, startOfBerlinDay(f.from)));
  if (f.to) where.push(lt(docs.issuedAt, startOfBerlinDay(addCalendarDays(f.to, 1))));
  if (f.unreadOnly) where.push(isNull(docs.readAt));
  return where;
}

/** The columns a document's kind and titles decide (the same for every customer who gets it), and its display title. */
export function documentColumns(doc: Pick<DocumentToIssue, 'kind' | 'title' | 'pdfTitle' | 'pdfIsin' | 'savingsPlan'>) {
  const pdfIsin = doc.pdfIsin?.trim() || null;
  const isins = documentIsins(pdfIsin ?? undefined);
  const shown = documentDisplayTitle({ title: doc.title, pdfTitle: doc.pdfTitle ?? undefined, pdfIsin: pdfIsin ?? undefined });
  return {
    kind: doc.kind,
    category: DOCUMENT_KIND_CATEGORY[doc.kind],
    savingsPlan: doc.savingsPlan ?? doc.kind === 'savings_plan_execution',
    title: doc.title,
    pdfTitle: doc.pdfTitle,
    pdfIsin,
    isins,
    search: [doc.title, shown, ...isins].join(' ').toLowerCase(),
    shown,
  };
}

export function documentStore(db: Db) {
  const issuedListeners = new Set<(kind: DocumentKind) => void>();
  return {
    /** Called after each issue with the document's kind (the renderer's wake-up; it runs after the caller's commit). */
    onIssued(listener: (kind: DocumentKind) => void): void {
      issuedListeners.add(listener);
    },

    /**
     * Issues a document inside the caller's transaction; its PDF is rendered after the commit.
     * Returns its id, or null when a document with this key was issued before.
     */
    async issue(tx: Db, sub: string, issuedAt: Date, doc: DocumentToIssue): Promise<string | null> {
      const { shown, ...columns } = documentColumns(doc);
      const { isins } = columns;
      const [row] = await tx
        .insert(docs)
        .values({
          sub,
          ...columns,
          dedupeKey: doc.dedupeKey,
          issuedAt,
          data: dataWithRecipientAddress(doc.data, sub),
        })
        .onConflictDoNothing({ target: [docs.sub, docs.dedupeKey] })
        .returning({ id: docs.id });
      if (!row) return null;
      if (doc.notify) await addNotification(tx, { sub, kind: 'DOCUMENT', title: 'Neues Dokument im Posteingang', body: shown, isin: isins[0] ?? null, documentId: row.id }, issuedAt);
      for (const l of issuedListeners) l(doc.kind);
      return row.id;
    },

    /** A page of the customer's documents, newest first, and how many match in all. */
    async list(sub: string, f: DocumentFilter): Promise<{ rows: DocumentRow[]; total: number }> {
      const where = conditions(sub, f);
      const page = f.after ? [...where, or(lt(docs.issuedAt, f.after.issuedAt), and(eq(docs.issuedAt, f.after.issuedAt), lt(docs.id, f.after.id)))!] : where;
      const [rows, [total]] = await Promise.all([
        db
          .select(listColumns)
          .from(docs)
          .where(and(...page))
          .orderBy(desc(docs.issuedAt), desc(docs.id))
          .limit(f.limit),
        db.select({ n: count() }).from(docs).where(and(...where)),
      ]);
      return { rows: rows as DocumentRow[], total: total?.n ?? 0 };
    },

    /** One of the customer's documents with its data and bytes (null until rendered). */
    async document(sub: string, id: string) {
      const [row] = await db
        .select({ id: docs.id, sub: docs.sub, kind: docs.kind, title: docs.title, pdfTitle: docs.pdfTitle, pdfIsin: docs.pdfIsin, issuedAt: docs.issuedAt, readAt: docs.readAt, data: docs.data, pdf: docs.pdf })
        .from(docs)
        .where(and(eq(docs.sub, sub), eq(docs.id, id)));
      return row;
    },

    /** The background queue: documents of the queued kinds still without a PDF, oldest first. */
    async unrendered(limit: number) {
      return db
        .select({ id: docs.id, sub: docs.sub, kind: docs.kind, issuedAt: docs.issuedAt, data: docs.data })
        .from(docs)
        .where(awaitingQueue(docs))
        .orderBy(asc(docs.issuedAt))
        .limit(limit);
    },

    /**
     * Stores the rendered PDF, and the data completed for it, unless one was stored first (openings
     * in several processes, or an opening and the queue, may race): either way the bytes stored are returned.
     */
    async storePdf(id: string, pdf: Buffer, data: Record<string, unknown>): Promise<Buffer> {
      const [won] = await db
        .update(docs)
        .set({ pdf, pdfSize: pdf.length, data })
        .where(and(eq(docs.id, id), isNull(docs.pdf)))
        .returning({ id: docs.id });
      if (won) return pdf;
      const [row] = await db.select({ pdf: docs.pdf }).from(docs).where(and(eq(docs.id, id), isNotNull(docs.pdf)));
      return row!.pdf!;
    },

    /** Read (the first reading's time stays) or unread again; false when there is no such document. */
    async setRead(sub: string, id: string, read: boolean, at: Date): Promise<boolean> {
      return db.transaction(async (tx) => {
        const rows = await tx
          .update(docs)
          .set({ readAt: read ? sql`coalesce(${docs.readAt}, ${at.toISOString()}::timestamptz)` : null })
          .where(and(eq(docs.sub, sub), eq(docs.id, id)))
          .returning({ id: docs.id });
        if (rows.length === 1) await setDocumentNotificationRead(tx, sub, id, read, at);
        return rows.length === 1;
      });
    },

    async unreadCount(sub: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(docs)
        .where(and(eq(docs.sub, sub), isNull(docs.readAt)));
      return row?.n ?? 0;
    },

    /** Documents by their dedupe keys: key → document id. */
    async byKeys(sub: string, keys: readonly string[]): Promise<Map<string, string>> {
      if (keys.length === 0) return new Map();
      const rows = await db
        .select({ id: docs.id, key: docs.dedupeKey })
        .from(docs)
        .where(and(eq(docs.sub, sub), inArray(docs.dedupeKey, [...keys])));
      return new Map(rows.map((r) => [r.key, r.id]));
    },

    /** The contract notes of these executions, by execution id. */
    async contractNotesOf(sub: string, executionIds: readonly string[]): Promise<Map<string, string>> {
      if (executionIds.length === 0) return new Map();
      const rows = await db
        .select({ id: docs.id, key: docs.dedupeKey })
        .from(docs)
        .where(and(eq(docs.sub, sub), inArray(docs.dedupeKey, executionIds.map(contractNoteKey))));
      return new Map(rows.map((r) => [r.key.slice(CONTRACT_NOTE_PREFIX.length), r.id]));
    },
  };
}
export type DocumentStore = ReturnType<typeof documentStore>;

const CONTRACT_NOTE_PREFIX = 'contract_note:';
export const contractNoteKey = (executionId: string) => `${CONTRACT_NOTE_PREFIX}${executionId}`;
/** The statement of a taxed event other than a sale (dividend statement, Vorabpauschale notice), by the event's id. */
export const taxStatementKey = (taxEventId: string) => `tax_statement:${taxEventId}`;
