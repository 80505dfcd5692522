import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { authorizationRequestSchema, consentDecisionSchema, consentInfoSchema, consentResultSchema, oauthGrantSchema } from '../oauth-contracts';

const tags = ['oauth'];

/**
 * The JSON calls of Kontor as an OAuth 2 authorization server (decision 023): the consent page and
 * the connected applications. The wire protocol (authorize redirect, token, JWKS) keeps its own routes.
 */
export const oauthEndpoints = {
  consentInfo: defineEndpoint({
    method: 'GET',
    path: '/api/oauth2/authenticate',
    tags,
    summary: 'What the consent page shows: the application and what it asks to read',
    query: authorizationRequestSchema,
    status: 200,
    response: consentInfoSchema,
  }),
  decide: defineEndpoint({
    method: 'POST',
    path: '/api/oauth2/authenticate',
    tags,
    summary: 'The signed-in customer allows or denies the request; gives where the browser goes next',
    body: consentDecisionSchema,
    status: 200,
    response: consentResultSchema,
  }),
  grants: defineEndpoint({ method: 'GET', path: '/api/oauthsession', tags, summary: 'The customer’s connected applications (grants)', status: 200, response: z.array(oauthGrantSchema) }),
  revoke: defineEndpoint({
    method: 'DELETE',
    path: '/api/oauthsession/{id}',
    tags,
    summary: 'Revoke a grant: its tokens stop working at once',
    params: z.object({ id: z.uuid('Unbekannte Verbindung') }),
    status: 204,
  }),
};
