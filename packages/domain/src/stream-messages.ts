/**
 * The messages of the customer's live order stream (`GET /api/trading/stream`, Server-Sent Events:
 * the event name is `type`, the data the whole message as JSON), read without zod: the web reads
 * them from its first load on (decision 041); trading-contracts.ts and notifications.ts hold their
 * schemas to these types and re-export them. A test holds the readers to the schemas' verdict.
 */

/** A message about one of the customer's orders. */
export type OrderStreamMessage =
  | { type: 'status'; orderId: string; at: string; display: string; label: string }
  | { type: 'execution'; orderId: string; at: string; quantity: string; price: string }
  | { type: 'tslupdate'; orderId: string; at: string; stop: string; previousStop: string | null };

/** The bell's new unread count. */
export type NotificationsStreamEvent = { type: 'notifications'; unread: number };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const strings = (value: Record<string, unknown>, keys: readonly string[]) => keys.every((key) => typeof value[key] === 'string');

/** The order message in an untrusted value, with only its fields, or null when it is none. */
export function readOrderMessage(value: unknown): OrderStreamMessage | null {
  if (!isRecord(value) || !strings(value, ['orderId', 'at'])) return null;
  const { orderId, at } = value as { orderId: string; at: string };
  switch (value.type) {
    case 'status':
      return strings(value, ['display', 'label']) ? { type: 'status', orderId, at, display: value.display as string, label: value.label as string } : null;
    case 'execution':
      return strings(value, ['quantity', 'price']) ? { type: 'execution', orderId, at, quantity: value.quantity as string, price: value.price as string } : null;
    case 'tslupdate':
      return typeof value.stop === 'string' && (value.previousStop === null || typeof value.previousStop === 'string')
        ? { type: 'tslupdate', orderId, at, stop: value.stop, previousStop: value.previousStop }
        : null;
    default:
      return null;
  }
}

/** The `notifications` event in an untrusted value, or null when it is none. */
export function readNotificationsEvent(value: unknown): NotificationsStreamEvent | null {
  if (!isRecord(value) || value.type !== 'notifications' || !Number.isInteger(value.unread)) return null;
  return { type: 'notifications', unread: value.unread as number };
}
