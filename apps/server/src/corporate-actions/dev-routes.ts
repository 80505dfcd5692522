import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caAnnouncementSchema, caTypeSchema } from '@kontor/domain/ca-contracts';
import { isinSchema } from '@kontor/domain/instrument';
import { customerOf } from '../platform/auth.ts';
import { AppError } from '../platform/errors.ts';
import type { Custodian } from './custodian.ts';
import type { CaService } from './service.ts';

const tags = ['development'];

/** Development only (DEV_TOOLS): the custodian announces a corporate action now. */
export const caDevRoutes: FastifyPluginAsyncZod<{ custodian: Custodian; service: CaService; holds: (sub: string, isin: string) => Promise<boolean> }> = async (app, d) => {
  app.post(
    '/api/dev/ca/announce',
    {
      schema: {
        tags,
        summary: 'Development only: the custodian announces a corporate action of this type on a share the customer holds, at once, to every holder',
        body: z.object({ isin: isinSchema, type: caTypeSchema }),
        response: { 200: caAnnouncementSchema },
      },
    },
    async (req) => {
      const { sub } = customerOf(req);
      if (!(await d.holds(sub, req.body.isin))) throw new AppError(422, 'Sie haben dieses Wertpapier nicht im Depot.');
      const announced = await d.custodian.announceNow(req.body.isin, req.body.type);
      if (!announced) throw new AppError(422, 'Für dieses Wertpapier liegt derzeit kein Kurs vor.');
      return d.service.detail(sub, announced.eventId);
    },
  );
};
