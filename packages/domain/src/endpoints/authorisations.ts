import { z } from 'zod';
import {
  appAuthRequestSchema,
  authorisationPayloadSchema,
  authorisationResultSchema,
  challengeStatusSchema,
  changedMobileNumberVerificationSchema,
  requestTanQuerySchema,
  tanChallengeSchema,
  ticketVerificationSchema,
} from '../auth-contracts';
import { defineEndpoint } from '../endpoint';

const tags = ['ticket'];

/**
 * The ticket calls of spec §7: ask for a TAN or the app, answer it, see where it stands. The
 * mobile-number check (/api/user/checkmobilenr) stays out: its schema brings libphonenumber along.
 */
export const authorisationEndpoints = {
  requestTan: defineEndpoint({
    method: 'POST',
    path: '/api/ticket/requesttan',
    tags,
    summary: 'Start a challenge for what the body authorises; the TAN goes by SMS, or by voice call with useSpeech=true',
    query: requestTanQuerySchema,
    body: authorisationPayloadSchema,
    status: 200,
    response: tanChallengeSchema,
  }),
  verify: defineEndpoint({
    method: 'POST',
    path: '/api/ticket/verify',
    tags,
    summary: 'Answer a challenge with its TAN, or with the authorizationId the app approved',
    body: ticketVerificationSchema,
    status: 200,
    response: authorisationResultSchema,
  }),
  verifyChangedMobileNumber: defineEndpoint({
    method: 'POST',
    path: '/api/ticket/verifychangedmobilenr',
    tags,
    summary: 'Answer a challenge whose TAN went to a new mobile number',
    body: changedMobileNumberVerificationSchema,
    status: 200,
    response: authorisationResultSchema,
  }),
  requestAppAuth: defineEndpoint({
    method: 'POST',
    path: '/api/ticket/requestauth',
    tags,
    summary: 'Ask the Kontor app on an enrolled device to approve the challenge',
    body: appAuthRequestSchema,
    status: 200,
    response: tanChallengeSchema,
  }),
  challengeStatus: defineEndpoint({
    method: 'GET',
    path: '/api/ticket/challenges/{ticket}',
    tags,
    summary: 'Where a challenge stands (polled while the app is asked)',
    params: z.object({ ticket: z.string().max(64) }),
    status: 200,
    response: challengeStatusSchema,
  }),
};
