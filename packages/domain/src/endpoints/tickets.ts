import { defineEndpoint } from '../endpoint';
import {
  createTicketSchema,
  submitTicketSchema,
  ticketDialogSchema,
  ticketIdParamsSchema,
  ticketListQuerySchema,
  ticketListSchema,
  ticketReplySchema,
  ticketSchema,
  updateTicketSchema,
} from '../ticket-contracts';

const tags = ['ticket'];
const params = ticketIdParamsSchema;

/**
 * Service tickets (spec §7 /api/ticket, /api/ticketdialog). Not here: the Freistellungsauftrag
 * preview (a PDF) and the attachments (a multipart upload, a file download).
 */
export const ticketEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/ticket',
    tags,
    summary: 'Open (Vorbereitet, Offen, bitte lesen) or closed tickets, the latest change first',
    query: ticketListQuerySchema,
    status: 200,
    response: ticketListSchema,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/ticket',
    tags,
    summary: 'A service request: a draft without authorisation (PREPARED), submitted with it (OPEN)',
    body: createTicketSchema,
    status: 201,
    response: ticketSchema,
  }),
  get: defineEndpoint({ method: 'GET', path: '/api/ticket/{id}', tags, summary: 'One ticket', params, status: 200, response: ticketSchema }),
  update: defineEndpoint({ method: 'PUT', path: '/api/ticket/{id}', tags, summary: 'Change a draft', params, body: updateTicketSchema, status: 200, response: ticketSchema }),
  discard: defineEndpoint({ method: 'DELETE', path: '/api/ticket/{id}', tags, summary: 'Discard a draft', params, status: 204 }),
  submit: defineEndpoint({
    method: 'POST',
    path: '/api/ticket/{id}/submit',
    tags,
    summary: 'Submit a draft with its TAN authorisation (OPEN)',
    params,
    body: submitTicketSchema,
    status: 200,
    response: ticketSchema,
  }),
  dialog: defineEndpoint({
    method: 'GET',
    path: '/api/ticketdialog/{id}',
    tags,
    summary: 'The ticket with its dialog (entries, attachments), oldest first; marks it read',
    params,
    status: 200,
    response: ticketDialogSchema,
  }),
  reply: defineEndpoint({
    method: 'POST',
    path: '/api/ticketdialog/{id}',
    tags,
    summary: "The customer's reply, with uploaded attachments; a ticket waiting for it is OPEN again",
    params,
    body: ticketReplySchema,
    status: 201,
    response: ticketDialogSchema,
  }),
};
