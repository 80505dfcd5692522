import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@kontor/domain/endpoints';
import { fsaPreviewSchema } from '@kontor/domain/ticket-contracts';
import { customerOf } from '../platform/auth.ts';
import { route } from '../platform/endpoint-route.ts';
import type { TicketService } from './service.ts';

const tags = ['ticket'];
const e = endpoints.tickets;

export type TicketRouteOptions = {
  service: TicketService;
  /** The Freistellungsauftrag as it would be signed, as PDF (400 with field errors when the data is not valid). */
  fsaPreview: (sub: string, data: Record<string, unknown>) => Promise<Buffer>;
};

/** Service tickets (spec §7 /api/ticket, /api/ticketdialog, /api/ticket/fsapreview). */
export const ticketRoutes: FastifyPluginAsyncZod<TicketRouteOptions> = async (app, { service, fsaPreview }) => {
  route(app, e.list, async (req) => service.list(customerOf(req).sub, req.query.view));
  route(app, e.create, async (req) => service.create(customerOf(req).sub, req.body));
  // A PDF, not JSON: declared here.
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
  route(app, e.get, async (req) => service.get(customerOf(req).sub, req.params.id));
  route(app, e.update, async (req) => service.update(customerOf(req).sub, req.params.id, req.body.data));
  route(app, e.discard, async (req) => service.discard(customerOf(req).sub, req.params.id));
  route(app, e.submit, async (req) => service.submit(customerOf(req).sub, req.params.id, req.body));
  route(app, e.dialog, async (req) => service.dialog(customerOf(req).sub, req.params.id));
  route(app, e.reply, async (req) => {
    const { sub } = customerOf(req);
    await service.reply(sub, req.params.id, req.body);
    return service.dialog(sub, req.params.id);
  });
};
