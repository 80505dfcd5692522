import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { taxSettingsRequestSchema, taxSettingsSchema, taxYearQuerySchema, taxYearViewSchema } from '@kontor/domain/tax-contracts';
import { customerOf } from '../platform/auth.ts';
import type { TaxService } from './service.ts';

export const taxRoutes: FastifyPluginAsyncZod<{ service: TaxService }> = async (app, { service }) => {
  app.get(
    '/api/tax',
    {
      schema: {
        tags: ['tax'],
        summary: 'The tax year: allowance used and remaining, loss pots, tax paid, foreign tax credited, each taxed event with its calculation',
        querystring: taxYearQuerySchema,
        response: { 200: taxYearViewSchema },
      },
    },
    async (req) => service.view(customerOf(req).sub, req.query.year),
  );
  app.get(
    '/api/tax/settings',
    { schema: { tags: ['tax'], summary: 'The Kirchensteuermerkmal of this year and from the next', response: { 200: taxSettingsSchema } } },
    async (req) => service.settings(customerOf(req).sub),
  );
  app.put(
    '/api/tax/settings',
    {
      schema: { tags: ['tax'], summary: 'Sets the Kirchensteuermerkmal (none, 8 % or 9 %) from the next year on', body: taxSettingsRequestSchema, response: { 200: taxSettingsSchema } },
    },
    async (req) => service.setChurchTax(customerOf(req).sub, req.body.churchTax),
  );
};
