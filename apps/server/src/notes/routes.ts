import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@kontor/domain/endpoints';
import { customerOf } from '../platform/auth.ts';
import { route } from '../platform/endpoint-route.ts';
import { idempotencyKeyOf } from '../platform/idempotency.ts';
import type { NotesService } from './service.ts';

const e = endpoints.notes;

export const notesRoutes: FastifyPluginAsyncZod<{ service: NotesService }> = async (app, { service }) => {
  route(app, e.list, async (req) => service.list(customerOf(req).sub, req.query.isin));
  route(app, e.create, async (req, reply) => {
    const result = await service.create(customerOf(req).sub, req.body, idempotencyKeyOf(req, false));
    if (result.replayed) reply.header('idempotent-replayed', 'true');
    return result.body;
  });
  route(app, e.dismiss, async (req) => service.dismiss(customerOf(req).sub, req.body.id));
  route(app, e.update, async (req) => service.update(customerOf(req).sub, req.params.id, req.body.text));
  route(app, e.remove, async (req) => service.remove(customerOf(req).sub, req.params.id));
};
