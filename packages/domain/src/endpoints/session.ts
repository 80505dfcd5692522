import { defineEndpoint } from '../endpoint';
import { profileSchema, sessionRequestSchema, sessionSchema } from '../session-contracts';

const tags = ['auth'];

/** The API session the sign-in opens, and the signed-in customer (spec §4, §9). */
export const sessionEndpoints = {
  login: defineEndpoint({ method: 'POST', path: '/api/auth/login', tags, summary: 'Open the API session with a fresh access token', body: sessionRequestSchema, status: 200, response: sessionSchema }),
  tokenRefresh: defineEndpoint({
    method: 'POST',
    path: '/api/auth/tokenrefresh',
    tags,
    summary: 'Replace the session token after a refresh',
    body: sessionRequestSchema,
    status: 200,
    response: sessionSchema,
  }),
  logout: defineEndpoint({ method: 'DELETE', path: '/api/auth', tags, summary: 'Close the API session', status: 204 }),
  me: defineEndpoint({ method: 'GET', path: '/api/user/me', tags: ['user'], summary: 'The signed-in customer', status: 200, response: profileSchema }),
};
