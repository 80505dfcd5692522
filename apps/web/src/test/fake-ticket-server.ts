import { NOTIFICATION_KINDS } from '@kontor/domain/notifications';
import { vi } from 'vitest';
import { CONFIRM_NEW_NUMBER } from '@kontor/domain/service-requests';
import type { AuthorisationPayload, ChallengeState } from '@kontor/domain/auth-contracts';
import type { AppAuthSettings, EnrolledDevice } from '@kontor/domain/app-devices-contracts';
import { configureApi, createApiClient } from '../lib/api-client';
import { jsonResponse } from './fixtures';

type Challenge = {
  ticket: string;
  payload: AuthorisationPayload;
  channel: 'SMS' | 'VOICE' | 'APP';
  sentTo: string;
  tan: string;
  state: ChallengeState;
  attemptsLeft: number;
  authorizationId?: string;
};

/** The second challenge of a MOBILE_NUMBER request (`newMobileNumberProofData`): its TAN goes to the new number. */
const isNewNumberProof = (payload: unknown): boolean => {
  const p = payload as { type?: unknown; data?: Record<string, unknown> } | undefined;
  return p?.type === 'TICKET' && p.data?.[CONFIRM_NEW_NUMBER] === true;
};

/**
 * The server side of strong authentication, in memory, as the web app talks to it: the ticket
 * calls, the enrolled apps, /api/appauth and push settings. Tests play the phone with `approve`
 * / `deny` and read the TAN from `challenges`. Installed as the app's API client.
 */
