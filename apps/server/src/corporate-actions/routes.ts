import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  caAnnouncementListSchema,
  caAnnouncementSchema,
  caEventIdParamsSchema,
  caInstructionRequestSchema,
  caPreviewSchema,
} from '@kontor/domain/ca-contracts';
import { customerOf } from '../platform/auth.ts';
import type { CaService } from './service.ts';

const tags = ['corporate-actions'];

/** Kapitalmaßnahmen (spec §7): the customer's events, the preview of an instruction, the instruction. */
export const caRoutes: FastifyPluginAsyncZod<{ service: CaService }> = async (app, { service }) => {
  app.get(
    '/api/ca/ankuendigung',
    { schema: { tags, summary: 'The corporate actions the customer is entitled to, open ones first, then by deadline', response: { 200: caAnnouncementListSchema } } },
    async (req) => service.list(customerOf(req).sub),
  );
  app.get(
    '/api/ca/ankuendigung/:id',
    {
      schema: { tags, summary: 'One corporate action with the customer’s entitlement, instruction and documents (404 unless entitled)', params: caEventIdParamsSchema, response: { 200: caAnnouncementSchema } },
    },
    async (req) => service.detail(customerOf(req).sub, req.params.id),
  );
  app.post(
    '/api/ca/weisungvorschauanfordern',
    {
      schema: {
        tags,
        summary: 'What an instruction would book now: shares in and out, rights, cash, costs, tax; nothing is written',
        body: caInstructionRequestSchema,
        response: { 200: caPreviewSchema },
      },
    },
    async (req) => service.preview(customerOf(req).sub, req.body),
  );
  app.post(
    '/api/ca/weisungerteilen',
    { config: { leader: true },
      schema: {
        tags,
        summary: 'Gives or replaces the instruction until the deadline; one that debits cash needs a CA_INSTRUCTION authorisation and reserves the cash at once',
        body: caInstructionRequestSchema,
        response: { 200: caAnnouncementSchema },
      },
    },
    async (req) => service.instruct(customerOf(req).sub, req.body),
  );
};
