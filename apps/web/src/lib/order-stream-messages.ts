import { readNotificationsEvent, readOrderMessage, type OrderStreamMessage } from '@kontor/domain/stream-messages';

/**
 * Reading the order stream's messages, as the domain reads them (without zod: every signed-in page
 * opens the stream, decision 041). lib/order-stream loads this module when the stream opens.
 */

const json = (data: unknown): unknown => {
  try {
    return JSON.parse(String(data)) as unknown;
  } catch {
    return undefined;
  }
};

/** An order message (`status`, `execution`, `tslupdate`), or null when it is none. */
export function parseOrderMessage(type: string, data: unknown): OrderStreamMessage | null {
  const value = json(data);
  return value === undefined ? null : readOrderMessage({ ...(value as object), type });
}

/** The `notifications` event's unread count, or null when the message does not match. */
export function parseNotificationsEvent(data: unknown): { unread: number } | null {
  const value = json(data);
  const event = value === undefined ? null : readNotificationsEvent({ ...(value as object), type: 'notifications' });
  return event ? { unread: event.unread } : null;
}
