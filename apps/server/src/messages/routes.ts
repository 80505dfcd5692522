import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@kontor/domain/endpoints';
import { customerOf } from '../platform/auth.ts';
import { route } from '../platform/endpoint-route.ts';
import type { MessageService } from './service.ts';

const e = endpoints.inbox;

export const messageRoutes: FastifyPluginAsyncZod<{ service: MessageService }> = async (app, { service }) => {
  route(app, e.messages, async (req) => service.page(customerOf(req).sub, req.query));
  route(app, e.markMessageRead, async (req) => service.markRead(customerOf(req).sub, req.params.id, req.body.read));
};
