import { stepUpRequestSchema } from '../auth-contracts';
import { defineEndpoint } from '../endpoint';

const tags = ['auth'];

/** The session's activity, which money and authorisation calls need (PSD2 RTS Art. 4(3)(d)); the app shell reports it. */
export const sessionActivityEndpoints = {
  activity: defineEndpoint({
    method: 'POST',
    path: '/api/session/activity',
    tags,
    summary: 'The customer used the app (pointer or keyboard), reported at most once a minute; refused with SESSION_IDLE once the session is idle',
    status: 204,
  }),
  stepUp: defineEndpoint({
    method: 'POST',
    path: '/api/session/stepup',
    tags,
    summary: 'Confirm the session again after inactivity, with the result of the SESSION_AUTH or IDLE_STEP_UP challenge',
    body: stepUpRequestSchema,
    status: 204,
  }),
};
