import {
  appAuthSettingsSchema,
  enrolDeviceRequestSchema,
  enrolledDeviceSchema,
  enrolledDevicesSchema,
  pushSettingsSchema,
  retireDeviceRequestSchema,
  sessionApprovalSchema,
} from '../app-devices-contracts';
import { authorisationFieldSchema } from '../auth-contracts';
import { defineEndpoint, idempotencyHeaderSchema } from '../endpoint';

const tags = ['devices'];

/**
 * The Kontor app (spec §7 /api/appenrollment, /api/mobileapp/pushadmin, /api/appauth). The
 * development companion (/api/dev/app/…) is hidden from the document and keeps its own routes.
 */
export const deviceEndpoints = {
  list: defineEndpoint({ method: 'GET', path: '/api/appenrollment', tags, summary: 'The enrolled devices', status: 200, response: enrolledDevicesSchema }),
  enrol: defineEndpoint({
    method: 'POST',
    path: '/api/appenrollment',
    tags,
    summary: 'Enrol the app on a device with an SMS TAN (authorisation of ENROLL_DEVICE); a repeat with the same Idempotency-Key returns the first answer',
    headers: idempotencyHeaderSchema,
    body: enrolDeviceRequestSchema,
    status: 201,
    response: enrolledDeviceSchema,
  }),
  retire: defineEndpoint({
    method: 'POST',
    path: '/api/appenrollment/retire',
    tags,
    summary: 'Retire a device with a TAN (authorisation of RETIRE_DEVICE)',
    body: retireDeviceRequestSchema,
    status: 204,
  }),
  pushSettings: defineEndpoint({
    method: 'GET',
    path: '/api/mobileapp/pushadmin',
    tags,
    summary: 'Which notification kinds are pushed to the app',
    status: 200,
    response: pushSettingsSchema,
  }),
  savePushSettings: defineEndpoint({
    method: 'PUT',
    path: '/api/mobileapp/pushadmin',
    tags,
    summary: 'Choose which notification kinds are pushed to the app',
    body: pushSettingsSchema,
    status: 200,
    response: pushSettingsSchema,
  }),
  appAuth: defineEndpoint({
    method: 'GET',
    path: '/api/appauth',
    tags,
    summary: 'The default second factor and whether sign-ins need the app',
    status: 200,
    response: appAuthSettingsSchema,
  }),
  saveAppAuth: defineEndpoint({
    method: 'PUT',
    path: '/api/appauth',
    tags,
    summary: 'Choose the default second factor and whether sign-ins need the app (both need an enrolled app)',
    body: appAuthSettingsSchema,
    status: 200,
    response: appAuthSettingsSchema,
  }),
  session: defineEndpoint({
    method: 'GET',
    path: '/api/appauth/session',
    tags,
    summary: 'Whether this sign-in must be approved in the app, and whether it is',
    status: 200,
    response: sessionApprovalSchema,
  }),
  approveSession: defineEndpoint({
    method: 'POST',
    path: '/api/appauth/session',
    tags,
    summary: 'Mark this sign-in approved with the result of a SESSION_AUTH challenge approved in the app',
    body: authorisationFieldSchema,
    status: 200,
    response: sessionApprovalSchema,
  }),
};
