import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import {
  authorisationResultSchema,
  challengeStatusSchema,
  tanChallengeSchema,
  type AuthorisationPayload,
  type AuthorisationResult,
  type ChallengeStatus,
  type StepUpRequest,
  type TanChallenge,
} from '@kontor/domain/auth-contracts';
import { appAuthSettingsSchema, enrolledDeviceSchema, type AppAuthSettings, type EnrolledDevice } from '@kontor/domain/app-devices-contracts';
import { api } from '../../lib/api-client';

/**
 * The ticket calls of strong customer authentication (spec §7) and the two reads the dialog needs
 * (enrolled apps, default factor). Ticket calls skip the global error handler (spec §7/§8): the
 * dialog shows the German message at the TAN field, not as a toast.
 */

export type { AuthorisationPayload, AuthorisationResult, ChallengeStatus, TanChallenge, EnrolledDevice, AppAuthSettings };

/** How often the browser asks whether the app answered. */
export const APP_POLL_MS = 1_500;

export const authorisationKeys = {
  devices: ['app-devices', 'devices'],
  appAuth: ['app-devices', 'appauth'],
  session: ['app-devices', 'session'],
} as const;

const quiet = { skipGlobalErrorHandler: true } as const;

/** POST /api/ticket/requesttan: a new challenge by SMS, or by a call that speaks the TAN. */
export async function requestTan(payload: AuthorisationPayload, useSpeech = false): Promise<TanChallenge> {
  const answer = await api.request<unknown>('POST', '/api/ticket/requesttan', { ...quiet, body: payload, query: { useSpeech } });
  return tanChallengeSchema.parse(answer);
}

/** POST /api/ticket/requestauth: push the challenge to the enrolled app with this serial. */
export async function requestAppAuth(ticket: string, serialForAppAuth: string): Promise<TanChallenge | null> {
  const answer = await api.request<unknown>('POST', '/api/ticket/requestauth', { ...quiet, body: { ticket, serialForAppAuth } });
  const parsed = tanChallengeSchema.safeParse(answer);
  return parsed.success ? parsed.data : null;
}

/** GET /api/ticket/challenges/{ticket}: where the challenge stands (the app's answer, locked, expired). */
export async function fetchChallengeStatus(ticket: string, signal?: AbortSignal): Promise<ChallengeStatus> {
  const answer = await api.request<unknown>('GET', `/api/ticket/challenges/${encodeURIComponent(ticket)}`, { ...quiet, signal });
  return challengeStatusSchema.parse(answer);
}

/** POST /api/ticket/verify: the TAN (or '' and the app's authorizationId) → the result an action carries. */
export async function verifyTicket(verification: { ticket: string; tan: string; authorizationId?: string }): Promise<AuthorisationResult> {
  const answer = await api.request<unknown>('POST', '/api/ticket/verify', { ...quiet, body: verification });
  return authorisationResultSchema.parse(answer);
}

/** POST /api/ticket/verifychangedmobilenr: the TAN that went to a new mobile number (no app, no authorizationId). */
export async function verifyChangedMobileNumber(verification: { ticket: string; tan: string }): Promise<AuthorisationResult> {
  const answer = await api.request<unknown>('POST', '/api/ticket/verifychangedmobilenr', { ...quiet, body: verification });
  return authorisationResultSchema.parse(answer);
}

/** Ask the app: a challenge, pushed to the device. The SMS challenge becomes an app challenge. */
export async function askApp(payload: AuthorisationPayload, serial: string): Promise<TanChallenge> {
  const challenge = await requestTan(payload, false);
  const pushed = await requestAppAuth(challenge.ticket, serial);
  return pushed ?? { ...challenge, channel: 'APP' };
}

const devicesAnswerSchema = z.object({ devices: z.array(enrolledDeviceSchema) });

export async function fetchEnrolledDevices(signal?: AbortSignal): Promise<EnrolledDevice[]> {
  return devicesAnswerSchema.parse(await api.request<unknown>('GET', '/api/appenrollment', { ...quiet, signal })).devices;
}

export async function fetchAppAuthSettings(signal?: AbortSignal): Promise<AppAuthSettings> {
  return appAuthSettingsSchema.parse(await api.request<unknown>('GET', '/api/appauth', { ...quiet, signal }));
}

/** The customer's enrolled Kontor apps (GET /api/appenrollment). */
export function useEnrolledDevices() {
  return useQuery({ queryKey: authorisationKeys.devices, queryFn: ({ signal }) => fetchEnrolledDevices(signal), retry: 1 });
}

/** The default second factor and whether sign-ins need the app (GET /api/appauth). */
export function useAppAuthSettings() {
  return useQuery({ queryKey: authorisationKeys.appAuth, queryFn: ({ signal }) => fetchAppAuthSettings(signal), retry: 1 });
}

const sessionApprovalSchema = z.object({ required: z.boolean(), approved: z.boolean() });
export type SessionApproval = z.infer<typeof sessionApprovalSchema>;

/** GET /api/appauth/session: must this browser session still be approved in the app? */
export async function fetchSessionApproval(signal?: AbortSignal): Promise<SessionApproval> {
  return sessionApprovalSchema.parse(await api.request<unknown>('GET', '/api/appauth/session', { ...quiet, signal }));
}

/** POST /api/appauth/session: the result of a SESSION_AUTH challenge approves this session. */
export async function approveSession(authorisation: AuthorisationResult): Promise<void> {
  await api.request('POST', '/api/appauth/session', { ...quiet, body: { authorisation } });
}

/**
 * POST /api/session/stepup: the result of the step-up after inactivity (SESSION_AUTH in the app, or
 * the IDLE_STEP_UP TAN) makes the server accept money and authorisation calls again.
 */
export async function confirmStepUp(step: StepUpRequest['step'], authorisation: AuthorisationResult): Promise<void> {
  await api.request('POST', '/api/session/stepup', { ...quiet, stepUp: false, body: { step, authorisation } });
}

