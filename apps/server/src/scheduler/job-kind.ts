import type { z } from 'zod';

/**
 * A kind of scheduled job, declared once (decision 013): its stored kind name, the zod schema of
 * its payload, when it runs and what it fans out into, in words. The scheduler parses a job's
 * payload with the schema before its handler sees it, and `GET /api/dev/jobs` lists the catalogue.
 */
export type JobKind<P> = {
  readonly kind: string;
  readonly payload: z.ZodType<P>;
  /** When jobs of this kind fall due, e.g. "every banking day at 09:00 (Berlin)". */
  readonly when: string;
  /** What one job of this kind schedules in turn (a day's job → one per customer), if anything. */
  readonly fanOut?: string;
};

/** Every job kind declared so far, by kind name: the catalogue (filled as the areas' modules load). */
const catalogue = new Map<string, JobKind<unknown>>();

export function defineJob<P>(def: { kind: string; payload: z.ZodType<P>; when: string; fanOut?: string }): JobKind<P> {
  if (catalogue.has(def.kind)) throw new Error(`job kind ${def.kind} is declared twice`);
  const kind: JobKind<P> = Object.freeze({ ...def });
  catalogue.set(def.kind, kind as JobKind<unknown>);
  return kind;
}

/** The catalogue of job kinds, by kind name. */
export function jobCatalogue(): JobKind<unknown>[] {
  return [...catalogue.values()].sort((a, b) => a.kind.localeCompare(b.kind));
}
