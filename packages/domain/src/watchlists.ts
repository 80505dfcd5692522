import { z } from 'zod';
import { isinSchema } from './instrument';
import { typedText } from './text';

/** Watchlists (`/api/wl`): named lists of instruments a customer watches without owning them. */
export const WATCHLIST_MAX_LISTS = 20;
export const WATCHLIST_MAX_ITEMS = 100;

export const watchlistNameSchema = typedText()
  .trim()
  .min(1, 'Bitte geben Sie einen Namen ein.')
  .max(40, 'Der Name darf höchstens 40 Zeichen lang sein.');

export const watchlistItemSchema = z.object({ isin: z.string(), addedAt: z.string() });
export const watchlistSchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  items: z.array(watchlistItemSchema),
});
export type Watchlist = z.infer<typeof watchlistSchema>;

export const createWatchlistSchema = z.object({ name: watchlistNameSchema });
export const renameWatchlistSchema = z.object({ name: watchlistNameSchema });
export const addWatchlistItemSchema = z.object({ isin: isinSchema });
