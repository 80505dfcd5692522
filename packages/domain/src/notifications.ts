import Decimal from 'decimal.js';
import { z } from 'zod';
import { isinSchema } from './instrument';
import { positiveDecimalInputSchema } from './money';

/**
 * Price alerts and the notifications they raise (`/api/notification`). An alert fires once, when
 * the mid of bid and ask reaches its price from the watched side ("über" / "unter").
 */
export const ALERT_DIRECTIONS = ['above', 'below'] as const;
export const ALERT_DIRECTION_LABELS = { above: 'steigt auf oder über', below: 'fällt auf oder unter' } as const;
export const PRICE_ALERTS_MAX = 50;

export const createPriceAlertSchema = z.object({
  isin: isinSchema,
  direction: z.enum(ALERT_DIRECTIONS),
  price: positiveDecimalInputSchema('Der Preis muss größer als 0 sein.'),
});
export const priceAlertSchema = z.object({
  id: z.string(),
  isin: z.string(),
  direction: z.enum(ALERT_DIRECTIONS),
  price: z.string(),
  createdAt: z.string(),
  triggeredAt: z.string().nullable(),
});
export type PriceAlert = z.infer<typeof priceAlertSchema>;

/** What a notification is about: a price alert, an executed order, money moved (a payout, a returned direct debit). */
export const NOTIFICATION_KINDS = ['PRICE_ALERT', 'ORDER_EXECUTED', 'MONEY'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const notificationSchema = z.object({
  id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  body: z.string(),
  isin: z.string().nullable(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;
export const notificationListSchema = z.object({ unread: z.number().int(), items: z.array(notificationSchema) });

/** Whether a mid price has reached an alert's price from the watched side (exact decimals). */
export function alertReached(direction: (typeof ALERT_DIRECTIONS)[number], alertPrice: string, mid: string): boolean {
  const diff = new Decimal(mid).cmp(alertPrice);
  return direction === 'above' ? diff >= 0 : diff <= 0;
}
