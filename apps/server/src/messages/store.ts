import { and, count, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { messageKindOfTextForm } from '@kontor/domain/enums';
import type { PosteingangMessage } from '@kontor/domain/posteingang-contracts';
import { fixedQuery, type Db } from '../platform/db.ts';
import { decodeCursor, encodeCursor } from '../platform/keyset-cursor.ts';
import { customerMessages } from './tables.ts';

/** A message to write. With a `key`, a message with that key is updated instead (new text and stop, unread again, new date). */
export type NewMessage = {
  sub: string;
  textForm: string;
  title: string;
  body: string;
  createdAt: string;
  orderId?: string | null;
  ticketId?: string | null;
  isin?: string | null;
  stop?: string | null;
  key?: string | null;
};

type Row = typeof customerMessages.$inferSelect;
const view = (r: Row): PosteingangMessage => ({
  id: r.id,
  kind: messageKindOfTextForm(r.textForm),
  textForm: r.textForm,
  title: r.title,
  body: r.body,
  date: r.createdAt.toISOString(),
  read: r.readAt !== null,
  orderId: r.orderId,
  ticketId: r.ticketId,
  isin: r.isin,
  stop: r.stop,
});

const INSERT_MESSAGES_BASE = `insert into customer_messages (sub, text_form, title, body, created_at, order_id, ticket_id, isin, stop, key)
  select m.sub, m."textForm", m.title, m.body, m."createdAt", m."orderId", m."ticketId", m.isin, m.stop, m.key
  from jsonb_to_recordset($1::jsonb) as m(sub uuid, "textForm" text, title text, body text, "createdAt" timestamptz, "orderId" uuid, "ticketId" text, isin text, stop numeric, key text)`;
const INSERT_MESSAGES = `${INSERT_MESSAGES_BASE}
  on conflict (key) do update set title = excluded.title, body = excluded.body, created_at = excluded.created_at, stop = excluded.stop, read_at = null`;
const INSERT_MESSAGES_ONCE = `${INSERT_MESSAGES_BASE} on conflict (key) do nothing`;

/**
 * Writes messages in one statement inside the caller's transaction (an execution's message lands
 * with the execution). Of several with one key, the last counts; `once`: a key written before
 * keeps its message as it is.
 */
export async function insertMessages(tx: Db, messages: readonly NewMessage[], once = false): Promise<void> {
  if (messages.length === 0) return;
  const byKey = new Map<string, NewMessage>();
  const rows: NewMessage[] = [];
  for (const m of messages) if (m.key) byKey.set(m.key, m);
  else rows.push(m);
  rows.push(...byKey.values());
  const json = rows.map((m) => ({ ...m, orderId: m.orderId ?? null, ticketId: m.ticketId ?? null, isin: m.isin ?? null, stop: m.stop ?? null, key: m.key ?? null }));
  await fixedQuery(tx, once ? INSERT_MESSAGES_ONCE : INSERT_MESSAGES, [JSON.stringify(json)], once ? 'insert_messages_once' : 'insert_messages');
}

export function messageStore(db: Db) {
  return {
    /** Newest first, a page at a time; null when the cursor is not one of ours. */
    async page(sub: string, q: { unread?: boolean; cursor?: string; limit: number }): Promise<{ messages: PosteingangMessage[]; nextCursor: string | null } | null> {
      const after = q.cursor ? decodeCursor(q.cursor) : undefined;
      if (after === null) return null;
      const m = customerMessages;
      const rows = await db
        .select()
        .from(m)
        .where(
          and(
            eq(m.sub, sub),
            q.unread === undefined ? undefined : q.unread ? isNull(m.readAt) : sql`${m.readAt} is not null`,
            after ? or(lt(m.createdAt, after.at), and(eq(m.createdAt, after.at), lt(m.id, after.id))) : undefined,
          ),
        )
        .orderBy(desc(m.createdAt), desc(m.id))
        .limit(q.limit + 1);
      const more = rows.length > q.limit;
      const shown = more ? rows.slice(0, q.limit) : rows;
      return { messages: shown.map(view), nextCursor: more ? encodeCursor(shown.at(-1)!.createdAt, shown.at(-1)!.id) : null };
    },
    /** Reads or unreads a message; its order and title, by which the bell's notification of the same event is found. */
    async markRead(sub: string, id: string, read: boolean, at: Date): Promise<{ orderId: string | null; title: string } | undefined> {
      const m = customerMessages;
      const [row] = await db
        .update(m)
        .set({ readAt: read ? sql`coalesce(${m.readAt}, ${at.toISOString()}::timestamptz)` : null })
        .where(and(eq(m.id, id), eq(m.sub, sub)))
        .returning({ orderId: m.orderId, title: m.title });
      return row;
    },
    /**
     * The bell's notification of an order's event read: its message (same order, same title) is read
     * too, so the bell and the Nachrichten count one unread event.
     */
    async setOrderEventRead(sub: string, orderId: string, title: string, at: Date): Promise<void> {
      const m = customerMessages;
      await db
        .update(m)
        .set({ readAt: at })
        .where(and(eq(m.sub, sub), eq(m.orderId, orderId), eq(m.title, title), isNull(m.readAt)));
    },
    async countUnread(sub: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(customerMessages).where(and(eq(customerMessages.sub, sub), isNull(customerMessages.readAt)));
      return row?.n ?? 0;
    },
    async hasAny(sub: string): Promise<boolean> {
      return (await db.select({ id: customerMessages.id }).from(customerMessages).where(eq(customerMessages.sub, sub)).limit(1)).length > 0;
    },
  };
}
export type MessageStore = ReturnType<typeof messageStore>;
