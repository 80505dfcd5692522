import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../platform/db.ts';
import { customerDocuments } from './tables.ts';

export type CustomerDocument = { id: string; kind: string; pdfTitle: string; pdfIsin: string | null; ref: string; createdAt: string; read: boolean };

export function documentStore(db: Db) {
  return {
    async add(tx: Db, doc: { sub: string; kind: string; pdfTitle: string; pdfIsin: string | null; ref: string; createdAt: Date }): Promise<void> {
      await tx.insert(customerDocuments).values(doc);
    },
    async list(sub: string, limit = 200): Promise<CustomerDocument[]> {
      const rows = await db.select().from(customerDocuments).where(eq(customerDocuments.sub, sub)).orderBy(desc(customerDocuments.createdAt)).limit(limit);
      return rows.map((r) => ({
        id: r.id,
        kind: r.kind,
        pdfTitle: r.pdfTitle,
        pdfIsin: r.pdfIsin,
        ref: r.ref,
        createdAt: r.createdAt.toISOString(),
        read: r.readAt !== null,
      }));
    },
    /** The documents issued for these refs (executions, …), by ref. */
    async idsByRef(sub: string, refs: readonly string[]): Promise<Map<string, string>> {
      if (refs.length === 0) return new Map();
      const rows = await db
        .select({ id: customerDocuments.id, ref: customerDocuments.ref })
        .from(customerDocuments)
        .where(and(eq(customerDocuments.sub, sub), inArray(customerDocuments.ref, [...refs])));
      return new Map(rows.map((r) => [r.ref, r.id]));
    },
    async get(sub: string, id: string) {
      const [row] = await db
        .select()
        .from(customerDocuments)
        .where(and(eq(customerDocuments.sub, sub), eq(customerDocuments.id, id)));
      return row;
    },
    async markRead(sub: string, id: string, at: Date): Promise<void> {
      await db
        .update(customerDocuments)
        .set({ readAt: at })
        .where(and(eq(customerDocuments.sub, sub), eq(customerDocuments.id, id), sql`${customerDocuments.readAt} is null`));
    },
  };
}
export type DocumentStore = ReturnType<typeof documentStore>;
