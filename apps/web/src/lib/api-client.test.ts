import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../test/fixtures';
import type { instrumentEndpoints } from '@kontor/domain/endpoints/instruments';
import { notesEndpoints } from '@kontor/domain/endpoints/notes';
import {
  ApiError,
  callEndpoint,
  callUnparsed,
  createApiClient,
  createAppApiClient,
  setAccessTokenSource,
  setUnauthorizedHandler,
  toApiResult,
  type ApiClientOptions,
} from './api-client';
import { embeddedBotProtection, type BotProtection } from './bot-protection';
import { toasts } from './toasts';

type Call = { url: string; method: string; headers: Headers; body: unknown };

/** A fake server: records what the client sent and answers with `respond`. */
function fakeFetch(respond: (call: Call) => Response | Promise<Response> = () => jsonResponse({ ok: true })) {
  const calls: Call[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const call: Call = {
      url: String(input),
      method: init.method ?? 'GET',
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
    };
    calls.push(call);
    return respond(call);
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}

function client(options: ApiClientOptions = {}) {
  const server = fakeFetch();
  return { api: createApiClient({ fetch: server.fetch, ...options }), calls: server.calls };
}

describe('XSRF header (spec §7)', () => {
  beforeEach(() => {
    document.cookie = 'XSRF-TOKEN=token%2Fvalue; path=/';
  });
  afterEach(() => {
    document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  });

  it('echoes the cookie in X-XSRF-TOKEN on state-changing requests to relative URLs', async () => {
    const { api, calls } = client();
    await api.request('POST', '/api/notes', { body: { text: 'Kaufen unter 100 €' } });
    await api.request('PUT', '/api/usersettings', { body: {} });
    await api.request('DELETE', '/api/wl/1');
    await api.request('PATCH', '/api/notes/2', { body: {} });
    expect(calls.map((c) => c.headers.get('X-XSRF-TOKEN'))).toEqual(['token/value', 'token/value', 'token/value', 'token/value']);
  });

  it('does not send it on GET requests', async () => {
    const { api, calls } = client();
    await api.request('GET', '/api/trading/positions');
    expect(calls[0]?.headers.has('X-XSRF-TOKEN')).toBe(false);
  });

  it('does not send it to absolute URLs, including an API on another host', async () => {
    const { api, calls } = client();
    await api.request('POST', 'https://partner.example/api/collect', { body: {} });
    await api.request('POST', '//partner.example/api/collect', { body: {} });
    const remote = client({ baseUrl: 'https://api.kontor.example' });
    await remote.api.request('POST', '/api/notes', { body: {} });
    expect(remote.calls[0]?.url).toBe('https://api.kontor.example/api/notes');
    expect([...calls, ...remote.calls].map((c) => c.headers.has('X-XSRF-TOKEN'))).toEqual([false, false, false]);
  });

  it('sends nothing when there is no cookie yet', async () => {
    document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
    const { api, calls } = client();
    await api.request('POST', '/api/notes', { body: {} });
    expect(calls[0]?.headers.has('X-XSRF-TOKEN')).toBe(false);
  });
});

describe('request basics', () => {
  it('sends cookies, JSON, query parameters and the idempotency key, and no Authorization header', async () => {
    const server = fakeFetch(() => jsonResponse({ id: 7 }));
    const api = createApiClient({ fetch: server.fetch });
    const result = await api.request<{ id: number }>('POST', '/api/trading/orders', {
      body: { isin: 'DE0007164600', quantity: '3' },
      query: { type: ['AKTIE', 'ETF'], size: 10, q: undefined },
      idempotencyKey: 'order-1',
    });
    expect(result).toEqual({ id: 7 });
    const [input, init] = vi.mocked(server.fetch).mock.calls[0]!;
    expect(input).toBe('/api/trading/orders?type=AKTIE%2CETF&size=10');
    expect(init?.credentials).toBe('include');
    const call = server.calls[0]!;
    expect(call.body).toEqual({ isin: 'DE0007164600', quantity: '3' });
    expect(call.headers.get('Content-Type')).toBe('application/json');
    expect(call.headers.get('Idempotency-Key')).toBe('order-1');
    expect(call.headers.has('Authorization')).toBe(false);
  });

  it('resolves to undefined on 204 No Content', async () => {
    const server = fakeFetch(() => new Response(null, { status: 204 }));
    await expect(createApiClient({ fetch: server.fetch }).request('POST', '/api/user/tracking', { body: {} })).resolves.toBeUndefined();
  });
});

describe('catalogued endpoints (decision 034)', () => {
  it('a call fills the path parameters in, sends the body, and checks the answer against its schema', async () => {
    const note = { id: '1b4e28ba-2d2c-4d5f-8a5e-3c1f7a9e0b11', subject: 'INSTRUMENT', isin: 'DE0007164600', name: 'Siemens', text: 'Nachkaufen unter 100 €', createdAt: '2027-03-01T08:00:00.000Z', updatedAt: '2027-03-02T08:00:00.000Z' };
    const server = fakeFetch(() => jsonResponse(note));
    const api = createApiClient({ fetch: server.fetch });
    await expect(callEndpoint(api, notesEndpoints.update, { params: { id: note.id }, body: { text: note.text } })).resolves.toEqual(note);
    expect(server.calls[0]).toMatchObject({ method: 'PUT', url: `/api/notes/${note.id}`, body: { text: note.text } });
    // An answer that does not fit the endpoint's schema is refused, not handed on.
    const wrong = createApiClient({ fetch: fakeFetch(() => jsonResponse({ id: 7 })).fetch });
    await expect(callEndpoint(wrong, notesEndpoints.update, { params: { id: note.id }, body: { text: note.text } })).rejects.toThrow();
  });

  it('an unparsed call (first-load paths) sends the route with its parameters encoded and hands the answer on as it came', async () => {
    const server = fakeFetch(() => jsonResponse({ isin: 'DE0007164600', anything: true }));
    const api = createApiClient({ fetch: server.fetch });
    const answer = await callUnparsed<typeof instrumentEndpoints.get>(api, { method: 'GET', path: '/api/instrument/{isin}' }, { params: { isin: 'DE 0007/164600' } });
    expect(server.calls[0]).toMatchObject({ method: 'GET', url: '/api/instrument/DE%200007%2F164600' });
    expect(answer).toEqual({ isin: 'DE0007164600', anything: true });
  });
});

describe('Authorization header (feature flag sendAuthHeaderToApi, spec §7)', () => {
  afterEach(() => setAccessTokenSource(null));
  const appClient = (sendAuthHeaderToApi: boolean) => {
    const server = fakeFetch();
    const api = createAppApiClient({ apiBaseUrl: '', botProtectionScriptUrl: null, featureFlags: { sendAuthHeaderToApi } }, server.fetch);
    return { api, calls: server.calls };
  };

  it('off (the spec): API calls carry no Authorization header, the session cookie authenticates them', async () => {
    setAccessTokenSource(async () => 'access-token-1');
    const { api, calls } = appClient(false);
    await api.request('GET', '/api/trading/positions');
    await api.request('POST', '/api/notes', { body: {} });
    expect(calls.map((c) => c.headers.has('Authorization'))).toEqual([false, false]);
  });

  it('on: API calls carry the current access token as Bearer, and nothing while signed out', async () => {
    let token: string | null = 'access-token-1';
    setAccessTokenSource(async () => token);
    const { api, calls } = appClient(true);
    await api.request('GET', '/api/trading/positions');
    token = 'access-token-2';
    await api.request('POST', '/api/notes', { body: {} });
    token = null;
    await api.request('GET', '/api/trading/positions');
    expect(calls.map((c) => c.headers.get('Authorization'))).toEqual(['Bearer access-token-1', 'Bearer access-token-2', null]);
    for (const c of calls) expect(c.url).not.toContain('token');
  });

  it('on: never to another site, and a failing token source does not stop the request', async () => {
    setAccessTokenSource(async () => {
      throw new Error('no session');
    });
    const { api, calls } = appClient(true);
    await api.request('GET', '/api/trading/positions');
    setAccessTokenSource(async () => 'access-token-1');
    await api.request('GET', 'https://other.example/api/x');
    expect(calls.map((c) => c.headers.has('Authorization'))).toEqual([false, false]);
  });
});

describe('bot protection token (x-aws-waf-token)', () => {
  const endings = [
    '/api/onboarding/startOnboarding',
    '/api/user/signupuser',
    '/api/user/registrationconfirmation?code=1',
    '/api/user/resendConfirmationMail',
  ];

  it('is sent on all four onboarding calls, a fresh one each time (the server accepts a token once)', async () => {
    let n = 0;
    const getToken = vi.fn(async () => `waf-${++n}`);
    const { api, calls } = client({ botProtection: { getToken } });
    for (const url of endings) await api.request('POST', url, { body: {} });
    expect(getToken).toHaveBeenCalledTimes(4);
    expect(calls.map((c) => c.headers.get('x-aws-waf-token'))).toEqual(['waf-1', 'waf-2', 'waf-3', 'waf-4']);
  });

  it('is sent on every state-changing call of the account opening, not on its reads', async () => {
    const getToken = vi.fn(async () => 'waf');
    const { api, calls } = client({ botProtection: { getToken } });
    await api.request('PUT', '/api/onboarding/application/personal', { body: {} });
    await api.request('POST', '/api/onboarding/application/identification', { body: {} });
    await api.request('GET', '/api/onboarding/application');
    expect(calls.map((c) => c.headers.get('x-aws-waf-token'))).toEqual(['waf', 'waf', null]);
  });

  it('is neither fetched nor sent for other calls', async () => {
    const getToken = vi.fn(async () => 'waf-123');
    const { api, calls } = client({ botProtection: { getToken } });
    await api.request('POST', '/api/notes', { body: {} });
    await api.request('GET', '/api/onboarding/startOnboardingStatus');
    expect(getToken).not.toHaveBeenCalled();
    expect(calls.every((c) => !c.headers.has('x-aws-waf-token'))).toBe(true);
  });

  it('when the token cannot be fetched, the request is sent anyway and the next call tries again', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const getToken = vi.fn<BotProtection['getToken']>().mockRejectedValueOnce(new Error('challenge failed')).mockResolvedValue('waf-2');
    const { api, calls } = client({ botProtection: { getToken } });
    await expect(api.request('POST', '/api/user/signupuser', { body: {} })).resolves.toEqual({ ok: true });
    expect(calls[0]?.headers.has('x-aws-waf-token')).toBe(false);
    await api.request('POST', '/api/user/signupuser', { body: {} });
    expect(calls[1]?.headers.get('x-aws-waf-token')).toBe('waf-2');
    warn.mockRestore();
  });

  it("embedded default: with the challenge endpoint down, the call goes out without the header and the server's German 403 reaches the caller", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const refusal = 'Die Sicherheitsprüfung Ihres Browsers ist fehlgeschlagen. Bitte laden Sie die Seite neu und versuchen Sie es noch einmal.';
    const server = fakeFetch((call) => {
      if (call.url.endsWith('/api/bot-protection/challenge')) throw new TypeError('Failed to fetch');
      return jsonResponse({ message: refusal, status: 403 }, { status: 403 });
    });
    const api = createApiClient({ fetch: server.fetch, botProtection: embeddedBotProtection('', server.fetch) });
    const error = await api.request('POST', '/api/onboarding/startOnboarding', { body: { email: 'a@b.de' } }).catch((e: unknown) => e);
    expect(calls(server)).toEqual(['GET /api/bot-protection/challenge', 'POST /api/onboarding/startOnboarding']);
    expect(server.calls[1]?.headers.has('x-aws-waf-token')).toBe(false);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe(refusal);
    warn.mockRestore();
  });

  it('embedded default: fetches a challenge and solves it with the proof-of-work solver', async () => {
    const server = fakeFetch(() => jsonResponse({ challenge: 'v1.abc.k0.4.mac', difficulty: 4 }));
    const token = await embeddedBotProtection('', server.fetch).getToken();
    expect(server.calls[0]?.url).toBe('/api/bot-protection/challenge');
    const [challenge, n] = [token.slice(0, token.lastIndexOf(':')), Number(token.slice(token.lastIndexOf(':') + 1))];
    expect(challenge).toBe('v1.abc.k0.4.mac');
    expect(Number.isInteger(n) && n >= 0).toBe(true);
    // Checked independently of the solver: the token's SHA-256 starts with 4 zero bits.
    const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token)));
    expect(digest[0]! >> 4).toBe(0);
  });

  it('embedded default: a malformed challenge answer is a failed fetch', async () => {
    const server = fakeFetch(() => jsonResponse({ token: 'old-style' }));
    await expect(embeddedBotProtection('', server.fetch).getToken()).rejects.toThrow(/malformed/);
  });
});

