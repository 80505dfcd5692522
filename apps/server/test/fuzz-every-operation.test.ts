/**
 * Fuzz: every operation of the OpenAPI document the app serves is called with malformed input
 * (wrong types, huge strings, NUL and lone surrogates, -1/NaN/1e309, missing fields, invalid JSON,
 * wrong content types, an oversized body, odd path parameters, bodies nested 8,000 levels deep, the
 * path spelled otherwise: an encoded letter, an encoded or doubled slash, a dot segment), signed in
 * (session cookie and XSRF token, as the web app calls), not signed in and with forged credentials.
 * No answer may be 5xx, every refusal of the API is the one error body `{ message, status, errors: [] }`,
 * and no other spelling of a path gets a state-changing call past the XSRF check.
 *
 * How to register: a new route in the document needs nothing, it is fuzzed from its schema. A
 * route that inject cannot call to its end (a Server-Sent Events stream) goes into EXCLUDED, named
 * as in the document, with the reason and the bad requests it must still refuse; a route kept out of
 * the document (`hide: true`) goes into HIDDEN with malformed requests of its own. Besides fixed
 * lists, fast-check draws random values with seed FUZZ_SEED (default DEFAULT_SEED); a failure names
 * the seed, and `FUZZ_SEED=<seed> npx vitest run --project server test/fuzz-every-operation.test.ts`
 * repeats it.
 */
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../src/platform/auth.ts';
import { XSRF_COOKIE, XSRF_HEADER } from '../src/platform/xsrf.ts';
import { sessionCookie, signedInCustomer } from './customer.ts';
import { fillPath, type JsonSchema, type Parameter, pathParams, servedOperations } from './openapi.ts';
import { createTestApp, type TestApp } from './test-app.ts';
import { insertTicket, pdfBytes } from './ticket-kit.ts';
import { botToken, confirmedApplication, GOOD_STEPS } from './onboarding-kit.ts';
import { UPLOAD_MAX_BYTES } from '@kontor/domain/constants';
import { backendErrorSchema } from '@kontor/domain/backend-error';

const DEFAULT_SEED = 20261123;
const SEED = Number(process.env.FUZZ_SEED ?? DEFAULT_SEED);
/** Random probes per operation, on top of the fixed lists. */
const RANDOM_PROBES = 12;
/** A request that takes longer than this counts as hanging. */
const ANSWER_WITHIN_MS = 10_000;

const SAP = 'DE0007164600';
const XSRF = 'fuzz-xsrf-token-0123456789abcdef';

type Probe = { method: string; url: string; headers?: Record<string, string>; payload?: string };
type Outcome = { probe: Probe; who: string; status: number | 'no answer'; body: string };

// ---- values -------------------------------------------------------------------------------------

const huge = 'x'.repeat(100_000);
/** Malformed JSON values for any field of a body. */
const BAD_VALUES: unknown[] = [
  null, true, 0, -1, 1.5, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2,
  '', ' ', 'a\u0000b', '\u0000', '\ud800', 'x\udc00', huge, '💥'.repeat(50),
  '-1', 'NaN', 'Infinity', '1e309', '11111111111111111111', '0x10', '../../etc/passwd', "' OR 1=1 --", '%00',
  [], [null], {}, { a: { b: { c: [{}] } } },
];
/** Number tokens JSON.parse turns into Infinity, 0 or a rounded float, and texts that are no JSON. */
const RAW_TOKENS = [
  '1e309', '-1e309', '1e-400', '-0', '123456789012345678901234567890', 'NaN', 'undefined', '"\\ud800"', '"\\u0000"',
  '{"__proto__":{"polluted":true}}', '{"constructor":{"prototype":{"polluted":true}}}',
];
const INVALID_JSON = ['', '{', '{"a":', 'nul', '[1,]', '{"a":1}}', '"\u0000"', '\u0000', '{"a":"\u0001"}', '\ufeff{}'];
const WRONG_CONTENT_TYPES = ['text/plain', 'application/xml', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/json; charset=utf-16', 'application/x-amz-json-1.1'];
/** Raw (already encoded) path segments. */
const ODD_SEGMENTS = [
  '0123456789abcdef0123456789abcdef0123', '..', '.', '%2e%2e', '%2F', '%00', '%ED%A0%80', '%FF', 'a'.repeat(5000), '-1', 'NaN', '1e309',
  '%20', 'null', '%27', '00000000-0000-0000-0000-000000000000', '3F2504E0-4F89-11D3-9A0C-0305E82C3301', '%F0%9F%92%A5', '%25', '', 'DE0007164601',
];
/** Raw (already encoded) query values. */
const ODD_QUERY = ['', '%00', '%ED%A0%80', '%FF', 'x'.repeat(10_000), '-1', 'NaN', '1e309', '99999999999999999999', '[]', '%5B%5D', 'true', 'DE0007164600,,,'];
const ODD_HEADERS = ['', ' ', 'x'.repeat(201), 'x'.repeat(8000), 'ä', '../', '%00', 'null'];
/** The body limit is 1 MiB. */
const OVERSIZED = `{"x":"${'a'.repeat(1024 * 1024 + 10)}"}`;

/** Encodes a query or path value; a lone surrogate cannot be, so it goes as the bytes a client would send. */
function encode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
}

