import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@kontor/domain/endpoints';
import { customerOf } from '../platform/auth.ts';
import { route } from '../platform/endpoint-route.ts';
import { idempotencyKeyOf } from '../platform/idempotency.ts';
import type { DeviceService } from './service.ts';

const e = endpoints.devices;

/** The Kontor app (spec §7 /api/appenrollment, /api/mobileapp/pushadmin, /api/appauth). */
export const deviceRoutes: FastifyPluginAsyncZod<{ service: DeviceService }> = async (app, { service }) => {
  route(app, e.list, async (req) => service.list(customerOf(req).sub));
  route(app, e.enrol, async (req, reply) => {
    const result = await service.enrol(customerOf(req).sub, req.body, idempotencyKeyOf(req, false));
    if (result.replayed) reply.header('idempotent-replayed', 'true');
    return result.body;
  });
  route(app, e.retire, async (req) => service.retire(customerOf(req).sub, req.body));
  route(app, e.pushSettings, async (req) => service.pushSettings(customerOf(req).sub));
  route(app, e.savePushSettings, async (req) => service.savePushSettings(customerOf(req).sub, req.body));
  route(app, e.appAuth, async (req) => service.appAuth(customerOf(req).sub));
  route(app, e.saveAppAuth, async (req) => service.saveAppAuth(customerOf(req), req.body));
  route(app, e.session, async (req) => service.sessionStatus(customerOf(req)));
  route(app, e.approveSession, async (req) => service.approveSession(customerOf(req), req.body.authorisation));
};
