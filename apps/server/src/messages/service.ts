import type { Clock } from '../platform/clock.ts';
import type { Db } from '../platform/db.ts';
import { fieldError, notFound } from '../platform/errors.ts';
import { insertMessages, messageStore, type MessageStore, type NewMessage } from './store.ts';

/** The welcome message every demo customer finds in the Nachrichten tab (once: it has a key). */
export const welcomeMessage = (sub: string, at: string): NewMessage => ({
  sub,
  textForm: 'TEXT',
  title: 'Willkommen bei Kontor',
  body: 'Schön, dass Sie da sind. Hier finden Sie alles, was Kontor Ihnen mitteilt: Ausführungen und Änderungen Ihrer Orders, Angebote und Antworten auf Ihre Anfragen.',
  createdAt: at,
  key: `welcome:${sub}`,
});

/** The Nachrichten tab of the Posteingang (`/api/posteingang/messages`). */
export function messageService(deps: {
  db: Db;
  store: MessageStore;
  clock: Clock;
  /** A message about an order's event read or unread: the bell's notification of it follows, in the same transaction. */
  orderEventRead?: (tx: Db, sub: string, orderId: string, title: string, read: boolean, at: Date) => Promise<void>;
}) {
  const { store, clock } = deps;
  return {
    async page(sub: string, q: { unread?: boolean; cursor?: string; limit: number }) {
      const page = await store.page(sub, q);
      if (!page) throw fieldError(400, 'cursor', 'Diese Seite der Liste gibt es nicht. Bitte laden Sie die Liste neu.');
      return page;
    },
    async markRead(sub: string, id: string, read: boolean): Promise<void> {
      const at = clock.now();
      await deps.db.transaction(async (tx) => {
        const marked = await messageStore(tx).markRead(sub, id, read, at);
        if (!marked) throw notFound('Diese Nachricht gibt es nicht.');
        if (marked.orderId) await deps.orderEventRead?.(tx, sub, marked.orderId, marked.title, read, at);
      });
    },
    countUnread: (sub: string) => store.countUnread(sub),
    /** A plain message from Kontor, in any text form (dev tools send one of a form Kontor does not know, too). */
    async send(sub: string, m: { textForm: string; title: string; body: string }): Promise<void> {
      await insertMessages(deps.db, [{ sub, ...m, createdAt: clock.now().toISOString() }]);
    },
  };
}
export type MessageService = ReturnType<typeof messageService>;
