import { desc } from 'drizzle-orm';
import type { Db } from '../platform/db.ts';
import { outboxMessages } from './tables.ts';

export type OutboxMessage = typeof outboxMessages.$inferSelect;

export function outboxStore(db: Db) {
  return {
    async insert(msg: Omit<OutboxMessage, 'id'>): Promise<void> {
      await db.insert(outboxMessages).values(msg);
    },
    latest(limit: number): Promise<OutboxMessage[]> {
      return db.select().from(outboxMessages).orderBy(desc(outboxMessages.createdAt)).limit(limit);
    },
  };
}
export type OutboxStore = ReturnType<typeof outboxStore>;
