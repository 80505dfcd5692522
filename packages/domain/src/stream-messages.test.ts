import { describe, expect, it } from 'vitest';
import { notificationsStreamEventSchema } from './notifications';
import { readNotificationsEvent, readOrderMessage } from './stream-messages';
import { orderMessageSchema } from './trading-contracts';

const status = { type: 'status', orderId: 'o-1', at: '2026-11-23T10:00:00.000Z', display: 'Filled', label: 'ausgeführt' };
const execution = { type: 'execution', orderId: 'o-1', at: '2026-11-23T10:00:00.000Z', quantity: '2', price: '150.10' };
const tslupdate = { type: 'tslupdate', orderId: 'o-2', at: '2026-11-23T10:00:00.000Z', stop: '96.50', previousStop: '95.00' };

/** Each message, and each with one field left out, made another type, or added. */
function variants(message: Record<string, unknown>): unknown[] {
  const out: unknown[] = [message, { ...message, extra: 1 }];
  for (const key of Object.keys(message)) {
    const { [key]: _left, ...without } = message;
    out.push(without);
    for (const other of [null, 1, true, '', 'x', [], {}]) out.push({ ...message, [key]: other });
  }
  return out;
}

describe('the order stream read without the schemas', () => {
  it('gives the verdict of orderMessageSchema, and only the fields of the message', () => {
    const samples = [...variants(status), ...variants(execution), ...variants(tslupdate), { ...tslupdate, previousStop: null }, null, [], 'status', 7];
    for (const sample of samples) {
      const parsed = orderMessageSchema.safeParse(sample);
      expect(readOrderMessage(sample), JSON.stringify(sample)).toEqual(parsed.success ? parsed.data : null);
    }
  });

  it('gives the verdict of notificationsStreamEventSchema', () => {
    const samples = [...variants({ type: 'notifications', unread: 3 }), { type: 'notifications', unread: 2.5 }, { type: 'notifications', unread: -1 }, null];
    for (const sample of samples) {
      const parsed = notificationsStreamEventSchema.safeParse(sample);
      expect(readNotificationsEvent(sample), JSON.stringify(sample)).toEqual(parsed.success ? parsed.data : null);
    }
  });
});