export function installFakeTicketServer(
  initial: {
    devices?: EnrolledDevice[];
    settings?: Partial<AppAuthSettings>;
    session?: { required: boolean; approved: boolean };
    /** The calls of the feature under test (e.g. the money routes); undefined passes on to the ticket server. */
    routes?: (method: string, url: URL, body: Record<string, unknown> | undefined, init: RequestInit) => Response | Promise<Response> | undefined;
  } = {},
) {
  const state = {
    challenges: [] as Challenge[],
    devices: [...(initial.devices ?? [])],
    settings: { defaultFactor: 'SMS', approveSignIns: false, ...initial.settings } as AppAuthSettings,
    push: { kinds: Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, k !== 'MONEY'])) } as { kinds: Record<string, boolean> },
    session: initial.session ?? { required: false, approved: false },
    calls: [] as { method: string; path: string; body: unknown }[],
  };
  let next = 1;
  const status = (c: Challenge) => ({
    ticket: c.ticket,
    channel: c.channel,
    sentTo: c.sentTo,
    summary: 'Auszahlung 100,00 € an DE89 •••• 3000',
    expiresAt: '2026-11-25T10:05:00.000Z',
    attemptsLeft: c.attemptsLeft,
    state: c.state,
    ...(c.authorizationId ? { authorizationId: c.authorizationId } : {}),
  });
  const find = (ticket: unknown) => state.challenges.find((c) => c.ticket === ticket);
  const unprocessable = (message: string) => jsonResponse({ message }, { status: 422 });

  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init.method ?? 'GET';
    // An upload (FormData) stays in init.body for the feature's own routes.
    const body = (typeof init.body === 'string' ? JSON.parse(init.body) : undefined) as Record<string, unknown> | undefined;
    const path = url.pathname;
    state.calls.push({ method, path, body });
    const own = await initial.routes?.(method, url, body, init);
    if (own) return own;
    if (path === '/api/ticket/requesttan') {
      const voice = url.searchParams.get('useSpeech') === 'true';
      const c: Challenge = {
        ticket: `t-${next}`,
        payload: body as AuthorisationPayload,
        channel: voice ? 'VOICE' : 'SMS',
        // Only the proof of a new mobile number goes to that number; everything else to the current one.
        sentTo: isNewNumberProof(body) ? '+49 ••• ••••567' : '+49 ••• 5678',
        tan: String(100000 + next++),
        state: 'PENDING',
        attemptsLeft: 5,
      };
      state.challenges.push(c);
      return jsonResponse(status(c));
    }
    if (path === '/api/ticket/requestauth') {
      const c = find(body?.ticket);
      const device = state.devices.find((d) => d.serial === body?.serialForAppAuth);
      if (!c || !device) return jsonResponse({ message: 'Nicht gefunden' }, { status: 404 });
      if (isNewNumberProof(c.payload)) return jsonResponse({ message: 'Ihre neue Mobilnummer bestätigen Sie mit der TAN, nicht in der Kontor-App.' }, { status: 409 });
      Object.assign(c, { channel: 'APP', sentTo: device.customerDeviceName });
      return jsonResponse(status(c));
    }
    if (path === '/api/ticket/verify' || path === '/api/ticket/verifychangedmobilenr') {
      const c = find(body?.ticket);
      if (!c) return jsonResponse({ message: 'Nicht gefunden' }, { status: 404 });
      // verifychangedmobilenr answers only a challenge whose TAN went to a new number.
      if (path === '/api/ticket/verifychangedmobilenr' && !isNewNumberProof(c.payload)) return unprocessable('Die TAN ist nicht korrekt oder passt nicht zu diesem Auftrag.');
      if (c.state === 'LOCKED') return unprocessable('Diese TAN ist gesperrt. Bitte fordern Sie eine neue TAN an.');
      if (c.state === 'EXPIRED') return unprocessable('Die TAN ist abgelaufen. Bitte fordern Sie eine neue TAN an.');
      if (body?.authorizationId ? c.state === 'APPROVED' && body.authorizationId === c.authorizationId : body?.tan === c.tan) {
        c.state = 'VERIFIED';
        return jsonResponse({ ticket: c.ticket, tan: String(body?.tan ?? ''), authorizationId: c.authorizationId ?? `auth-${c.ticket}` });
      }
      c.attemptsLeft -= 1;
      if (c.attemptsLeft === 0) {
        c.state = 'LOCKED';
        return unprocessable('Die TAN ist falsch. Die TAN ist jetzt gesperrt.');
      }
      const warning = c.attemptsLeft === 1 ? ' Achtung: Nach einem weiteren Fehlversuch wird die TAN gesperrt.' : '';
      return unprocessable(`Die TAN ist falsch. Noch ${c.attemptsLeft} Versuche.${warning}`);
    }
    if (path.startsWith('/api/ticket/challenges/') && method === 'GET') {
      const c = find(decodeURIComponent(path.slice('/api/ticket/challenges/'.length)));
      return c ? jsonResponse(status(c)) : jsonResponse({ message: 'Nicht gefunden' }, { status: 404 });
    }
    if (path === '/api/appenrollment' && method === 'GET') return jsonResponse({ devices: state.devices });
    if (path === '/api/appenrollment' && method === 'POST') {
      const device: EnrolledDevice = {
        serial: `KTR-${String(next++).padStart(4, '0')}`,
        customerDeviceName: String(body?.deviceName),
        enrolledAt: '2026-11-25T10:00:00.000Z',
        lastUsedAt: null,
      };
      state.devices.push(device);
      return jsonResponse(device, { status: 201 });
    }
    if (path === '/api/appenrollment/retire') {
      state.devices = state.devices.filter((d) => d.serial !== body?.serial);
      return new Response(null, { status: 204 });
    }
    if (path === '/api/appauth' && method === 'GET') return jsonResponse(state.settings);
    if (path === '/api/appauth' && method === 'PUT') {
      state.settings = body as AppAuthSettings;
      return jsonResponse(state.settings);
    }
    if (path === '/api/appauth/session' && method === 'GET') return jsonResponse(state.session);
    if (path === '/api/appauth/session' && method === 'POST') {
      state.session = { ...state.session, approved: true };
      return jsonResponse(state.session);
    }
    if (path === '/api/mobileapp/pushadmin' && method === 'GET') return jsonResponse(state.push);
    if (path === '/api/mobileapp/pushadmin' && method === 'PUT') {
      state.push = body as typeof state.push;
      return jsonResponse(state.push);
    }
    if (path === '/api/session/stepup' || path === '/api/session/activity') return new Response(null, { status: 204 });
    if (path.startsWith('/api/dev/app/')) return jsonResponse([]);
    if (path === '/api/notification') return jsonResponse({ unread: 0, items: [] });
    return jsonResponse({});
  });
  configureApi(createApiClient({ fetch: fetchMock as unknown as typeof fetch }));

  return {
    state,
    /** The newest challenge. */
    latest: (): Challenge => {
      const c = state.challenges.at(-1);
      if (!c) throw new Error('no challenge requested');
      return c;
    },
    /** The phone answers: approve or deny the challenge in the app. */
    approve: (c: Challenge) => Object.assign(c, { state: 'APPROVED', authorizationId: `app-${c.ticket}` }),
    deny: (c: Challenge) => Object.assign(c, { state: 'DENIED' }),
    callsTo: (path: string) => state.calls.filter((call) => call.path === path),
  };
}
