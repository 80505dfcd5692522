import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@kontor/domain/endpoints';
import { customerOf } from '../platform/auth.ts';
import { route } from '../platform/endpoint-route.ts';
import type { StepUpService } from './step-up.ts';

const e = endpoints.sessionActivity;
const limited = { config: { rateLimit: { max: 30, timeWindow: '1 minute' } } };

/** The session's activity, which money and authorisation calls need (PSD2 RTS Art. 4(3)(d)). */
export const stepUpRoutes: FastifyPluginAsyncZod<{ service: StepUpService }> = async (app, { service }) => {
  route(app, e.activity, async (req) => service.reportActivity(customerOf(req)), limited);
  route(app, e.stepUp, async (req) => service.stepUp(customerOf(req), req.body), limited);
};
