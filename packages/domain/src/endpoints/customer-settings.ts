import { defineEndpoint } from '../endpoint';
import { adAgreeSchema, customerSettingsSchema, languageSettingSchema, userPreferencesSchema, userPreferencesUpdateSchema } from '../customer-settings-contracts';

const tags = ['user'];

/** The customer's settings: what service requests change, and the customer's own preferences. */
export const customerSettingsEndpoints = {
  settings: defineEndpoint({
    method: 'GET',
    path: '/api/usersettings',
    tags,
    summary: 'The customer’s data that service requests change: address, tax residences, Freistellungsaufträge, due date, confirmations',
    status: 200,
    response: customerSettingsSchema,
  }),
  savePreferences: defineEndpoint({
    method: 'PUT',
    path: '/api/usersettings',
    tags,
    summary: 'Changes the customer’s own preferences: theme and the order ticket’s default validity',
    body: userPreferencesUpdateSchema,
    status: 200,
    response: userPreferencesSchema,
  }),
  language: defineEndpoint({ method: 'GET', path: '/api/user/lc', tags, summary: 'The customer’s language', status: 200, response: languageSettingSchema }),
  saveLanguage: defineEndpoint({
    method: 'PUT',
    path: '/api/user/lc',
    tags,
    summary: 'Stores the customer’s language (de or en)',
    body: languageSettingSchema,
    status: 200,
    response: languageSettingSchema,
  }),
  toggleAdAgree: defineEndpoint({
    method: 'POST',
    path: '/api/user/toggleadagree',
    tags,
    summary: 'Switches the advertising consent; the new state and when it changed',
    status: 200,
    response: adAgreeSchema,
  }),
};
