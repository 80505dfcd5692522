import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@kontor/domain/endpoints';
import { customerOf } from '../platform/auth.ts';
import { route } from '../platform/endpoint-route.ts';
import type { EmailChangeService } from './service.ts';

const e = endpoints.emailChange;
// Guessing codes is bounded per request; this bounds new requests and answers per client.
const limited = { config: { rateLimit: { max: 30, timeWindow: '1 minute' } } };

/** Change of the e-mail address: ask, authorise (kind EMAIL), confirm with the code sent to the new address. */
export const emailChangeRoutes: FastifyPluginAsyncZod<{ service: EmailChangeService }> = async (app, { service }) => {
  route(app, e.current, async (req) => service.current(customerOf(req).sub));
  route(app, e.start, async (req) => service.start(customerOf(req).sub, req.body.newEmail), limited);
  route(app, e.authorise, async (req) => service.authorise(customerOf(req).sub, req.params.id, req.body.authorisation), limited);
  route(app, e.confirm, async (req) => service.confirm(customerOf(req).sub, req.params.id, req.body.code), limited);
  route(app, e.cancel, async (req) => service.cancel(customerOf(req).sub, req.params.id));
};
