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

/**
 * What a notification is about. The later kinds (ticket answered, savings plan, corporate action)
 * are raised by the areas that build them; the preferences list them all from the start.
 */
export const NOTIFICATION_KINDS = [
  'ORDER_EXECUTED',
  'ORDER_PARTIALLY_EXECUTED',
  'ORDER_REJECTED',
  'ORDER_EXPIRED',
  'TSL_MOVED',
  'DOCUMENT',
  'PRICE_ALERT',
  'MONEY',
  'TICKET_ANSWERED',
  'SAVINGS_PLAN_EXECUTED',
  'SAVINGS_PLAN_FAILED',
  'CORPORATE_ACTION',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Where a notification of a kind goes: in the app (the bell), by e-mail, as a push to the Kontor app. */
export const NOTIFICATION_CHANNELS = ['inApp', 'email', 'push'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];
export const notificationChannelsSchema = z.object({ inApp: z.boolean(), email: z.boolean(), push: z.boolean() });
/** GET/PUT /api/notification/preferences: every kind with its channels (a PUT may give some kinds only). */
export const notificationPreferencesSchema = z.object({ kinds: z.record(z.enum(NOTIFICATION_KINDS), notificationChannelsSchema) });
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;
export const notificationPreferencesUpdateSchema = z.object({ kinds: z.partialRecord(z.enum(NOTIFICATION_KINDS), notificationChannelsSchema) });

export const notificationSchema = z.object({
  id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  body: z.string(),
  isin: z.string().nullable(),
  /** What the bell links to: the order (`/orders/:id`) or the document (`/posteingang?doc=<id>`). */
  orderId: z.string().nullable(),
  documentId: z.string().nullable(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;
export const notificationListSchema = z.object({ unread: z.number().int(), items: z.array(notificationSchema) });

/** The channels a kind has when the customer never chose: the bell and the app, no e-mail. */
export const DEFAULT_NOTIFICATION_CHANNELS: Readonly<z.infer<typeof notificationChannelsSchema>> = { inApp: true, email: false, push: true };

/**
 * The event `notifications` on the live stream (`GET /api/trading/stream`): sent after a
 * notification for the customer was written (or read), with the bell's unread count.
 */
export const notificationsStreamEventSchema = z.object({ type: z.literal('notifications'), unread: z.number().int() });
export type NotificationsStreamEvent = z.infer<typeof notificationsStreamEventSchema>;

/** Whether a mid price has reached an alert's price from the watched side (exact decimals). */
export function alertReached(direction: (typeof ALERT_DIRECTIONS)[number], alertPrice: string, mid: string): boolean {
  const diff = new Decimal(mid).cmp(alertPrice);
  return direction === 'above' ? diff >= 0 : diff <= 0;
}
