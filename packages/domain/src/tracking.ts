import { z } from 'zod';
import { typedText } from './text';

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
  });
export type TrackingPayload = z.infer<typeof trackingPayloadSchema>;

/**
 * The tracking payload of a URL query ("?fzsrc=newsletter&fzterms=etf,sparplan" or
 * URLSearchParams), or null when there is nothing to track.
 *
 * Decisions: an empty or blank fzsrc counts as absent; values are trimmed and empty ones left out;
 * fzterms is split on commas, its entries trimmed and empty entries dropped; when the query has
 * both, fzterms (the list) wins and fzterm is left out; parameters that occur twice take the first.
 */
export function trackingPayload(query: string | URLSearchParams): TrackingPayload | null {
  const params = typeof query === 'string' ? new URLSearchParams(query) : query;
  const read = (name: string): string | undefined => {
    const raw = params.get(name)?.trim();
    return raw ? raw : undefined;
  };

  const fzsrc = read('fzsrc');
  if (fzsrc === undefined) return null;

  const payload: TrackingPayload = { fzsrc };
  const fzmedium = read('fzmedium');
  const fzcampaign = read('fzcampaign');
  const fzcontent = read('fzcontent');
  if (fzmedium !== undefined) payload.fzmedium = fzmedium;
  if (fzcampaign !== undefined) payload.fzcampaign = fzcampaign;
  if (fzcontent !== undefined) payload.fzcontent = fzcontent;

  const terms = read('fzterms');
  const term = read('fzterm');
  if (terms !== undefined) {
    const list = terms
      .split(',')
      .map((t) => t.trim())
      .filter((t) => t.length > 0);
    if (list.length > 0) payload.fzterms = list;
  } else if (term !== undefined) {
    payload.fzterm = term;
  }
  return payload;
}
