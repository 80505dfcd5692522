import { useQuery } from '@tanstack/react-query';
import type {
  AuthorisationPayload,
  AuthorisationResult,
  ChallengeStatus,
  StepUpRequest,
  TanChallenge,
} from '@kontor/domain/auth-contracts';
import type { AppAuthSettings, EnrolledDevice, SessionApproval } from '@kontor/domain/app-devices-contracts';
import { authorisationEndpoints as ticket } from '@kontor/domain/endpoints/authorisations';
import { deviceEndpoints as devices } from '@kontor/domain/endpoints/devices';
import { sessionActivityEndpoints } from '@kontor/domain/endpoints/session-activity';
import { api } from '../../lib/api-client';

/**
 * The ticket calls of strong customer authentication (spec §7) and the two reads the dialog needs
 * (enrolled apps, default factor). Ticket calls skip the global error handler (spec §7/§8): the
 * dialog shows the German message at the TAN field, not as a toast.
 */

export type { AuthorisationPayload, AuthorisationResult, ChallengeStatus, TanChallenge, EnrolledDevice, AppAuthSettings, SessionApproval };

/** How often the browser asks whether the app answered. */
export const APP_POLL_MS = 1_500;

export const authorisationKeys = {
  devices: ['app-devices', 'devices'],
  appAuth: ['app-devices', 'appauth'],
  session: ['app-devices', 'session'],
} as const;

const quiet = { skipGlobalErrorHandler: true } as const;

/** POST /api/ticket/requesttan: a new challenge by SMS, or by a call that speaks the TAN. */
export function requestTan(payload: AuthorisationPayload, useSpeech = false): Promise<TanChallenge> {
  return api.call(ticket.requestTan, { ...quiet, body: payload, query: { useSpeech: useSpeech ? 'true' : 'false' } });
}

/** POST /api/ticket/requestauth: push the challenge to the enrolled app with this serial. */
export function requestAppAuth(challenge: string, serialForAppAuth: string): Promise<TanChallenge> {
  return api.call(ticket.requestAppAuth, { ...quiet, body: { ticket: challenge, serialForAppAuth } });
}

/** GET /api/ticket/challenges/{ticket}: where the challenge stands (the app's answer, locked, expired). */
export function fetchChallengeStatus(challenge: string, signal?: AbortSignal): Promise<ChallengeStatus> {
  return api.call(ticket.challengeStatus, { ...quiet, params: { ticket: challenge }, signal });
}

/** POST /api/ticket/verify: the TAN (or '' and the app's authorizationId) → the result an action carries. */
export function verifyTicket(verification: { ticket: string; tan: string; authorizationId?: string }): Promise<AuthorisationResult> {
  return api.call(ticket.verify, { ...quiet, body: verification });
}

/** POST /api/ticket/verifychangedmobilenr: the TAN that went to a new mobile number (no app, no authorizationId). */
export function verifyChangedMobileNumber(verification: { ticket: string; tan: string }): Promise<AuthorisationResult> {
  return api.call(ticket.verifyChangedMobileNumber, { ...quiet, body: verification });
}

/** Ask the app: a challenge, pushed to the device. The SMS challenge becomes an app challenge. */
export async function askApp(payload: AuthorisationPayload, serial: string): Promise<TanChallenge> {
  const challenge = await requestTan(payload, false);
  return requestAppAuth(challenge.ticket, serial);
}

export async function fetchEnrolledDevices(signal?: AbortSignal): Promise<EnrolledDevice[]> {
  return (await api.call(devices.list, { ...quiet, signal })).devices;
}

export function fetchAppAuthSettings(signal?: AbortSignal): Promise<AppAuthSettings> {
  return api.call(devices.appAuth, { ...quiet, signal });
}

/** The customer's enrolled Kontor apps (GET /api/appenrollment). */
export function useEnrolledDevices() {
  return useQuery({ queryKey: authorisationKeys.devices, queryFn: ({ signal }) => fetchEnrolledDevices(signal), retry: 1 });
}

/** The default second factor and whether sign-ins need the app (GET /api/appauth). */
export function useAppAuthSettings() {
  return useQuery({ queryKey: authorisationKeys.appAuth, queryFn: ({ signal }) => fetchAppAuthSettings(signal), retry: 1 });
}

/** GET /api/appauth/session: must this browser session still be approved in the app? */
export function fetchSessionApproval(signal?: AbortSignal): Promise<SessionApproval> {
  return api.call(devices.session, { ...quiet, signal });
}

/** POST /api/appauth/session: the result of a SESSION_AUTH challenge approves this session. */
export async function approveSession(authorisation: AuthorisationResult): Promise<void> {
  await api.call(devices.approveSession, { ...quiet, body: { authorisation } });
}

/**
 * POST /api/session/stepup: the result of the step-up after inactivity (SESSION_AUTH in the app, or
 * the IDLE_STEP_UP TAN) makes the server accept money and authorisation calls again.
 */
export async function confirmStepUp(step: StepUpRequest['step'], authorisation: AuthorisationResult): Promise<void> {
  await api.call(sessionActivityEndpoints.stepUp, { ...quiet, stepUp: false, body: { step, authorisation } });
}