// ---- a well-formed request from the schema, to vary one part at a time ----------------------------

function sampleString(s: JsonSchema, name: string, uuid: string): string {
  if (/isin/i.test(name) || s.pattern?.startsWith('^[A-Z]{2}')) return SAP;
  if (s.format === 'uuid' || name === 'id') return uuid;
  if (s.format === 'date') return '2026-12-01';
  if (s.format === 'date-time') return '2026-11-23T10:00:00Z';
  if (s.format === 'email') return 'kunde@kontor.example';
  if (s.pattern?.includes('\\d+(\\.\\d+)?')) return '1';
  return 'Kontor'.padEnd(s.minLength ?? 0, 'x').slice(0, s.maxLength ?? 6);
}

/** A value of the schema: with every property, or (`requiredOnly`) with only the required ones. */
function sample(s: JsonSchema, name: string, uuid: string, requiredOnly = false): unknown {
  if (s.enum) return s.enum[0];
  const branches = s.oneOf ?? s.anyOf ?? s.allOf;
  if (branches?.[0]) return sample(branches[0], name, uuid, requiredOnly);
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(s.properties ?? {})
          .filter(([k]) => !requiredOnly || s.required?.includes(k))
          .map(([k, v]) => [k, sample(v, k, uuid, requiredOnly)]),
      );
    case 'array':
      return Array.from({ length: Math.max(1, s.minItems ?? 1) }, () => sample(s.items ?? {}, name.replace(/s$/, ''), uuid, requiredOnly));
    case 'integer':
    case 'number':
      return s.minimum ?? 1;
    case 'boolean':
      return true;
    default:
      return sampleString(s, name, uuid);
  }
}

