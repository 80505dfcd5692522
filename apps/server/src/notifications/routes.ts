import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@kontor/domain/endpoints';
import { customerOf } from '../platform/auth.ts';
import { route } from '../platform/endpoint-route.ts';
import type { NotificationDelivery } from './delivery.ts';
import type { NotificationService } from './service.ts';

const e = endpoints.notifications;

export const notificationRoutes: FastifyPluginAsyncZod<{ service: NotificationService; delivery: NotificationDelivery }> = async (app, { service, delivery }) => {
  route(app, e.preferences, async (req) => delivery.preferences(customerOf(req).sub));
  route(app, e.savePreferences, async (req) => delivery.savePreferences(customerOf(req).sub, req.body.kinds));
  route(app, e.list, async (req) => service.list(customerOf(req).sub));
  route(app, e.markRead, async (req) => service.markRead(customerOf(req).sub, req.params.id));
  route(app, e.remove, async (req) => service.remove(customerOf(req).sub, req.params.id));
  route(app, e.alerts, async (req) => service.alerts(customerOf(req).sub));
  route(app, e.createAlert, async (req) => service.createAlert(customerOf(req).sub, req.body));
  route(app, e.removeAlert, async (req) => service.deleteAlert(customerOf(req).sub, req.params.id));
};
