import { z } from 'zod';

/** A news item about an instrument (`GET /api/instrument-cache/news?isin=…`), newest first. */
export const newsItemSchema = z.object({
  id: z.string(),
  isin: z.string(),
  title: z.string(),
  summary: z.string(),
  source: z.string(),
  /** ISO 8601. */
  publishedAt: z.string(),
});
export type NewsItem = z.infer<typeof newsItemSchema>;

export const newsResponseSchema = z.object({ items: z.array(newsItemSchema) });
export type NewsResponse = z.infer<typeof newsResponseSchema>;
