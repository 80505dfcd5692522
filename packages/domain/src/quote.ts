import { z } from 'zod';
import { decimalStringSchema } from './money';

/** A market maker's quote for an instrument (spec §3): ask and bid as decimal strings. */
export const quoteSchema = z.object({
  /** Identifies this quote; an order that refers to a quote sends its id. */
  id: z.string().min(1),
  isin: z.string().regex(/^[A-Z]{2}[A-Z0-9]{9}[0-9]$/),
  /** Price the customer buys at. */
  ask: decimalStringSchema,
  /** Price the customer sells at. */
  bid: decimalStringSchema,
  /** When the quote was made, ISO 8601. */
  ts: z.iso.datetime({ offset: true }),
});
export type Quote = z.infer<typeof quoteSchema>;
