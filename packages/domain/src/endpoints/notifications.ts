import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import {
  createPriceAlertSchema,
  notificationListSchema,
  notificationPreferencesSchema,
  notificationPreferencesUpdateSchema,
  priceAlertSchema,
} from '../notifications';

const tags = ['notifications'];
const idParams = z.object({ id: z.uuid('Unbekannte Kennung') });

/** The bell: notifications, their channels per kind, and price alerts (spec: Benachrichtigungen). */
export const notificationEndpoints = {
  preferences: defineEndpoint({
    method: 'GET',
    path: '/api/notification/preferences',
    tags,
    summary: 'Per notification kind: in the app (bell), by e-mail, as a push to the Kontor app',
    status: 200,
    response: notificationPreferencesSchema,
  }),
  savePreferences: defineEndpoint({
    method: 'PUT',
    path: '/api/notification/preferences',
    tags,
    summary: 'Choose the channels of the kinds given (the others stay); the push column is the one /api/mobileapp/pushadmin shows',
    body: notificationPreferencesUpdateSchema,
    status: 200,
    response: notificationPreferencesSchema,
  }),
  list: defineEndpoint({ method: 'GET', path: '/api/notification', tags, summary: 'Notifications, newest first, with the unread count', status: 200, response: notificationListSchema }),
  markRead: defineEndpoint({ method: 'POST', path: '/api/notification/{id}/read', tags, summary: 'Mark a notification read', params: idParams, status: 204 }),
  remove: defineEndpoint({ method: 'DELETE', path: '/api/notification/{id}', tags, summary: 'Delete a notification', params: idParams, status: 204 }),
  alerts: defineEndpoint({ method: 'GET', path: '/api/notification/alerts', tags, summary: 'The customer’s price alerts', status: 200, response: z.array(priceAlertSchema) }),
  createAlert: defineEndpoint({
    method: 'POST',
    path: '/api/notification/alerts',
    tags,
    summary: 'Create a price alert (above or below a price)',
    body: createPriceAlertSchema,
    status: 201,
    response: priceAlertSchema,
  }),
  removeAlert: defineEndpoint({ method: 'DELETE', path: '/api/notification/alerts/{id}', tags, summary: 'Delete a price alert', params: idParams, status: 204 }),
};
