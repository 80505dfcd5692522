import type { AreaBase } from '../platform/area-context.ts';
import type { FastifyInstance } from 'fastify';
import type { DocumentRenderer } from '../documents/renderer.ts';
import type { DocumentStore } from '../documents/store.ts';
import { inboxRoutes } from './routes.ts';
import { inboxService } from './service.ts';

/** The Posteingang: the customer's documents, and the unread count of the Nachrichten tab beside them. */
export async function registerInbox(
  app: FastifyInstance,
  ctx: AreaBase & { documents: DocumentStore; renderer: DocumentRenderer; unreadMessages: (sub: string) => Promise<number> },
): Promise<void> {
  const { documents, renderer, clock, unreadMessages } = ctx;
  await app.register(inboxRoutes, { service: inboxService({ documents, renderer, clock, unreadMessages }) });
}
