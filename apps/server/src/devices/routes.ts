import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  appAuthSettingsSchema,
  enrolDeviceRequestSchema,
  enrolledDeviceSchema,
  pushSettingsSchema,
  retireDeviceRequestSchema,
} from '@kontor/domain/app-devices-contracts';
import { authorisationFieldSchema } from '@kontor/domain/auth-contracts';
import { customerOf } from '../platform/auth.ts';
import { idempotencyHeader, idempotencyKeyOf } from '../platform/idempotency.ts';
import type { DeviceService } from './service.ts';

const tags = ['devices'];
const sessionStatusSchema = z.object({ required: z.boolean(), approved: z.boolean() });

/** The Kontor app (spec §7 /api/appenrollment, /api/mobileapp/pushadmin, /api/appauth). */
export const deviceRoutes: FastifyPluginAsyncZod<{ service: DeviceService }> = async (app, { service }) => {
  app.get('/api/appenrollment', { schema: { tags, summary: 'The enrolled devices', response: { 200: z.object({ devices: z.array(enrolledDeviceSchema) }) } } }, async (req) =>
    service.list(customerOf(req).sub),
  );
  app.post(
    '/api/appenrollment',
    {
      schema: {
        tags,
        summary: 'Enrol the app on a device with an SMS TAN (authorisation of ENROLL_DEVICE); a repeat with the same Idempotency-Key returns the first answer',
        headers: idempotencyHeader,
        body: enrolDeviceRequestSchema,
        response: { 201: enrolledDeviceSchema },
      },
    },
    async (req, reply) => {
      const result = await service.enrol(customerOf(req).sub, req.body, idempotencyKeyOf(req, false));
      if (result.replayed) reply.header('idempotent-replayed', 'true');
      return reply.code(201).send(result.body);
    },
  );
  app.post(
    '/api/appenrollment/retire',
    { schema: { tags, summary: 'Retire a device with a TAN (authorisation of RETIRE_DEVICE)', body: retireDeviceRequestSchema } },
    async (req, reply) => {
      await service.retire(customerOf(req).sub, req.body);
      return reply.code(204).send();
    },
  );
  app.get('/api/mobileapp/pushadmin', { schema: { tags, summary: 'Which notification kinds are pushed to the app', response: { 200: pushSettingsSchema } } }, async (req) =>
    service.pushSettings(customerOf(req).sub),
  );
  app.put(
    '/api/mobileapp/pushadmin',
    { schema: { tags, summary: 'Choose which notification kinds are pushed to the app', body: pushSettingsSchema, response: { 200: pushSettingsSchema } } },
    async (req) => service.savePushSettings(customerOf(req).sub, req.body),
  );
  app.get('/api/appauth', { schema: { tags, summary: 'The default second factor and whether sign-ins need the app', response: { 200: appAuthSettingsSchema } } }, async (req) =>
    service.appAuth(customerOf(req).sub),
  );
  app.put(
    '/api/appauth',
    { schema: { tags, summary: 'Choose the default second factor and whether sign-ins need the app (both need an enrolled app)', body: appAuthSettingsSchema, response: { 200: appAuthSettingsSchema } } },
    async (req) => service.saveAppAuth(customerOf(req), req.body),
  );
  app.get('/api/appauth/session', { schema: { tags, summary: 'Whether this sign-in must be approved in the app, and whether it is', response: { 200: sessionStatusSchema } } }, async (req) =>
    service.sessionStatus(customerOf(req)),
  );
  app.post(
    '/api/appauth/session',
    { schema: { tags, summary: 'Mark this sign-in approved with the result of a SESSION_AUTH challenge approved in the app', body: authorisationFieldSchema, response: { 200: sessionStatusSchema } } },
    async (req) => service.approveSession(customerOf(req), req.body.authorisation),
  );
};
