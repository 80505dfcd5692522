import type { SessionApproval } from '@kontor/domain/app-devices-contracts';
import type { deviceEndpoints } from '@kontor/domain/endpoints/devices';
import { api } from '../../lib/api-client';

/** The query key of the session approval (authorisation-api's `authorisationKeys.session`). */
export const sessionApprovalKey = ['app-devices', 'session'] as const;

/**
 * GET /api/appauth/session: must this browser session still be approved in the app? Every
 * signed-in page's first load asks, so unparsed and apart from the other authorisation calls
 * (decision 041).
 */
export function fetchSessionApproval(signal?: AbortSignal): Promise<SessionApproval> {
  return api.callUnparsed<typeof deviceEndpoints.session>({ method: 'GET', path: '/api/appauth/session' }, { skipGlobalErrorHandler: true, signal });
}
