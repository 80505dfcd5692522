import { z } from 'zod';

/**
 * Development only: the simulated clock that the market, orders and the scheduler follow, and
 * moving it forward ("Zeit vorspulen"). Never backwards.
 */
export const devClockSchema = z.object({
  /** The simulated time now (ISO instant). */
  now: z.iso.datetime(),
  /** How far it has been moved ahead of real time, in ms. */
  offsetMs: z.number().int().min(0),
});
export type DevClock = z.infer<typeof devClockSchema>;

export const MAX_ADVANCE_DAYS = 400;
export const MAX_ADVANCE_HOURS = 10_000;

export const advanceClockRequestSchema = z
  .object({
    days: z.int().min(0).max(MAX_ADVANCE_DAYS).optional(),
    hours: z.int().min(0).max(MAX_ADVANCE_HOURS).optional(),
  })
  .refine((b) => (b.days ?? 0) + (b.hours ?? 0) > 0, { message: 'Bitte Tage oder Stunden angeben (mehr als 0).', path: ['days'] });
export type AdvanceClockRequest = z.infer<typeof advanceClockRequestSchema>;

export const advanceClockResultSchema = devClockSchema.extend({
  /** Scheduled jobs that fell due and ran right away. */
  jobsRun: z.number().int().min(0),
});
export type AdvanceClockResult = z.infer<typeof advanceClockResultSchema>;

export function advanceMs(request: AdvanceClockRequest): number {
  return ((request.days ?? 0) * 24 + (request.hours ?? 0)) * 3_600_000;
}

/** GET /api/dev/jobs: the catalogue of scheduled job kinds, with what of each is pending on the simulated clock. */
export const devJobsSchema = z.object({
  /** The simulated time the due times compare with. */
  now: z.iso.datetime({ offset: true }),
  kinds: z.array(
    z.object({
      kind: z.string(),
      /** When jobs of this kind fall due, in words. */
      when: z.string(),
      /** What one job of this kind schedules in turn, if anything. */
      fanOut: z.string().nullable(),
      /** Whether this process runs them (a handler is registered). */
      handled: z.boolean(),
      pending: z.number().int().min(0),
      /** The earliest pending job's next try (its due time, later after a failed attempt). */
      nextDueAt: z.iso.datetime({ offset: true }).nullable(),
      failed: z.number().int().min(0),
    }),
  ),
});
export type DevJobs = z.infer<typeof devJobsSchema>;
