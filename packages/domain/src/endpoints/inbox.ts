import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { documentListQuerySchema, documentPageSchema, markReadSchema, messageListQuerySchema, messagePageSchema, posteingangUnreadSchema } from '../posteingang-contracts';

/** The Posteingang: documents and messages. A document's PDF is not JSON and keeps its own route. */
export const inboxEndpoints = {
  documents: defineEndpoint({
    method: 'GET',
    path: '/api/posteingang',
    tags: ['inbox'],
    summary: 'The customer’s documents, newest first, a page at a time (filter mode, categories, search, dates, unread)',
    query: documentListQuerySchema,
    status: 200,
    response: documentPageSchema,
  }),
  unread: defineEndpoint({
    method: 'GET',
    path: '/api/posteingang/unread',
    tags: ['inbox'],
    summary: 'How many documents and messages are unread',
    status: 200,
    response: posteingangUnreadSchema,
  }),
  markDocumentRead: defineEndpoint({
    method: 'PUT',
    path: '/api/posteingang/{id}/read',
    tags: ['inbox'],
    summary: 'Marks a document read or unread again',
    params: z.object({ id: z.string().max(64) }),
    body: markReadSchema,
    status: 204,
  }),
  messages: defineEndpoint({
    method: 'GET',
    path: '/api/posteingang/messages',
    tags: ['posteingang'],
    summary: 'Messages (orders, RFQs, tickets, plain text), newest first, a page at a time',
    query: messageListQuerySchema,
    status: 200,
    response: messagePageSchema,
  }),
  markMessageRead: defineEndpoint({
    method: 'PUT',
    path: '/api/posteingang/messages/{id}/read',
    tags: ['posteingang'],
    summary: 'Mark a message read or unread again',
    params: z.object({ id: z.uuid('Unbekannte Kennung') }),
    body: markReadSchema,
    status: 204,
  }),
};
