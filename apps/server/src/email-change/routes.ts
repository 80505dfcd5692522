import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  emailChangeAuthorisationSchema,
  emailChangeCodeSchema,
  emailChangeRequestSchema,
  emailChangeSchema,
  emailSettingSchema,
} from '@kontor/domain/customer-settings-contracts';
import { customerOf } from '../platform/auth.ts';
import type { EmailChangeService } from './service.ts';

const tags = ['user'];
const params = z.object({ id: z.string().max(64) });
// Guessing codes is bounded per request; this bounds new requests and answers per client.
const limited = { rateLimit: { max: 30, timeWindow: '1 minute' } };

/** Change of the e-mail address: ask, authorise (kind EMAIL), confirm with the code sent to the new address. */
export const emailChangeRoutes: FastifyPluginAsyncZod<{ service: EmailChangeService }> = async (app, { service }) => {
  app.get(
    '/api/user/email',
    { schema: { tags, summary: 'The e-mail address in use and the change waiting to be finished', response: { 200: emailSettingSchema } } },
    async (req) => service.current(customerOf(req).sub),
  );
  app.post(
    '/api/user/email',
    {
      schema: { tags, summary: 'Asks to change the e-mail address; next it is authorised as kind EMAIL with the answer’s id', body: emailChangeRequestSchema, response: { 201: emailChangeSchema } },
      config: limited,
    },
    async (req, reply) => reply.code(201).send(await service.start(customerOf(req).sub, req.body.newEmail)),
  );
  app.post(
    '/api/user/email/:id/authorise',
    {
      schema: { tags, summary: 'Takes the EMAIL authorisation and sends a 6-digit code to the new address', params, body: emailChangeAuthorisationSchema, response: { 200: emailChangeSchema } },
      config: limited,
    },
    async (req) => service.authorise(customerOf(req).sub, req.params.id, req.body.authorisation),
  );
  app.post(
    '/api/user/email/:id/confirm',
    {
      schema: { tags, summary: 'Confirms the change with the code from the new address; five wrong codes void it', params, body: emailChangeCodeSchema, response: { 200: emailChangeSchema } },
      config: limited,
    },
    async (req) => service.confirm(customerOf(req).sub, req.params.id, req.body.code),
  );
  app.delete(
    '/api/user/email/:id',
    { schema: { tags, summary: 'Cancels a change not yet finished', params, response: { 200: emailChangeSchema } } },
    async (req) => service.cancel(customerOf(req).sub, req.params.id),
  );
};
