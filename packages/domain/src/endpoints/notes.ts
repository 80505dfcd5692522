import { z } from 'zod';
import { defineEndpoint, idempotencyHeaderSchema } from '../endpoint';
import { dismissNoticeSchema, notesListSchema, notesQuerySchema, ownNoteInputSchema, ownNoteSchema, ownNoteUpdateSchema } from '../notes-contracts';

const tags = ['notes'];
const idParams = z.object({ id: z.uuid('Unbekannte Notiz') });

/** Notices from Kontor and the customer's own notes (spec: Notizen). */
export const notesEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/notes',
    tags,
    summary: 'Notices not dismissed and own notes (with isin: those of that instrument)',
    query: notesQuerySchema,
    status: 200,
    response: notesListSchema,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/notes',
    tags,
    summary: 'Write a note on an instrument or a position; a repeat with the same Idempotency-Key returns the first answer',
    headers: idempotencyHeaderSchema,
    body: ownNoteInputSchema,
    status: 201,
    response: ownNoteSchema,
  }),
  dismiss: defineEndpoint({ method: 'POST', path: '/api/notes/dismiss', tags, summary: 'Dismiss a notice (dismissing twice is fine)', body: dismissNoticeSchema, status: 204 }),
  update: defineEndpoint({ method: 'PUT', path: '/api/notes/{id}', tags, summary: 'Change the text of a note', params: idParams, body: ownNoteUpdateSchema, status: 200, response: ownNoteSchema }),
  remove: defineEndpoint({ method: 'DELETE', path: '/api/notes/{id}', tags, summary: 'Delete a note', params: idParams, status: 204 }),
};
