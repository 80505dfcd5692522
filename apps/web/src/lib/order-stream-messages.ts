import { notificationsStreamEventSchema } from '@kontor/domain/notifications';
import { orderMessageSchema, type OrderStreamMessage } from '@kontor/domain/trading-contracts';

/**
 * Reading the order stream's messages: the shared schemas (and with them the order rules and
 * decimal arithmetic) are not part of the first load; lib/order-stream loads this module when the
 * stream opens.
 */

/** An order message (`status`, `execution`, `tslupdate`), or null when it does not match its schema. */
export function parseOrderMessage(type: string, data: unknown): OrderStreamMessage | null {
  try {
    const parsed = orderMessageSchema.safeParse({ ...(JSON.parse(String(data)) as object), type });
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The `notifications` event's unread count, or null when the message does not match. */
export function parseNotificationsEvent(data: unknown): { unread: number } | null {
  try {
    const parsed = notificationsStreamEventSchema.safeParse({ ...(JSON.parse(String(data)) as object), type: 'notifications' });
    return parsed.success ? { unread: parsed.data.unread } : null;
  } catch {
    return null;
  }
}
