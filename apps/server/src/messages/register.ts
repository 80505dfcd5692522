import type { AreaBase } from '../platform/area-context.ts';
import type { FastifyInstance } from 'fastify';
import { messageDevRoutes } from './dev-routes.ts';
import { messageRoutes } from './routes.ts';
import { messageService, type MessageService } from './service.ts';
import { messageStore } from './store.ts';

declare module 'fastify' {
  interface FastifyInstance {
    messages: MessageService;
  }
}

/** Kontor's messages to the customer (the Nachrichten tab). */
export async function registerMessages(
  app: FastifyInstance,
  ctx: AreaBase & { orderEventRead?: Parameters<typeof messageService>[0]['orderEventRead'] },
): Promise<{ messages: MessageService }> {
  const messages = messageService({ db: ctx.db, store: messageStore(ctx.db), clock: ctx.marketClock, orderEventRead: ctx.orderEventRead });
  app.decorate('messages', messages);
  await app.register(messageRoutes, { service: messages });
  if (ctx.config.devTools) await app.register(messageDevRoutes, { service: messages });
  return { messages };
}
