import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createTicketSchema,
  fsaPreviewSchema,
  submitTicketSchema,
  ticketDialogSchema,
  ticketIdParamsSchema,
  ticketListQuerySchema,
  ticketListSchema,
  ticketReplySchema,
  ticketSchema,
  updateTicketSchema,
} from '@kontor/domain/ticket-contracts';
import { customerOf } from '../platform/auth.ts';
import type { TicketService } from './service.ts';

const tags = ['ticket'];
const params = ticketIdParamsSchema;

export type TicketRouteOptions = {
  service: TicketService;
  /** The Freistellungsauftrag as it would be signed, as PDF (400 with field errors when the data is not valid). */
  fsaPreview: (sub: string, data: Record<string, unknown>) => Promise<Buffer>;
};

/** Service tickets (spec §7 /api/ticket, /api/ticketdialog, /api/ticket/fsapreview). */
export const ticketRoutes: FastifyPluginAsyncZod<TicketRouteOptions> = async (app, { service, fsaPreview }) => {
  app.get(
    '/api/ticket',
    { schema: { tags, summary: 'Open (Vorbereitet, Offen, bitte lesen) or closed tickets, the latest change first', querystring: ticketListQuerySchema, response: { 200: ticketListSchema } } },
    async (req) => service.list(customerOf(req).sub, req.query.view),
  );
  app.post(
    '/api/ticket',
    { schema: { tags, summary: 'A service request: a draft without authorisation (PREPARED), submitted with it (OPEN)', body: createTicketSchema, response: { 201: ticketSchema } } },
    async (req, reply) => reply.code(201).send(await service.create(customerOf(req).sub, req.body)),
  );
  app.post(
    '/api/ticket/fsapreview',
    { schema: { tags, summary: 'The Freistellungsauftrag as PDF before it is signed', body: fsaPreviewSchema, produces: ['application/pdf'] } },
    async (req, reply) => {
      const pdf = await fsaPreview(customerOf(req).sub, req.body.data);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', 'inline; filename="Freistellungsauftrag-Vorschau.pdf"')
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
  app.get('/api/ticket/:id', { schema: { tags, summary: 'One ticket', params, response: { 200: ticketSchema } } }, async (req) => service.get(customerOf(req).sub, req.params.id));
  app.put(
    '/api/ticket/:id',
    { schema: { tags, summary: 'Change a draft', params, body: updateTicketSchema, response: { 200: ticketSchema } } },
    async (req) => service.update(customerOf(req).sub, req.params.id, req.body.data),
  );
  app.delete('/api/ticket/:id', { schema: { tags, summary: 'Discard a draft', params } }, async (req, reply) => {
    await service.discard(customerOf(req).sub, req.params.id);
    return reply.code(204).send();
  });
  app.post(
    '/api/ticket/:id/submit',
    { schema: { tags, summary: 'Submit a draft with its TAN authorisation (OPEN)', params, body: submitTicketSchema, response: { 200: ticketSchema } } },
    async (req) => service.submit(customerOf(req).sub, req.params.id, req.body),
  );

  app.get(
    '/api/ticketdialog/:id',
    { schema: { tags, summary: 'The ticket with its dialog (entries, attachments), oldest first; marks it read', params, response: { 200: ticketDialogSchema } } },
    async (req) => service.dialog(customerOf(req).sub, req.params.id),
  );
  app.post(
    '/api/ticketdialog/:id',
    { schema: { tags, summary: "The customer's reply, with uploaded attachments; a ticket waiting for it is OPEN again", params, body: ticketReplySchema, response: { 201: ticketDialogSchema } } },
    async (req, reply) => {
      const { sub } = customerOf(req);
      await service.reply(sub, req.params.id, req.body);
      return reply.code(201).send(await service.dialog(sub, req.params.id));
    },
  );
};
