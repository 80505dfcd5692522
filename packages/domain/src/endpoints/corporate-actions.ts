import { defineEndpoint } from '../endpoint';
import { caAnnouncementListSchema, caAnnouncementSchema, caEventIdParamsSchema, caInstructionRequestSchema, caPreviewSchema } from '../ca-contracts';

const tags = ['corporate-actions'];

/** Kapitalmaßnahmen (spec §7): the customer's events, the preview of an instruction, the instruction. */
export const corporateActionEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/ca/ankuendigung',
    tags,
    summary: 'The corporate actions the customer is entitled to, open ones first, then by deadline',
    status: 200,
    response: caAnnouncementListSchema,
  }),
  detail: defineEndpoint({
    method: 'GET',
    path: '/api/ca/ankuendigung/{id}',
    tags,
    summary: 'One corporate action with the customer’s entitlement, instruction and documents (404 unless entitled)',
    params: caEventIdParamsSchema,
    status: 200,
    response: caAnnouncementSchema,
  }),
  preview: defineEndpoint({
    method: 'POST',
    path: '/api/ca/weisungvorschauanfordern',
    tags,
    summary: 'What an instruction would book now: shares in and out, rights, cash, costs, tax; nothing is written',
    body: caInstructionRequestSchema,
    status: 200,
    response: caPreviewSchema,
  }),
  instruct: defineEndpoint({
    method: 'POST',
    path: '/api/ca/weisungerteilen',
    tags,
    summary: 'Gives or replaces the instruction until the deadline; one that debits cash needs a CA_INSTRUCTION authorisation and reserves the cash at once',
    body: caInstructionRequestSchema,
    status: 200,
    response: caAnnouncementSchema,
  }),
};
