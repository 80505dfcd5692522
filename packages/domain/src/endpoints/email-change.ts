import { z } from 'zod';
import { emailChangeAuthorisationSchema, emailChangeCodeSchema, emailChangeRequestSchema, emailChangeSchema, emailSettingSchema } from '../customer-settings-contracts';
import { defineEndpoint } from '../endpoint';

const tags = ['user'];
const params = z.object({ id: z.string().max(64) });

/** Change of the e-mail address: ask, authorise (kind EMAIL), confirm with the code sent to the new address. */
export const emailChangeEndpoints = {
  current: defineEndpoint({
    method: 'GET',
    path: '/api/user/email',
    tags,
    summary: 'The e-mail address in use and the change waiting to be finished',
    status: 200,
    response: emailSettingSchema,
  }),
  start: defineEndpoint({
    method: 'POST',
    path: '/api/user/email',
    tags,
    summary: 'Asks to change the e-mail address; next it is authorised as kind EMAIL with the answer’s id',
    body: emailChangeRequestSchema,
    status: 201,
    response: emailChangeSchema,
  }),
  authorise: defineEndpoint({
    method: 'POST',
    path: '/api/user/email/{id}/authorise',
    tags,
    summary: 'Takes the EMAIL authorisation and sends a 6-digit code to the new address',
    params,
    body: emailChangeAuthorisationSchema,
    status: 200,
    response: emailChangeSchema,
  }),
  confirm: defineEndpoint({
    method: 'POST',
    path: '/api/user/email/{id}/confirm',
    tags,
    summary: 'Confirms the change with the code from the new address; five wrong codes void it',
    params,
    body: emailChangeCodeSchema,
    status: 200,
    response: emailChangeSchema,
  }),
  cancel: defineEndpoint({ method: 'DELETE', path: '/api/user/email/{id}', tags, summary: 'Cancels a change not yet finished', params, status: 200, response: emailChangeSchema }),
};