function calls(server: { calls: Call[] }): string[] {
  return server.calls.map((c) => `${c.method} ${c.url}`);
}

describe('errors (spec §8)', () => {
  const fieldErrors = { message: 'Bitte prüfen Sie Ihre Eingaben.', status: 400, errors: [{ field: 'quantity', message: 'Muss größer als 0 sein' }] };

  it('an error answer with a body becomes that body', async () => {
    const server = fakeFetch(() => jsonResponse(fieldErrors, { status: 400, statusText: 'Bad Request' }));
    const error = await createApiClient({ fetch: server.fetch })
      .request('POST', '/api/trading/orders', { body: {} })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).backendError).toEqual(fieldErrors);
    expect((error as ApiError).message).toBe('Bitte prüfen Sie Ihre Eingaben.');
    expect((error as ApiError).status).toBe(400);
  });

  it('a 503 is built from status text and status, even with a body', async () => {
    const server = fakeFetch(() => jsonResponse({ message: 'upstream down' }, { status: 503, statusText: 'Service Unavailable' }));
    const error = (await createApiClient({ fetch: server.fetch })
      .request('GET', '/api/trading/positions')
      .catch((e: unknown) => e)) as ApiError;
    expect(error.backendError).toMatchObject({ status: 503, message: 'Service Unavailable' });
  });

  it('an error without a body is built from status text and status', async () => {
    const server = fakeFetch(() => new Response(null, { status: 404, statusText: 'Not Found' }));
    const error = (await createApiClient({ fetch: server.fetch })
      .request('GET', '/api/instrument/XX0000000000')
      .catch((e: unknown) => e)) as ApiError;
    expect(error.backendError).toMatchObject({ status: 404, message: 'Not Found' });
  });

  it('a network failure carries a German message', async () => {
    const fetch = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof globalThis.fetch;
    const error = (await createApiClient({ fetch })
      .request('GET', '/api/trading/positions')
      .catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe('Keine Verbindung zum Server. Bitte prüfen Sie Ihre Internetverbindung.');
  });

  it('the global error handler sees failures unless the request skips it', async () => {
    const onError = vi.fn();
    const server = fakeFetch(() => jsonResponse(fieldErrors, { status: 400 }));
    const api = createApiClient({ fetch: server.fetch, onError });
    await expect(api.request('POST', '/api/ticket/verify', { body: {}, skipGlobalErrorHandler: true })).rejects.toBeInstanceOf(ApiError);
    expect(onError).not.toHaveBeenCalled();
    await expect(api.request('POST', '/api/notes', { body: {} })).rejects.toBeInstanceOf(ApiError);
    expect(onError).toHaveBeenCalledTimes(1);
  });

  it("the app's client shows the user message as an error toast, unless skipped", async () => {
    toasts.clear();
    const server = fakeFetch(() => jsonResponse(fieldErrors, { status: 400 }));
    vi.stubGlobal('fetch', server.fetch);
    try {
      const api = createAppApiClient({ apiBaseUrl: '', botProtectionScriptUrl: null });
      await api.request('POST', '/api/ticket/verify', { body: {}, skipGlobalErrorHandler: true }).catch(() => {});
      expect(toasts.getSnapshot()).toEqual([]);
      await api.request('POST', '/api/notes', { body: {} }).catch(() => {});
      expect(toasts.getSnapshot()).toEqual([expect.objectContaining({ type: 'error', message: 'Bitte prüfen Sie Ihre Eingaben.' })]);
    } finally {
      vi.unstubAllGlobals();
      toasts.clear();
    }
  });

  it('an aborted request is not reported', async () => {
    const onError = vi.fn();
    const controller = new AbortController();
    const fetch = vi.fn(async () => {
      controller.abort();
      throw new DOMException('aborted', 'AbortError');
    }) as unknown as typeof globalThis.fetch;
    await expect(createApiClient({ fetch, onError }).request('GET', '/api/stats', { signal: controller.signal })).rejects.toThrow();
    expect(onError).not.toHaveBeenCalled();
  });
});

