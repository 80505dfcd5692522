import { SESSION_IDLE_CODE } from '@kontor/domain/auth-contracts';
import { backendError, userMessage, type BackendError } from '@kontor/domain/backend-error';
import { type BodyIn, type Endpoint, endpointPath, type ParamsIn, type QueryIn, type ResponseOf } from '@kontor/domain/endpoint';
import { createBotProtection, type BotProtection } from './bot-protection';
import { translate } from './i18n';
import { domainText } from './domain-text';
import { toasts } from './toasts';

/**
 * The one way the web app talks to the API (spec §7 "Request headers", §8 "Backend errors").
 *
 *   const positions = await api.request<Position[]>('GET', '/api/trading/positions');
 *   await api.request('POST', '/api/ticket/verify', { body, skipGlobalErrorHandler: true });
 *
 * Paths starting with "/" go to the configured API base URL. Cookies travel with every request
 * (`credentials: 'include'`): the API session cookie authenticates the customer. Only with the
 * feature flag sendAuthHeaderToApi (spec §7, off by default) do API paths also carry
 * `Authorization: Bearer <access token>`.
 */

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type QueryValue = string | number | boolean | null | undefined | readonly (string | number | boolean)[];

export type RequestOptions = {
  body?: unknown;
  query?: Record<string, QueryValue> | URLSearchParams;
  headers?: Record<string, string>;
  /** The caller handles the error itself: no error toast (ticket calls, tracking). */
  skipGlobalErrorHandler?: boolean;
  /** Sent as `Idempotency-Key`, so that a retried order or payout is executed once. */
  idempotencyKey?: string;
  signal?: AbortSignal;
  /** 'arrayBuffer': the answer's bytes as they are (a PDF), not read as JSON. */
  responseType?: 'arrayBuffer';
  /** false: a SESSION_IDLE refusal fails as it is, without asking for the step-up (the activity report, the step-up itself). */
  stepUp?: false;
};

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';
export const BOT_PROTECTION_HEADER = 'x-aws-waf-token';
/** Onboarding calls that the bot protection guards (spec §7). */
export const BOT_PROTECTED_URL_ENDINGS = ['startOnboarding', 'signupuser', 'registrationconfirmation', 'resendConfirmationMail'] as const;
/** Besides those: every state-changing call of the account opening (the server checks them all). */
export const BOT_PROTECTED_PATH_PREFIX = '/api/onboarding/';

export const NETWORK_ERROR_MESSAGE = 'Keine Verbindung zum Server. Bitte prüfen Sie Ihre Internetverbindung.';

/** An HTTP or network failure; `backendError` is the spec §8 error the customer message comes from. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly backendError: BackendError,
    readonly method: string,
    readonly url: string,
    options?: { cause?: unknown },
  ) {
    // The server speaks German; a sentence the catalogue knows shows in the customer's language.
    super(domainText(userMessage(backendError)), options);
  }
  get status(): number {
    return this.backendError.status;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export type ApiClientOptions = {
  /** Prefix for paths starting with "/"; '' is the app's own origin. */
  baseUrl?: string;
  botProtection?: BotProtection;
  /** Called for every failed request that does not skip the global error handler. */
  onError?: (error: ApiError) => void;
  fetch?: typeof fetch;
  /** Reads document.cookie by default. */
  readCookie?: (name: string) => string | null;
  /** When given, API paths carry `Authorization: Bearer` with this token (none when it gives null). */
  accessToken?: () => Promise<string | null>;
};

export interface ApiClient {
  request<T = unknown>(method: HttpMethod, url: string, options?: RequestOptions): Promise<T>;
  /** The full URL of an API path, for what fetch does not open (an EventSource, a PDF link). */
  url(path: string, query?: RequestOptions['query']): string;
}

export function readDocumentCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    if (part.slice(0, index).trim() === name) return decodeURIComponent(part.slice(index + 1).trim());
  }
  return null;
}

/** Absolute (`https://…`) and protocol-relative (`//host/…`) URLs are not relative. */
export function isRelativeUrl(url: string): boolean {
  return !/^([a-z][a-z\d+\-.]*:|\/\/)/i.test(url);
}

