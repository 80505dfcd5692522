import { desc } from 'drizzle-orm';
import type { TrackingPayload } from '@kontor/domain/tracking';
import type { Db } from '../platform/db.ts';
import { trackingEvents } from './tables.ts';

export function trackingStore(db: Db) {
  return {
    async insert(payload: TrackingPayload, at: Date): Promise<void> {
      await db.insert(trackingEvents).values({ fzsrc: payload.fzsrc, payload, createdAt: at });
    },
    async latest(limit: number) {
      return db.select().from(trackingEvents).orderBy(desc(trackingEvents.createdAt)).limit(limit);
    },
  };
}
export type TrackingStore = ReturnType<typeof trackingStore>;
