import { berlinDate } from '@kontor/domain/banking-days';
import { formatMoney, formatQuantity, toWireDecimal } from '@kontor/domain/numbers';
import type { NewMessage } from '../messages/store.ts';
import type { NewNotification } from '../notifications/store.ts';
import { executionNotice } from '../bookings/execution-booking.ts';
import type { EngineEvent } from './engine/types.ts';
import { formatTime } from '@kontor/domain/dates';

type Named = { name: string; quoteCurrencyCode: string } | undefined;

/**
 * Whether the execution at `index` completes its order: the engine follows the fill at once with
 * the order's status, Filled when nothing is left (the execution's snapshot is taken before it).
 */
export function fillCompletes(events: readonly EngineEvent[], index: number): boolean {
  const orderId = events[index]!.orderId;
  for (let i = index + 1; i < events.length; i++) {
    const e = events[i]!;
    if (e.orderId !== orderId || e.type !== 'status') continue;
    return e.status === 'Filled' || e.cancelStatus === 'Filled';
  }
  return false;
}

/**
 * What the customer finds in the Nachrichten tab and the bell about the engine's events, as rows
 * to write with them (`settlement.ts`): an `order` message per execution, rejection and expiry, a
 * `previously_quoted` message per RFQ answer, one `tslupdate` message per trailing stop kept up to
 * date, and the notifications of rejections, expiries and trailing-stop moves (an execution's
 * notification comes with its booking). A trailing stop notifies at most once per order and Berlin day.
 */
export function orderNotices(events: readonly EngineEvent[], instrument: (isin: string) => Named): { messages: NewMessage[]; notifications: NewNotification[] } {
  const messages: NewMessage[] = [];
  const notifications: NewNotification[] = [];
  for (const [index, e] of events.entries()) {
    if (e.type === 'refused') continue;
    const o = e.order;
    const info = instrument(o.isin);
    const name = info?.name ?? o.isin;
    const currency = info?.quoteCurrencyCode ?? 'EUR';
    const verb = o.side === 'buy' ? 'Kauf' : 'Verkauf';
    const base = { sub: o.accountId, orderId: o.id, isin: o.isin, createdAt: e.at };
    if (e.type === 'execution') {
      const partial = !fillCompletes(events, index);
      const notice = executionNotice({ side: o.side, name, quantity: e.quantity, price: e.price, currency, partial });
      messages.push({
        ...base,
        textForm: 'ORDER',
        ...notice,
        body: `${notice.body}${partial ? ` Bisher ausgeführt: ${formatQuantity(o.filledQuantity)} Stück.` : ''}`,
      });
    } else if (e.type === 'status' && (e.status === 'Rejected' || e.status === 'Expired' || e.cancelStatus === 'Expired')) {
      // A partly filled order that expires stays PartiallyFilled, with Expired as its cancel status.
      const rejected = e.status === 'Rejected';
      // An expiry with a reason is a deletion by Kontor (a corporate action's ex date).
      const deleted = !rejected && !!e.reason;
      const title = `${rejected ? 'Order abgelehnt' : deleted ? 'Order gestrichen' : 'Order abgelaufen'}: ${verb} ${name}`;
      const body = rejected ? (e.reason ?? 'Die Order wurde abgelehnt.') : (e.reason ?? 'Die Order ist abgelaufen, ohne vollständig ausgeführt worden zu sein.');
      messages.push({ ...base, textForm: 'ORDER', title, body });
      notifications.push({ ...base, kind: rejected ? 'ORDER_REJECTED' : 'ORDER_EXPIRED', title, body });
    } else if (e.type === 'tslupdate') {
      const stop = toWireDecimal(e.stop);
      const title = `Trailing-Stop nachgezogen: ${verb} ${name}`;
      const body = `Neuer Stop: ${formatMoney(stop, currency)}${e.previousStop ? ` (bisher ${formatMoney(e.previousStop, currency)})` : ''}.`;
      messages.push({ ...base, textForm: 'TSLUPDATE', title, body, stop, key: `tsl:${o.id}` });
      notifications.push({ ...base, kind: 'TSL_MOVED', title, body, key: `tsl:${o.id}:${berlinDate(new Date(e.at))}` });
    } else if (e.type === 'quoted') {
      messages.push({
        ...base,
        textForm: 'PREVIOUSLY_QUOTED',
        title: `Angebot erhalten: ${verb} ${name}`,
        body: `${formatQuantity(o.quantity ?? '0')} Stück zu ${formatMoney(e.price, currency)}, gültig bis ${formatTime(e.validUntil)} Uhr.`,
      });
    }
  }
  return { messages, notifications };
}
