import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@kontor/domain/endpoints';
import { customerOf } from '../platform/auth.ts';
import { route } from '../platform/endpoint-route.ts';
import type { CaService } from './service.ts';

const e = endpoints.corporateActions;

/** Kapitalmaßnahmen (spec §7): the customer's events, the preview of an instruction, the instruction. */
export const caRoutes: FastifyPluginAsyncZod<{ service: CaService }> = async (app, { service }) => {
  route(app, e.list, async (req) => service.list(customerOf(req).sub));
  route(app, e.detail, async (req) => service.detail(customerOf(req).sub, req.params.id));
  route(app, e.preview, async (req) => service.preview(customerOf(req).sub, req.body));
  route(app, e.instruct, async (req) => service.instruct(customerOf(req).sub, req.body), { config: { leader: true } });
};