function withQuery(url: string, query: RequestOptions['query']): string {
  if (!query) return url;
  const params = query instanceof URLSearchParams ? query : new URLSearchParams();
  if (!(query instanceof URLSearchParams)) {
    for (const [key, value] of Object.entries(query)) {
      if (value === null || value === undefined) continue;
      if (Array.isArray(value)) params.set(key, value.join(','));
      else params.set(key, String(value));
    }
  }
  const search = params.toString();
  if (!search) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${search}`;
}

function needsBotProtection(method: HttpMethod, url: string): boolean {
  const path = url.split(/[?#]/)[0] ?? '';
  if (BOT_PROTECTED_URL_ENDINGS.some((ending) => path.endsWith(ending))) return true;
  return method !== 'GET' && method !== 'HEAD' && path.includes(BOT_PROTECTED_PATH_PREFIX);
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

let unauthorizedHandler: ((error: ApiError) => void) | null = null;
let stepUpHandler: (() => Promise<boolean>) | null = null;

/**
 * Asked when a money or authorisation call is refused for inactivity (403 SESSION_IDLE): it shows
 * the step-up and resolves true once the customer confirmed, and the call is then sent again as it
 * was (same body, same Idempotency-Key), so nothing the customer typed is lost; false: it fails.
 */
export function setStepUpHandler(handler: (() => Promise<boolean>) | null): void {
  stepUpHandler = handler;
}

/** Told about every 401 answer (lib/auth: the session may need a refresh, or a new sign-in). */
export function setUnauthorizedHandler(handler: ((error: ApiError) => void) | null): void {
  unauthorizedHandler = handler;
}

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const baseUrl = (options.baseUrl ?? '').replace(/\/+$/, '');
  const fetchFn = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const resolve = (url: string, query: RequestOptions['query']) =>
    withQuery(url.startsWith('/') && !url.startsWith('//') ? `${baseUrl}${url}` : url, query);
  const readCookie = options.readCookie ?? readDocumentCookie;
  /**
   * Fetched when needed, one per request: the server accepts a token once, so none is kept after a
   * request carried it. A failed fetch yields null and the request goes out anyway (spec §7).
   */
  const botProtectionToken = async (): Promise<string | null> => {
    if (!options.botProtection) return null;
    try {
      return (await options.botProtection.getToken()) || null;
    } catch (error) {
      console.warn('Bot protection token could not be fetched; sending without it', error);
      return null;
    }
  };

  const fail = (error: ApiError, skip: boolean | undefined): never => {
    if (error.status === 401) unauthorizedHandler?.(error);
    if (!skip) options.onError?.(error);
    throw error;
  };

  const client: ApiClient = {
    url: resolve,
    async request<T>(method: HttpMethod, url: string, request: RequestOptions = {}): Promise<T> {
      const target = resolve(url, request.query);
      const headers = new Headers({ Accept: 'application/json, text/plain, */*' });

      let body: BodyInit | undefined;
      if (request.body !== undefined) {
        if (request.body instanceof FormData || request.body instanceof Blob || request.body instanceof URLSearchParams) {
          body = request.body;
        } else {
          body = JSON.stringify(request.body);
          headers.set('Content-Type', 'application/json');
        }
      }

      // XSRF double-submit: only our own (relative) URLs, only state-changing methods.
      if (method !== 'GET' && method !== 'HEAD' && isRelativeUrl(target)) {
        const xsrf = readCookie(XSRF_COOKIE);
        if (xsrf) headers.set(XSRF_HEADER, xsrf);
      }
      if (needsBotProtection(method, url)) {
        const token = await botProtectionToken();
        if (token) headers.set(BOT_PROTECTION_HEADER, token);
      }
      if (options.accessToken && url.startsWith('/') && !url.startsWith('//')) {
        const token = await options.accessToken().catch(() => null);
        if (token) headers.set('Authorization', `Bearer ${token}`);
      }
      if (request.idempotencyKey) headers.set('Idempotency-Key', request.idempotencyKey);
      for (const [name, value] of Object.entries(request.headers ?? {})) headers.set(name, value);

      let response: Response;
      try {
        response = await fetchFn(target, { method, headers, body, credentials: 'include', signal: request.signal });
      } catch (cause) {
        // An abort is the caller's own doing, not an error to show.
        if (request.signal?.aborted) throw cause;
        const networkMessage = translate('errors.network', NETWORK_ERROR_MESSAGE);
        return fail(new ApiError(backendError({ status: 0, message: networkMessage }), method, target, { cause }), request.skipGlobalErrorHandler);
      }

      if (!response.ok) {
        const errorBody = await readBody(response).catch(() => undefined);
        const error = backendError({ status: response.status, message: response.statusText, body: errorBody });
        if (response.status === 403 && error.code === SESSION_IDLE_CODE && request.stepUp !== false && stepUpHandler) {
          // Sent again once: a second refusal fails as it is.
          if (await stepUpHandler()) return client.request<T>(method, url, { ...request, stepUp: false });
        }
        return fail(new ApiError(error, method, target), request.skipGlobalErrorHandler);
      }
      if (response.status === 204 || method === 'HEAD') return undefined as T;
      if (request.responseType === 'arrayBuffer') return (await response.arrayBuffer()) as T;
      return (await readBody(response)) as T;
    },
  };
  return client;
}

/** Spec §4: API results are wrapped as SUCCESS with data, or ERROR with errorMessage and the error. */
export type ApiResult<T> =
  | { status: 'SUCCESS'; data: T }
  | { status: 'ERROR'; errorMessage: string; error: BackendError };

export async function toApiResult<T>(pending: Promise<T>): Promise<ApiResult<T>> {
  try {
    return { status: 'SUCCESS', data: await pending };
  } catch (error) {
    if (isApiError(error)) return { status: 'ERROR', errorMessage: error.message, error: error.backendError };
    throw error;
  }
}

/** The global error handler: the customer sees the spec §8 user message as an error toast. */
export function showErrorToast(error: ApiError): void {
  toasts.error(error.message);
}

let accessTokenSource: (() => Promise<string | null>) | null = null;

/** lib/auth names where the current access token comes from (null: signed out, no identity). */
export function setAccessTokenSource(source: (() => Promise<string | null>) | null): void {
  accessTokenSource = source;
}

type AppApiConfig = { apiBaseUrl: string; botProtectionScriptUrl: string | null; featureFlags?: { sendAuthHeaderToApi: boolean } };

/**
 * The client the app runs with: configured base URL and bot protection, errors as toasts, and the
 * Authorization header only when the feature flag sendAuthHeaderToApi asks for it.
 */
export function createAppApiClient(config: AppApiConfig, fetchFn?: typeof fetch): ApiClient {
  return createApiClient({
    baseUrl: config.apiBaseUrl,
    botProtection: createBotProtection(config),
    onError: showErrorToast,
    ...(fetchFn ? { fetch: fetchFn } : {}),
    ...(config.featureFlags?.sendAuthHeaderToApi ? { accessToken: async () => (accessTokenSource ? accessTokenSource() : null) } : {}),
  });
}

let current: ApiClient = createAppApiClient({ apiBaseUrl: '', botProtectionScriptUrl: null });

/** Boot installs the client built from the runtime configuration. */
export function configureApi(client: ApiClient): void {
  current = client;
}

/** What a call of a catalogued endpoint takes: its path parameters, query and body, typed by its schemas. */
export type CallInput<E extends Endpoint> = Omit<RequestOptions, 'body' | 'query'> &
  (ParamsIn<E> extends undefined ? { params?: undefined } : { params: ParamsIn<E> }) &
  (QueryIn<E> extends undefined ? { query?: undefined } : { query?: QueryIn<E> }) &
  (BodyIn<E> extends undefined ? { body?: undefined } : { body: BodyIn<E> });

/**
 * One endpoint of the catalogue (`@kontor/domain/endpoints`, decision 034): method and path come
 * from there, and the answer is checked against its schema, so client and server cannot drift apart.
 */
export async function callEndpoint<E extends Endpoint>(client: Pick<ApiClient, 'request'>, e: E, input: CallInput<E>): Promise<ResponseOf<E>> {
  const answer = await callUnparsed<E>(client, e, input);
  return (e.response ? e.response.parse(answer) : undefined) as ResponseOf<E>;
}

/**
 * A catalogued endpoint called without loading its schemas, for the calls of a first visit whose
 * schemas would take the page past its size budget: `route` (method and path) is checked against
 * the entry's type at build time, so a renamed or re-routed endpoint still breaks the build; the
 * answer is typed by the entry but not parsed. Import the entry with `import type`.
 */
export async function callUnparsed<E extends Endpoint>(client: Pick<ApiClient, 'request'>, route: Pick<E, 'method' | 'path'>, input: CallInput<E>): Promise<ResponseOf<E>> {
  const { params, query, body, ...options } = input as RequestOptions & { params?: Record<string, string | number> };
  return client.request<ResponseOf<E>>(route.method, endpointPath(route, params), { ...options, ...(query ? { query } : {}), ...(body !== undefined ? { body } : {}) });
}

/** The app-wide client; delegates to whatever boot configured. */
export const api: ApiClient & {
  call<E extends Endpoint>(e: E, input: CallInput<E>): Promise<ResponseOf<E>>;
  callUnparsed<E extends Endpoint>(route: Pick<E, 'method' | 'path'>, input: CallInput<E>): Promise<ResponseOf<E>>;
} = {
  request<T>(method: HttpMethod, url: string, options?: RequestOptions): Promise<T> {
    return current.request<T>(method, url, options);
  },
  url(path, query) {
    return current.url(path, query);
  },
  call: (e, input) => callEndpoint(current, e, input),
  callUnparsed: (route, input) => callUnparsed(current, route, input),
};

/** A fresh key for one logical operation; reuse it when retrying that same operation. */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}
