import { z } from 'zod';
import { typedText } from './text';
import type { TrackingPayload } from './tracking-query';

export * from './tracking-query';

/**
 * Campaign tracking (spec §2/§3/§7): on any route the query parameters fzsrc, fzmedium, fzcampaign,
 * fzcontent and fzterm or fzterms are read; the payload is posted to /api/user/tracking only when
 * fzsrc is present.
 */

const value = typedText().trim().min(1).max(500);

export const trackingPayloadSchema = z
  .object({
    /** Source of the visit (e.g. a partner site). Required: without it nothing is tracked. */
    fzsrc: value,
    fzmedium: value.optional(),
    fzcampaign: value.optional(),
    fzcontent: value.optional(),
    /** One search term … */
    fzterm: value.optional(),
    /** … or several, from a comma-separated query value. Never both. */
    fzterms: z.array(value).max(50).optional(),
  })
  .refine((p) => p.fzterm === undefined || p.fzterms === undefined, {
    message: 'Entweder fzterm oder fzterms',
    path: ['fzterms'],
  }) satisfies z.ZodType<TrackingPayload>;
