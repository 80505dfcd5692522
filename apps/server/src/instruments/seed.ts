import type { Db } from '../platform/db.ts';
import { REFERENCE_INSTRUMENTS } from './reference-instruments.ts';
import { instrumentStore } from './store.ts';
import { DEFAULT_DERIVATIVE_COUNT, type SeededInstrument, seeded, universeSources } from './universe.ts';

const BATCH = 1_000;

/**
 * Stores the instrument universe once: the real instruments and `derivatives` generated ones.
 * Idempotent: when the table already holds at least that many instruments nothing is read or
 * written; otherwise the missing ones are added (existing rows are never changed, so concurrent
 * starts are harmless). Returns how many instruments the table held before.
 */
export async function seedInstruments(
  db: Db,
  opts: { derivatives?: number; onProgress?: (done: number, total: number) => void } = {},
): Promise<{ before: number; universe: number }> {
  const derivatives = opts.derivatives ?? DEFAULT_DERIVATIVE_COUNT;
  const universe = REFERENCE_INSTRUMENTS.length + derivatives;
  const store = instrumentStore(db);
  const before = await store.count();
  if (before >= universe) return { before, universe };
  let batch: SeededInstrument[] = [];
  let done = 0;
  for (const source of universeSources(derivatives)) {
    batch.push(seeded(source));
    if (batch.length === BATCH) {
      await store.insertMissing(batch);
      done += batch.length;
      opts.onProgress?.(done, universe);
      batch = [];
    }
  }
  await store.insertMissing(batch);
  opts.onProgress?.(universe, universe);
  return { before, universe };
}