type Path = (string | number)[];
/** Every place in a value where another value could go: the root, each property, each first item. */
function placesIn(value: unknown, at: Path = []): Path[] {
  if (Array.isArray(value)) return [at, ...(value.length ? placesIn(value[0], [...at, 0]) : [])];
  if (value && typeof value === 'object') return [at, ...Object.entries(value).flatMap(([k, v]) => placesIn(v, [...at, k]))];
  return [at];
}
function withAt(value: unknown, at: Path, next: unknown): unknown {
  if (at.length === 0) return next;
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let node = copy;
  for (const key of at.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  if (next === undefined) delete node[at.at(-1)!];
  else node[at.at(-1)!] = next;
  return copy;
}
/** JSON text with a raw token at one place (1e309 cannot be made with JSON.stringify). */
const withRawAt = (value: unknown, at: Path, token: string) => JSON.stringify(withAt(value, at, '\u2063RAW\u2063')).replace('"\u2063RAW\u2063"', token);

// ---- the probes of one operation --------------------------------------------------------------------

type Shape = { method: string; path: string; params: Parameter[]; body: JsonSchema | undefined };

function probesOf(op: Shape, seed: number, uuid: string): Probe[] {
  const params = Object.fromEntries(op.params.filter((p) => p.in !== 'header').map((p) => [p.name, String(sample(p.schema, p.name, uuid))]));
  const pathValues = Object.fromEntries(pathParams(op.path).map((n) => [n, encode(params[n] ?? 'x')]));
  const query = op.params.filter((p) => p.in === 'query');
  const headerParams = op.params.filter((p) => p.in === 'header');
  const baseQuery: Record<string, string> = Object.fromEntries(query.filter((p) => p.required).map((p) => [p.name, encode(params[p.name]!)]));
  const baseHeaders: Record<string, string> = Object.fromEntries(headerParams.map((p) => [p.name, uuid]));
  // Two bodies to vary: every field (each place gets a bad value), and only the required ones (a
  // rule across fields, such as "fzterm or fzterms", may refuse the first before a value is looked at).
  const bodies = op.body ? [...new Set([sample(op.body, 'body', uuid), sample(op.body, 'body', uuid, true)].map((b) => JSON.stringify(b)))].map((b) => JSON.parse(b) as unknown) : [];
  const baseBody = bodies.at(-1);

  const url = (paths: Record<string, string> = pathValues, q: Record<string, string> | string = baseQuery) => {
    const qs = typeof q === 'string' ? q : Object.entries(q).map(([k, v]) => `${k}=${v}`).join('&');
    return fillPath(op.path, paths) + (qs ? `?${qs}` : '');
  };
  const json = { 'content-type': 'application/json' };
  const probe = (p: Partial<Probe> & { payload?: string }): Probe => ({
    method: op.method,
    url: url(),
    ...p,
    headers: { ...baseHeaders, ...(p.payload !== undefined ? json : {}), ...p.headers },
  });
  const bodyText = (value: unknown) => (value === undefined ? undefined : JSON.stringify(value));

  const probes: Probe[] = bodies.length ? bodies.map((b) => probe({ payload: bodyText(b) })) : [probe({})];
  if (op.method === 'GET') probes.push(probe({ method: 'HEAD' }));
  probes.push(probe({ method: op.method === 'PUT' ? 'PATCH' : 'PUT', payload: '{}' }));

  // Odd path parameters, one at a time.
  for (const name of Object.keys(pathValues)) {
    for (const odd of ODD_SEGMENTS) probes.push(probe({ url: url({ ...pathValues, [name]: odd }), payload: bodyText(baseBody) }));
  }
  // Query parameters: each missing, odd (one 10,000 characters long), given twice; then names of
  // Object's own properties.
  for (const p of query) {
    const rest = { ...baseQuery };
    delete rest[p.name];
    probes.push(probe({ url: url(pathValues, rest) }));
    for (const odd of ODD_QUERY) probes.push(probe({ url: url(pathValues, { ...baseQuery, [p.name]: odd }) }));
    probes.push(probe({ url: `${url(pathValues, { ...baseQuery, [p.name]: 'a' })}&${p.name}=b` }));
  }
  probes.push(probe({ url: url(pathValues, { ...baseQuery, ['__proto__']: 'x', constructor: 'x', toString: 'x' }) }));
  // Header parameters (Idempotency-Key): odd and missing.
  for (const h of headerParams) {
    for (const odd of ODD_HEADERS) probes.push(probe({ headers: { [h.name]: odd }, payload: bodyText(baseBody) }));
  }
  // The body: every place with every bad value and raw token, each required field missing, and
  // bodies that are no JSON, in another format, or too large. Operations without a body get some too.
  for (const body of bodies) {
    for (const at of placesIn(body)) {
      for (const bad of BAD_VALUES) probes.push(probe({ payload: JSON.stringify(withAt(body, at, bad)) }));
      for (const token of RAW_TOKENS) probes.push(probe({ payload: withRawAt(body, at, token) }));
      if (at.length) probes.push(probe({ payload: JSON.stringify(withAt(body, at, undefined)) }));
    }
    if (body && typeof body === 'object' && !Array.isArray(body)) probes.push(probe({ payload: JSON.stringify({ ...body, unknownField: 'x' }) }));
  }
  for (const text of INVALID_JSON) probes.push(probe({ payload: text }));
  for (const type of WRONG_CONTENT_TYPES) probes.push(probe({ payload: bodyText(baseBody) ?? '{}', headers: { 'content-type': type } }));
  probes.push(probe({ payload: '{}', headers: { 'content-type': '' } }));
  probes.push(probe({ payload: OVERSIZED }));

  // Random values (seeded), in turn at each place of the body, each path and each query parameter.
  const values = fc.sample(fc.oneof(fc.jsonValue(), fc.string({ unit: 'binary', maxLength: 40 })), { seed, numRuns: RANDOM_PROBES });
  values.forEach((value, i) => {
    const targets = [...(baseBody === undefined ? [] : placesIn(baseBody)).map((at) => ({ at })), ...Object.keys(pathValues).map((name) => ({ name })), ...query.map((p) => ({ query: p.name }))];
    const target = targets[i % Math.max(1, targets.length)];
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    if (!target) probes.push(probe({ payload: JSON.stringify(value) }));
    else if ('at' in target) probes.push(probe({ payload: JSON.stringify(withAt(baseBody, target.at, value)) }));
    else if ('name' in target) probes.push(probe({ url: url({ ...pathValues, [target.name]: encode(text) }), payload: bodyText(baseBody) }));
    else probes.push(probe({ url: url(pathValues, { ...baseQuery, [target.query]: encode(text) }) }));
  });
  // A request the lists make twice is sent once (a bad value at the root replaces both bodies
  // alike): about one probe in thirteen (14,054 → 12,993).
  return [...new Map(probes.map((p) => [JSON.stringify(p), p])).values()];
}

/** JSON nested 8,000 levels deep, as an object and as an array (the server refuses beyond 64). */
const DEEP_BODIES = [`${'{"a":'.repeat(8000)}1${'}'.repeat(8000)}`, `${'['.repeat(8000)}${']'.repeat(8000)}`];

/**
 * Other spellings of a path that a router which decodes before it matches could take for it: a
 * letter percent-encoded (the first, in the /api/ or /identity/ prefix, and the last), the last
 * slash encoded or doubled, a doubled first slash, a dot segment (inject resolves that one, as a
 * browser would).
 */
function otherSpellings(path: string): string[] {
  const letters = [...path.matchAll(/[A-Za-z]/g)].map((m) => m.index);
  const slashes = [...path.matchAll(/\//g)].map((m) => m.index).filter((i) => i > 0);
  const put = (i: number, text: string) => `${path.slice(0, i)}${text}${path.slice(i + 1)}`;
  const hex = (i: number) => `%${path.charCodeAt(i).toString(16).toUpperCase()}`;
  const last = slashes.at(-1);
  return [
    ...[letters[0], letters.at(-1)].filter((i) => i !== undefined).map((i) => put(i, hex(i))),
    ...(last === undefined ? [] : [put(last, '%2F'), put(last, '//'), `${path.slice(0, last)}/.${path.slice(last)}`]),
    `/${path}`,
  ];
}

/** The path of an operation with a well-formed value for each parameter, and its body with only the required fields. */
function wellFormed(op: Shape, uuid: string): { path: string; body: string | undefined } {
  const values = Object.fromEntries(op.params.filter((p) => p.in === 'path').map((p) => [p.name, encode(String(sample(p.schema, p.name, uuid)))]));
  return { path: fillPath(op.path, values), body: op.body ? JSON.stringify(sample(op.body, 'body', uuid, true)) : undefined };
}

// ---- who calls ---------------------------------------------------------------------------------------

type Caller = { who: string; cookies: Record<string, string>; headers: Record<string, string> };
const anonymous: Caller = { who: 'not signed in', cookies: { [XSRF_COOKIE]: XSRF }, headers: { [XSRF_HEADER]: XSRF } };
/** Forged or broken credentials: each must be a 401, never a 500. */
const FORGED: Caller[] = [
  { who: 'garbage session cookie', cookies: { ...anonymous.cookies, [SESSION_COOKIE]: 'garbage' }, headers: anonymous.headers },
  { who: 'huge session cookie', cookies: { ...anonymous.cookies, [SESSION_COOKIE]: 'a.b.'.repeat(2000) }, headers: anonymous.headers },
  { who: 'unsigned token', cookies: anonymous.cookies, headers: { ...anonymous.headers, authorization: `Bearer ${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from('{"sub":"x"}').toString('base64url')}.` } },
  { who: 'empty Bearer', cookies: anonymous.cookies, headers: { ...anonymous.headers, authorization: 'Bearer ' } },
  { who: 'Basic auth', cookies: anonymous.cookies, headers: { ...anonymous.headers, authorization: 'Basic a2l0OmtpdA==' } },
];

let t: TestApp;
let signedIn: Caller;
/** Signed in by the session cookie, as a page on another origin makes the browser send it: no XSRF header. */
let forgedBySite: Caller;
let signedInSub: string;
let sent = 0;
beforeAll(async () => {
  t = await createTestApp();
  const c = await signedInCustomer(t.app, t.database.db);
  signedInSub = c.sub;
  signedIn = { who: 'signed in', cookies: { ...anonymous.cookies, [SESSION_COOKIE]: await sessionCookie(t, c) }, headers: anonymous.headers };
  forgedBySite = { who: 'signed in by cookie, no XSRF header', cookies: signedIn.cookies, headers: {} };
});
afterAll(() => t?.close());

/** Sends one probe; each from its own address, so that the rate limits do not hide what is behind them. */
async function send(probe: Probe, caller: Caller): Promise<Outcome> {
  const n = ++sent;
  const request: InjectOptions = {
    method: probe.method as InjectOptions['method'],
    url: probe.url,
    headers: { ...caller.headers, ...probe.headers },
    cookies: caller.cookies,
    remoteAddress: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
    ...(probe.payload !== undefined ? { payload: probe.payload } : {}),
  };
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'no answer'>((resolve) => (timer = setTimeout(() => resolve('no answer'), ANSWER_WITHIN_MS)));
  const res = await Promise.race([t.app.inject(request), late]).finally(() => clearTimeout(timer));
  return res === 'no answer' ? { probe, who: caller.who, status: res, body: '' } : { probe, who: caller.who, status: res.statusCode, body: res.body };
}

const clip = (s: string, n = 160) => (s.length > n ? `${s.slice(0, n)}… (${s.length} chars)` : s);
const SECRET_KEY = /password|token|secret|code|session/i;
/**
 * A body for the failure message: every field visible, long texts shortened. A plain value under a
 * secret-looking name is left out (none is real here, but no password goes to a log); the odd
 * values the fuzz sends there stay visible.
 */
function shortBody(text: string): string {
  const shown = (key: string, v: unknown) =>
    typeof v !== 'string' ? v : SECRET_KEY.test(key) && /^[\x20-\x7e]{0,40}$/.test(v) ? '«weggelassen»' : clip(v, 40);
  try {
    return clip(JSON.stringify(JSON.parse(text), shown), 600);
  } catch {
    return clip(JSON.stringify(text));
  }
}
function describeOutcome({ probe, who, status, body }: Outcome): string {
  const headers = Object.entries(probe.headers ?? {}).filter(([k]) => k !== XSRF_HEADER);
  return [
    `${probe.method} ${clip(probe.url, 200)} [${who}]`,
    headers.length ? `headers ${clip(JSON.stringify(Object.fromEntries(headers)))}` : '',
    probe.payload !== undefined ? `body ${shortBody(probe.payload)}` : '',
    `→ ${status} ${clip(body, 200)}`,
  ]
    .filter(Boolean)
    .join(' ');
}
/**
 * Whether a refusal carries the backend error body of spec §8, `{ message, status, errors: [] }`,
 * with its own status. The OAuth token endpoint may answer RFC 6749's `{ error, error_description }`
 * instead (however its path is spelled), and a HEAD answer has no body.
 */
function isBackendError(o: Outcome): boolean {
  if (o.probe.method === 'HEAD') return o.body === '';
  try {
    const body = JSON.parse(o.body) as unknown;
    const parsed = backendErrorSchema.safeParse(body);
    if (parsed.success) return parsed.data.status === o.status;
    return o.probe.url.startsWith('/api/oauth2/') && typeof (body as { error?: unknown }).error === 'string';
  } catch {
    return false;
  }
}
/**
 * Fails with every request answered with a 5xx or not at all, and every refusal of the API whose
 * body is not the one error shape: one line each, and the seed.
 */
function expectSoundAnswers(outcomes: Outcome[]) {
  const lines = outcomes.filter((o) => o.status === 'no answer' || o.status >= 500).map(describeOutcome);
  expect(lines.join('\n'), `${lines.length} answers ≥ 500 or none (FUZZ_SEED=${SEED})`).toBe('');
  const misshapen = outcomes.filter((o) => typeof o.status === 'number' && o.status >= 400 && o.probe.url.startsWith('/api/') && !isBackendError(o));
  expect(misshapen.map(describeOutcome).join('\n'), `${misshapen.length} refusals not in the error body { message, status, errors: [] } (FUZZ_SEED=${SEED})`).toBe('');
}

async function sendAll(probes: Probe[], callers: Caller[]): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  for (const probe of probes) for (const caller of callers) outcomes.push(await send(probe, caller));
  return outcomes;
}

// ---- what is not fuzzed from the document, and why ---------------------------------------------------

/** Operations of the document that inject cannot call to the end, and the bad requests they must still refuse. */
const EXCLUDED: Record<string, { reason: string; refuse: () => { probe: Probe; caller: Caller }[] }> = {
  'GET /api/quotes/stream': {
    reason: 'Server-Sent Events: a valid request opens a stream that only ends with its connection',
    refuse: () => [
      { probe: { method: 'GET', url: `/api/quotes/stream?isins=${SAP}` }, caller: anonymous },
      ...FORGED.map((caller) => ({ probe: { method: 'GET', url: `/api/quotes/stream?isins=${SAP}` }, caller })),
      ...['', '%00', '%ED%A0%80', 'x'.repeat(10_000), 'DE000716460%00', `${SAP},`.repeat(500)].map((v) => ({ probe: { method: 'GET', url: `/api/quotes/stream?isins=${v}` }, caller: signedIn })),
      { probe: { method: 'GET', url: '/api/quotes/stream' }, caller: signedIn },
    ],
  },
  'GET /api/trading/stream': {
    reason: 'Server-Sent Events: the customer’s order messages, a stream that only ends with its connection',
    refuse: () => [anonymous, ...FORGED].map((caller) => ({ probe: { method: 'GET', url: '/api/trading/stream' }, caller })),
  },
};

/** Routes kept out of the document (`hide: true`), with the requests that stand in for their schema. */
const HIDDEN: Record<string, () => Probe[]> = {
  'POST /identity/ (the user pool’s wire protocol, every action)': () => {
    const actions = [...Object.keys(t.app.identity!.actions), 'Unknown', '', 'constructor', '__proto__', 'toString'];
    const amz = (action: string, payload: string, type = 'application/x-amz-json-1.1'): Probe => ({
      method: 'POST',
      url: '/identity/',
      headers: { 'content-type': type, 'x-amz-target': `AWSCognitoIdentityProviderService.${action}` },
      payload,
    });
    // The fields the actions read, so that a bad value in one is not refused for a missing other.
    const base = {
      ClientId: t.config.identity.clientId,
      Username: 'fuzz@kontor.example',
      Password: 'Kontor!Fuzz1',
      ConfirmationCode: '123456',
      AuthFlow: 'USER_SRP_AUTH',
      AuthParameters: { USERNAME: 'fuzz@kontor.example', SRP_A: 'ab' },
      Session: 'x',
      AccessToken: 'x',
      ChallengeResponses: { USERNAME: 'x' },
    };
    const bad = ['a\u0000b', 'fuzz\u0000@kontor.example', '\ud800', huge, 0, -1, null, [], {}, true];
    return actions.flatMap((action) => [
      amz(action, '{}'),
      amz(action, JSON.stringify(base)),
      ...INVALID_JSON.slice(0, 5).map((text) => amz(action, text)),
      amz(action, 'null'),
      amz(action, '[]'),
      amz(action, '{}', 'text/plain'),
      ...Object.keys(base).flatMap((key) => bad.map((value) => amz(action, JSON.stringify({ ...base, [key]: value })))),
      ...['USERNAME', 'SRP_A', 'PASSWORD', 'SECRET_HASH', 'DEVICE_KEY'].flatMap((key) => bad.slice(0, 4).map((value) => amz(action, JSON.stringify({ ...base, AuthParameters: { ...base.AuthParameters, [key]: value } })))),
    ]).concat([
      { method: 'POST', url: '/identity/', headers: { 'content-type': 'application/x-amz-json-1.1' }, payload: '{}' },
      { method: 'POST', url: '/identity/', headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'x'.repeat(8000) }, payload: '{}' },
      { method: 'POST', url: '/identity/', headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth' }, payload: OVERSIZED },
    ]);
  },
  'GET /identity/<pool>/.well-known/jwks.json': () => [{ method: 'GET', url: `/identity/${t.config.identity.poolId}/.well-known/jwks.json?x=%00` }],
  'GET /dev/outbox, /dev/outbox.json': () => [{ method: 'GET', url: '/dev/outbox?x=%00' }, { method: 'GET', url: '/dev/outbox.json?x=%ED%A0%80' }],
  'GET /dev/app, /dev/app/{serial}, POST /dev/app/{serial}/{ticket} and their JSON variants under /api/dev/app (the companion app page)': () => {
    const serials = ['KA-UNBEKANT', '%00', '%ED%A0%80', 'x'.repeat(5000), '..', '%2F'];
    const tickets = ['00000000-0000-4000-8000-000000000000', 'kein-ticket', '%00', '%FF', 'x'.repeat(5000)];
    const bodies: Probe['payload'][] = ['{"decision":"APPROVE"}', '{"decision":"x"}', '{}', 'null', '{', `{"decision":"${huge}"}`];
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const json = { 'content-type': 'application/json' };
    return [
      { method: 'GET', url: '/dev/app?x=%00' },
      ...serials.flatMap((s): Probe[] => [{ method: 'GET', url: `/dev/app/${s}` }, { method: 'GET', url: `/api/dev/app/${s}` }]),
      ...serials.flatMap((s) =>
        tickets.flatMap((tk): Probe[] => [
          ...bodies.map((payload) => ({ method: 'POST', url: `/api/dev/app/${s}/${tk}`, headers: json, payload })),
          ...['decision=APPROVE', 'decision=DENY', 'decision=', 'x=%00', '%', 'decision=APPROVE&decision=DENY', `decision=${'x'.repeat(2000)}`].map((payload) => ({ method: 'POST', url: `/dev/app/${s}/${tk}`, headers: form, payload })),
        ]),
      ),
    ];
  },
  'POST /dev/market/move': () =>
    probesOf(
      {
        method: 'POST',
        path: '/dev/market/move',
        params: [],
        body: { type: 'object', properties: { isin: { type: 'string', pattern: '^[A-Z]{2}[A-Z0-9]{9}[0-9]$' }, percent: { type: 'string' } }, required: ['isin', 'percent'] },
      },
      SEED,
      '00000000-0000-4000-8000-000000000000',
    ),
};

/**
 * Malformed multipart/form-data bodies for an upload at `url` (field "file"): names, contents,
 * fields, limits and framing; then the valid body at each of `oddUrls`.
 */
function multipartProbes(url: string, oddUrls: string[]): Probe[] {
  const B = 'fuzzboundary';
  const type = { 'content-type': `multipart/form-data; boundary=${B}` };
  const pdf = pdfBytes().toString('latin1');
  const head = (name = 'file', filename: string | null = 'a.pdf', extra = '\r\nContent-Type: application/pdf') =>
    `Content-Disposition: form-data; name="${name}"${filename === null ? '' : `; filename="${filename}"`}${extra}`;
  const part = (headers: string, content: string) => `--${B}\r\n${headers}\r\n\r\n${content}\r\n`;
  const form = (...parts: string[]) => `${parts.join('')}--${B}--\r\n`;
  const valid = form(part(head(), pdf));
  const bodies = [
    valid,
    ...['', '\u0000', '../../etc/passwd', 'x'.repeat(5000), '\ud800.pdf', 'a\\"b.pdf', '%00.pdf', 'ä\u202Efdp.exe', 'C:\\fakepath\\a.pdf'].map((f) => form(part(head('file', f), pdf))),
    ...['', '\u0000', 'MZ\u0090', '%PDF', huge, ...fc.sample(fc.string({ unit: 'binary', maxLength: 64 }), { seed: SEED, numRuns: RANDOM_PROBES })].map((c) => form(part(head(), c))),
    form(part(head('__proto__'), pdf)),
    form(part(head('constructor'), pdf)),
    form(part(head('file', null, ''), pdf)),
    form(part(head('anhang'), pdf)),
    form(part(head(), pdf), part(head(), pdf)),
    form(part(head('note', null, '\r\nContent-Type: application/json'), '{'), part(head(), pdf)),
    form(...Array.from({ length: 20 }, (_, i) => part(head(`f${i}`, null, ''), 'x')), part(head(), pdf)),
    form(part(head('note', null, ''), 'x'.repeat(5000)), part(head(), pdf)),
    form(part(`${head()}\r\nX-Odd: ${'x'.repeat(100_000)}`, pdf)),
    form(part(head(), `${pdf}${' '.repeat(UPLOAD_MAX_BYTES)}`)),
    `--${B}\r\n${head()}\r\n\r\n${pdf}`,
    `--${B}\r\n\r\n${pdf}\r\n--${B}--\r\n`,
    `--${B}\r\n${head()}${pdf}`,
    '',
    '--',
    `--${B}--\r\n`,
  ];
  return [
    ...bodies.map((payload) => ({ method: 'POST', url, headers: type, payload })),
    ...['multipart/form-data', 'multipart/form-data; boundary=', `multipart/form-data; boundary=${B}; charset=utf-16`, `multipart/mixed; boundary=${B}`, `multipart/form-data; boundary="${'b'.repeat(200)}"`].map(
      (t) => ({ method: 'POST', url, headers: { 'content-type': t }, payload: valid }),
    ),
    ...oddUrls.map((u) => ({ method: 'POST', url: u, headers: type, payload: valid })),
  ];
}

/** Operations whose body the document gives as multipart/form-data, with the probes they must answer without a 5xx. */
const MULTIPART: Record<string, () => Promise<Probe[]>> = {
  'POST /api/ticketdialog/{id}/attachments': async () => {
    const ticket = await insertTicket(t.database.db, signedInSub);
    return multipartProbes(`/api/ticketdialog/${ticket}/attachments`, ODD_SEGMENTS.map((s) => `/api/ticketdialog/${s}/attachments`));
  },
};

// ---- the tests ---------------------------------------------------------------------------------------

/**
 * The malformed-request probes run per area (the first segment after /api/, the clock's moves each
 * on their own), so that no single case runs for minutes and a failure names its area; the last case takes whatever no listed area covers,
 * so a new area is fuzzed before anyone lists it.
 */
const AREAS = ['user', 'trading', 'ticket', 'notification', 'wl', 'posteingang', 'appenrollment', 'savingsplan', 'notes', 'instrument', 'moneytransaction', 'quotes', 'tax', 'ca', 'usersettings', 'onboarding', 'dev', 'oauth2', 'auth', 'appauth', 'ticketdialog'];
/** The clock's moves run every job they pass, so each is a case of its own (together they took minutes on a busy machine). */
const SUB_AREAS = ['dev/clock/advance', 'dev/clock/next-quarter', 'dev/clock/next-savings-day', 'dev/clock'];
const areaOf = (path: string) => {
  const sub = SUB_AREAS.find((a) => path === `/api/${a}` || path.startsWith(`/api/${a}/`));
  if (sub) return sub;
  const segment = /^\/api\/([^/{]+)/.exec(path)?.[1] ?? '';
  return AREAS.includes(segment) ? segment : 'other';
};

describe('fuzzing every operation of the OpenAPI document', () => {
  it('lists operations in the document, and excludes none it no longer has', async () => {
    const operations = await servedOperations(t.app);
    expect(operations.length).toBeGreaterThan(40);
    const stale = Object.keys(EXCLUDED).filter((name) => !operations.some((op) => op.name === name));
    expect(stale, 'excluded operations that the document no longer has').toEqual([]);
    const empty = [...AREAS, ...SUB_AREAS].filter((area) => !operations.some((op) => areaOf(op.path) === area));
    expect(empty, 'listed areas without an operation').toEqual([]);
  });

  it.each([...AREAS, ...SUB_AREAS, 'other'])('answers every malformed request to /api/%s, signed in or not, without a 5xx and with the one error body', async (area) => {
    const operations = await servedOperations(t.app);
    const started = Date.now();
    const outcomes: Outcome[] = [];
    const counts: Record<string, number> = {};
    // The seed goes by the operation's place in the whole document, as before the split.
    for (const [i, op] of operations.entries()) {
      if (EXCLUDED[op.name] || areaOf(op.path) !== area) continue;
      const uuid = fc.sample(fc.uuid({ version: 4 }), { seed: SEED + i, numRuns: 1 })[0]!;
      const probes = probesOf({ method: op.method, path: op.path, params: op.parameters, body: op.body }, SEED + i, uuid);
      counts[op.name] = probes.length;
      // Signed in and not signed in with every probe (the guard refuses a guarded route cheaply);
      // forged credentials with the base request.
      outcomes.push(...(await sendAll(probes, [signedIn, anonymous])));
      outcomes.push(...(await sendAll(probes.slice(0, 1), FORGED)));
    }
    const seconds = (Date.now() - started) / 1000;
    console.info(`fuzz /api/${area}: ${Object.keys(counts).length} operations, ${outcomes.length} requests in ${seconds.toFixed(1)} s, seed ${SEED}; probes per operation: ${JSON.stringify(counts)}`);
    expect(outcomes.length, 'the area has operations to fuzz').toBeGreaterThan(0);
    expectSoundAnswers(outcomes);
  }, 240_000);

  it('answers deeply nested bodies and other spellings of every path without a 5xx, and no spelling skips the XSRF check', async () => {
    const operations = await servedOperations(t.app);
    const outcomes: Outcome[] = [];
    const forged: Outcome[] = [];
    for (const [i, op] of operations.entries()) {
      if (EXCLUDED[op.name]) continue;
      const shape = { method: op.method, path: op.path, params: op.parameters, body: op.body };
      const { path, body } = wellFormed(shape, fc.sample(fc.uuid({ version: 4 }), { seed: SEED + i, numRuns: 1 })[0]!);
      const json: Record<string, string> = body === undefined ? {} : { 'content-type': 'application/json' };
      // One of the two deep bodies each (8,000 levels cost the parse of 40 kB): they take turns.
      const deep: Probe = { method: op.method === 'GET' ? 'POST' : op.method, url: path, headers: { 'content-type': 'application/json' }, payload: DEEP_BODIES[i % 2] };
      outcomes.push(await send(deep, signedIn));
      const spelled = otherSpellings(path).map((url): Probe => ({ method: op.method, url, headers: json, ...(body === undefined ? {} : { payload: body }) }));
      // inject resolves the dot segment: that spelling is the well-formed call, fuzzed above.
      outcomes.push(...(await sendAll(spelled.filter((p) => !p.url.includes('/./')), [signedIn])));
      if (op.method !== 'GET') forged.push(...(await sendAll(spelled, [forgedBySite])));
    }
    // The user pool: every action with a body nested too deep, and its endpoint spelled otherwise.
    const identity = (url: string, action: string, payload: string): Probe => ({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `AWSCognitoIdentityProviderService.${action}` },
      payload,
    });
    const actions = Object.keys(t.app.identity!.actions);
    const pool = await sendAll([...actions.flatMap((a) => DEEP_BODIES.map((b) => identity('/identity/', a, b))), ...otherSpellings('/identity/').map((u) => identity(u, 'InitiateAuth', '{}'))], [anonymous]);
    expectSoundAnswers([...outcomes, ...forged, ...pool]);
    const deepTaken = [...outcomes, ...pool].filter((o) => o.probe.payload && DEEP_BODIES.includes(o.probe.payload) && o.status !== 400);
    expect(deepTaken.map(describeOutcome), 'a body nested too deep is a 400').toEqual([]);
    const unchecked = forged.filter((o) => typeof o.status === 'number' && o.status < 400);
    expect(unchecked.map(describeOutcome), 'no state-changing call without the XSRF header succeeds, however its path is spelled').toEqual([]);
  }, 60_000);

  it.each(Object.entries(EXCLUDED).map(([name, { reason }]) => [name, reason]))('%s is excluded (%s) but refuses bad requests without a 5xx', async (name) => {
    const outcomes: Outcome[] = [];
    for (const { probe, caller } of EXCLUDED[name]!.refuse()) outcomes.push(await send(probe, caller));
    expectSoundAnswers(outcomes);
    // Each of these is refused (no stream opened): 400 or 401.
    expect(outcomes.filter((o) => o.status !== 400 && o.status !== 401).map(describeOutcome)).toEqual([]);
  });

  it.each(Object.keys(MULTIPART))('%s answers multipart bodies (malformed, odd, too large) without a 5xx', async (name) => {
    expect((await servedOperations(t.app)).some((op) => op.name === name), 'the operation is in the document').toBe(true);
    const outcomes = await sendAll(await MULTIPART[name]!(), [signedIn, anonymous]);
    expectSoundAnswers(outcomes);
    expect(outcomes.filter((o) => o.status === 201).length, 'well-formed uploads are taken').toBeGreaterThan(0);
  }, 120_000);

  // The document's probes stop at the bot protection (403); these carry a solved challenge each, so
  // every bad value reaches the step rules of a confirmed application.
  it('the account-opening steps answer malformed data past the bot protection without a 5xx', async () => {
    const { token } = await confirmedApplication(t, 'fuzz-onboarding@kontor.example');
    // A few of each sort of bad value (each probe costs a challenge): types, control characters, size.
    const bad = [null, true, -1, 1e308, '', 'a\u0000b', '\ud800', huge, '11111111111111111111', [], {}];
    const outcomes: Outcome[] = [];
    for (const [step, good] of Object.entries(GOOD_STEPS)) {
      // The five product classes share one rule: one of them stands for all.
      const places = placesIn(good).filter((at) => step !== 'experience' || at.length === 0 || at[0] === 'SHARES');
      const payloads = [...places.flatMap((at) => [...bad.map((value) => JSON.stringify(withAt(good, at, value))), ...(at.length ? [JSON.stringify(withAt(good, at, undefined))] : [])]), ...INVALID_JSON.slice(0, 3)];
      for (const payload of payloads) {
        const headers = { 'content-type': 'application/json', 'x-aws-waf-token': await botToken(t), 'x-onboarding-token': token };
        outcomes.push(await send({ method: 'PUT', url: `/api/onboarding/application/${step}`, headers, payload }, anonymous));
      }
    }
    expectSoundAnswers(outcomes);
    expect(outcomes.filter((o) => o.status === 403).map(describeOutcome), 'each probe got past the bot protection').toEqual([]);
  }, 120_000);

  it.each(Object.keys(HIDDEN))('%s, outside the document, answers malformed requests without a 5xx', async (name) => {
    const outcomes = await sendAll(HIDDEN[name]!(), [anonymous]);
    expectSoundAnswers(outcomes);
  }, 120_000);
});
