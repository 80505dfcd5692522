import type { AreaBase } from '../platform/area-context.ts';
import type { FastifyInstance } from 'fastify';
import type { AuthorisationService } from '../authorisations/service.ts';
import type { NotificationDelivery } from '../notifications/delivery.ts';
import { deviceDevRoutes } from './dev-routes.ts';
import { deviceRoutes } from './routes.ts';
import { type DeviceService, deviceService } from './service.ts';
import { deviceStore } from './store.ts';

declare module 'fastify' {
  interface FastifyInstance {
    devices: DeviceService;
  }
}

/** The Kontor app: enrolment, approvals of sign-ins and authorisations, pushes. */
export async function registerDevices(
  app: FastifyInstance,
  ctx: AreaBase & { authorisations: AuthorisationService; delivery: NotificationDelivery },
): Promise<{ devices: DeviceService }> {
  const { config, db, clock, authorisations, delivery } = ctx;
  const devices = deviceService({ db, store: deviceStore(db), clock, authorisations, push: delivery });
  app.decorate('devices', devices);
  await app.register(deviceRoutes, { service: devices });
  if (config.devTools) await app.register(deviceDevRoutes, { devices, authorisations, clock, pushesOf: delivery.pushesOf });
  return { devices };
}