describe('toApiResult (spec §4)', () => {
  it('wraps data as SUCCESS and an API error as ERROR with its message', async () => {
    const ok = fakeFetch(() => jsonResponse([1, 2]));
    await expect(toApiResult(createApiClient({ fetch: ok.fetch }).request('GET', '/api/notes'))).resolves.toEqual({
      status: 'SUCCESS',
      data: [1, 2],
    });
    const failing = fakeFetch(() => jsonResponse({ message: 'Nicht gefunden', status: 404, errors: [] }, { status: 404 }));
    const result = await toApiResult(createApiClient({ fetch: failing.fetch }).request('GET', '/api/notes/9', { skipGlobalErrorHandler: true }));
    expect(result).toEqual({ status: 'ERROR', errorMessage: 'Nicht gefunden', error: { message: 'Nicht gefunden', status: 404, errors: [] } });
  });
});

describe('401 answers', () => {
  afterEach(() => setUnauthorizedHandler(null));

  it('are reported to the unauthorized handler (lib/auth refreshes or signs out), also when the caller handles errors', async () => {
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    const server = fakeFetch(() => jsonResponse({ message: 'Bitte melden Sie sich an, um fortzufahren.', status: 401 }, { status: 401 }));
    const api = createApiClient({ fetch: server.fetch });
    await expect(api.request('GET', '/api/trading/orders', { skipGlobalErrorHandler: true })).rejects.toBeInstanceOf(ApiError);
    expect(handler).toHaveBeenCalledTimes(1);
    expect(handler.mock.calls[0]![0]).toMatchObject({ status: 401, url: '/api/trading/orders' });

    const ok = fakeFetch(() => jsonResponse({ message: 'kaputt', status: 500 }, { status: 500 }));
    await createApiClient({ fetch: ok.fetch }).request('GET', '/api/x', { skipGlobalErrorHandler: true }).catch(() => {});
    expect(handler).toHaveBeenCalledTimes(1);
  });
});
