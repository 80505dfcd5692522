import { defineEndpoint } from '../endpoint';
import { taxSettingsRequestSchema, taxSettingsSchema, taxYearQuerySchema, taxYearViewSchema } from '../tax-contracts';

const tags = ['tax'];

/** The customer's tax year and the Kirchensteuermerkmal. */
export const taxEndpoints = {
  year: defineEndpoint({
    method: 'GET',
    path: '/api/tax',
    tags,
    summary: 'The tax year: allowance used and remaining, loss pots, tax paid, foreign tax credited, each taxed event with its calculation',
    query: taxYearQuerySchema,
    status: 200,
    response: taxYearViewSchema,
  }),
  settings: defineEndpoint({ method: 'GET', path: '/api/tax/settings', tags, summary: 'The Kirchensteuermerkmal of this year and from the next', status: 200, response: taxSettingsSchema }),
  saveSettings: defineEndpoint({
    method: 'PUT',
    path: '/api/tax/settings',
    tags,
    summary: 'Sets the Kirchensteuermerkmal (none, 8 % or 9 %) from the next year on',
    body: taxSettingsRequestSchema,
    status: 200,
    response: taxSettingsSchema,
  }),
};
