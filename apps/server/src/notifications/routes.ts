import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createPriceAlertSchema,
  notificationListSchema,
  notificationPreferencesSchema,
  notificationPreferencesUpdateSchema,
  priceAlertSchema,
} from '@kontor/domain/notifications';
import { customerOf } from '../platform/auth.ts';
import type { NotificationDelivery } from './delivery.ts';
import type { NotificationService } from './service.ts';

const idParams = z.object({ id: z.uuid('Unbekannte Kennung') });
const tags = ['notifications'];

export const notificationRoutes: FastifyPluginAsyncZod<{ service: NotificationService; delivery: NotificationDelivery }> = async (app, { service, delivery }) => {
  app.get(
    '/api/notification/preferences',
    { schema: { tags, summary: 'Per notification kind: in the app (bell), by e-mail, as a push to the Kontor app', response: { 200: notificationPreferencesSchema } } },
    async (req) => delivery.preferences(customerOf(req).sub),
  );
  app.put(
    '/api/notification/preferences',
    {
      schema: {
        tags,
        summary: 'Choose the channels of the kinds given (the others stay); the push column is the one /api/mobileapp/pushadmin shows',
        body: notificationPreferencesUpdateSchema,
        response: { 200: notificationPreferencesSchema },
      },
    },
    async (req) => delivery.savePreferences(customerOf(req).sub, req.body.kinds),
  );
  app.get('/api/notification', { schema: { tags, summary: 'Notifications, newest first, with the unread count', response: { 200: notificationListSchema } } }, async (req) =>
    service.list(customerOf(req).sub),
  );
  app.post('/api/notification/:id/read', { schema: { tags, summary: 'Mark a notification read', params: idParams } }, async (req, reply) => {
    await service.markRead(customerOf(req).sub, req.params.id);
    return reply.code(204).send();
  });
  app.delete('/api/notification/:id', { schema: { tags, summary: 'Delete a notification', params: idParams } }, async (req, reply) => {
    await service.remove(customerOf(req).sub, req.params.id);
    return reply.code(204).send();
  });
  app.get('/api/notification/alerts', { schema: { tags, summary: 'The customer’s price alerts', response: { 200: z.array(priceAlertSchema) } } }, async (req) =>
    service.alerts(customerOf(req).sub),
  );
  app.post(
    '/api/notification/alerts',
    { schema: { tags, summary: 'Create a price alert (above or below a price)', body: createPriceAlertSchema, response: { 201: priceAlertSchema } } },
    async (req, reply) => reply.code(201).send(await service.createAlert(customerOf(req).sub, req.body)),
  );
  app.delete('/api/notification/alerts/:id', { schema: { tags, summary: 'Delete a price alert', params: idParams } }, async (req, reply) => {
    await service.deleteAlert(customerOf(req).sub, req.params.id);
    return reply.code(204).send();
  });
};
