import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  dismissNoticeSchema,
  notesListSchema,
  notesQuerySchema,
  ownNoteInputSchema,
  ownNoteSchema,
  ownNoteUpdateSchema,
} from '@kontor/domain/notes-contracts';
import { customerOf } from '../platform/auth.ts';
import { idempotencyHeader, idempotencyKeyOf } from '../platform/idempotency.ts';
import type { NotesService } from './service.ts';

const idParams = z.object({ id: z.uuid('Unbekannte Notiz') });
const tags = ['notes'];

export const notesRoutes: FastifyPluginAsyncZod<{ service: NotesService }> = async (app, { service }) => {
  app.get(
    '/api/notes',
    { schema: { tags, summary: 'Notices not dismissed and own notes (with isin: those of that instrument)', querystring: notesQuerySchema, response: { 200: notesListSchema } } },
    async (req) => service.list(customerOf(req).sub, req.query.isin),
  );
  app.post(
    '/api/notes',
    {
      schema: {
        tags,
        summary: 'Write a note on an instrument or a position; a repeat with the same Idempotency-Key returns the first answer',
        headers: idempotencyHeader,
        body: ownNoteInputSchema,
        response: { 201: ownNoteSchema },
      },
    },
    async (req, reply) => {
      const result = await service.create(customerOf(req).sub, req.body, idempotencyKeyOf(req, false));
      if (result.replayed) reply.header('idempotent-replayed', 'true');
      return reply.code(201).send(result.body);
    },
  );
  app.post('/api/notes/dismiss', { schema: { tags, summary: 'Dismiss a notice (dismissing twice is fine)', body: dismissNoticeSchema } }, async (req, reply) => {
    await service.dismiss(customerOf(req).sub, req.body.id);
    return reply.code(204).send();
  });
  app.put('/api/notes/:id', { schema: { tags, summary: 'Change the text of a note', params: idParams, body: ownNoteUpdateSchema, response: { 200: ownNoteSchema } } }, async (req) =>
    service.update(customerOf(req).sub, req.params.id, req.body.text),
  );
  app.delete('/api/notes/:id', { schema: { tags, summary: 'Delete a note', params: idParams } }, async (req, reply) => {
    await service.remove(customerOf(req).sub, req.params.id);
    return reply.code(204).send();
  });
};
