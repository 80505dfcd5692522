import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Watchlist } from '@kontor/domain/watchlists';
import type { Db } from '../platform/db.ts';
import { watchlistItems, watchlists } from './tables.ts';

export function watchlistStore(db: Db) {
  return {
    async listsOf(sub: string): Promise<Watchlist[]> {
      const lists = await db.select().from(watchlists).where(eq(watchlists.sub, sub)).orderBy(asc(watchlists.createdAt), asc(watchlists.name));
      if (lists.length === 0) return [];
      const items = await db
        .select()
        .from(watchlistItems)
        .where(inArray(watchlistItems.watchlistId, lists.map((l) => l.id)))
        .orderBy(asc(watchlistItems.addedAt));
      return lists.map((l) => ({
        id: l.id,
        name: l.name,
        createdAt: l.createdAt.toISOString(),
        items: items.filter((i) => i.watchlistId === l.id).map((i) => ({ isin: i.isin, addedAt: i.addedAt.toISOString() })),
      }));
    },
    async countOf(sub: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(watchlists).where(eq(watchlists.sub, sub));
      return row?.n ?? 0;
    },
    async owns(sub: string, id: string): Promise<boolean> {
      const rows = await db.select({ id: watchlists.id }).from(watchlists).where(and(eq(watchlists.id, id), eq(watchlists.sub, sub))).limit(1);
      return rows.length === 1;
    },
    async create(sub: string, name: string, at: Date): Promise<string> {
      const [row] = await db.insert(watchlists).values({ sub, name, createdAt: at }).returning({ id: watchlists.id });
      return row!.id;
    },
    async rename(sub: string, id: string, name: string): Promise<boolean> {
      const rows = await db.update(watchlists).set({ name }).where(and(eq(watchlists.id, id), eq(watchlists.sub, sub))).returning({ id: watchlists.id });
      return rows.length === 1;
    },
    async remove(sub: string, id: string): Promise<boolean> {
      const rows = await db.delete(watchlists).where(and(eq(watchlists.id, id), eq(watchlists.sub, sub))).returning({ id: watchlists.id });
      return rows.length === 1;
    },
    async itemCount(id: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(watchlistItems).where(eq(watchlistItems.watchlistId, id));
      return row?.n ?? 0;
    },
    /** Adding an instrument that is already there changes nothing (a retried click is harmless). */
    async addItem(id: string, isin: string, at: Date): Promise<void> {
      await db.insert(watchlistItems).values({ watchlistId: id, isin, addedAt: at }).onConflictDoNothing();
    },
    async removeItem(id: string, isin: string): Promise<boolean> {
      const rows = await db
        .delete(watchlistItems)
        .where(and(eq(watchlistItems.watchlistId, id), eq(watchlistItems.isin, isin)))
        .returning({ isin: watchlistItems.isin });
      return rows.length === 1;
    },
  };
}
export type WatchlistStore = ReturnType<typeof watchlistStore>;
