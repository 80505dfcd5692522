// Child process of opening.bench.ts: customers of the market opening, each arriving at its time,
// each from its own address (X-Forwarded-For through one trusted proxy hop), each making the calls
// the web app makes, in its order (recorded from the built app in Chromium):
//
//   /anmelden          the page, /config.json, the start texts
//   sign-in            InitiateAuth (SRP), PASSWORD_VERIFIER, the SMS code from the outbox table
//                      (the customer's phone), SMS_MFA, ConfirmDevice; POST /api/auth/login (the
//                      session cookie, then cookie-borne calls with the XSRF header, as the app)
//   depot              me, the order stream (held all session), appauth/session, usersettings,
//                      notification, notes, positions; then performance, previous closes and the
//                      positions' quote stream (closed when the customer leaves the depot)
//   instrument page    instrument, watchlists, previous close, intraday history, notes, dividends,
//                      news and its quote stream, held open until the run ends; some set a price
//                      alert, 2 % place an order (costs, experience, the order, its page), some
//                      cancel a resting limit order
//   Posteingang        activity, the documents' first page, the unread count
//   orders             the orders list
//
// Every call is timed to the end of its answer. Quote lag: the time a message arrives less the
// time of its oldest quote (market time, shifted back to the machine's by the calibrated offset).
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import Decimal from 'decimal.js';
import pg from 'pg';
import { toWireDecimal } from '@kontor/domain/numbers';
import * as srp from '../apps/server/src/identity/srp.ts';
import { mulberry32 as random } from '../apps/server/src/platform/random.ts';
import type { OpeningCustomer } from './opening-setup.ts';
import { fastClient, stamp } from './sign-in-storm-clients.ts';

export type ClientsRequest = {
  host: string;
  port: number;
  databaseUrl: string;
  clientId: string;
  realm: string;
  password: string;
  customers: (OpeningCustomer & { arriveMs: number })[];
  /** Market time less the machine's, in ms. */
  offsetMs: number;
  seed: number;
  /** The customers' pauses between pages scaled (the warm-up hurries). */
  thinkScale: number;
};

/** Per endpoint: when each call started (ms after go), how long it took, its status (0: no answer). */
export type Calls = Record<string, { t: number[]; ms: number[]; status: number[] }>;
export type ClientsResult = {
  calls: Calls;
  signIns: { t: number[]; ms: number[]; smsWaitMs: number[] };
  failures: string[];
  sessionsDone: number;
  /** Quote messages on the streams: arrival (ms after go) and lag (ms). */
  lag: { t: number[]; ms: number[] };
  streams: { quoteOpened: number; quoteDropped: number; orderOpened: number; orderDropped: number; bellEvents: number; orderEvents: number };
  alertsSetOnPage: number;
  orders: { market: number; limit: number; filledInTheAnswer: number; cancelled: number };
  cpuMs: number;
  eventLoopDelayMs: { p50: number; p99: number; max: number };
};

const USD_RATE_ISIN = 'EU0009652759';

let go = 0;
const since = () => Date.now() - go;
const calls: Calls = {};
const signIns = { t: [] as number[], ms: [] as number[], smsWaitMs: [] as number[] };
const lag = { t: [] as number[], ms: [] as number[] };
const failures: string[] = [];
const streams = { quoteOpened: 0, quoteDropped: 0, orderOpened: 0, orderDropped: 0, bellEvents: 0, orderEvents: 0 };
const orders = { market: 0, limit: 0, filledInTheAnswer: 0, cancelled: 0 };
let alertsSetOnPage = 0;
let stopping = false;
const open = new Set<net.Socket>();
/** Streams the customer closed (left the page), as against ones the server dropped. */
const closedByUs = new WeakSet<net.Socket>();
function closeStream(s: net.Socket | undefined) {
  if (!s) return;
  closedByUs.add(s);
  s.destroy();
}

function record(label: string, t: number, ms: number, status: number) {
  const c = (calls[label] ??= { t: [], ms: [], status: [] });
  c.t.push(t);
  c.ms.push(ms);
  c.status.push(status);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One customer's browser: its connections (at most 4 besides the event streams), its cookies, its address. */
class Browser {
  readonly agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
  readonly cookies = new Map<string, string>();
  constructor(
    readonly req: ClientsRequest,
    readonly address: string,
  ) {}

  cookieHeader(path: string): string {
    // The session cookies are scoped to /api; the XSRF token and the hint to every path.
    return [...this.cookies].filter(([name]) => path.startsWith('/api') || !name.startsWith('kontor_session')).map(([k, v]) => `${k}=${v}`).join('; ');
  }

  /** A call as the app's fetch makes it; `label` is the endpoint (method and route) it counts under. */
  call(method: string, path: string, label: string, opts: { body?: unknown; headers?: Record<string, string> } = {}): Promise<{ status: number; body: string }> {
    const headers: Record<string, string> = { accept: 'application/json, text/plain, */*', 'x-forwarded-for': this.address, ...opts.headers };
    const cookie = this.cookieHeader(path);
    if (cookie) headers.cookie = cookie;
    if (method !== 'GET' && path.startsWith('/api/')) headers['x-xsrf-token'] = this.cookies.get('XSRF-TOKEN') ?? '';
    const payload = opts.body === undefined ? undefined : typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body);
    if (payload !== undefined) headers['content-type'] ??= 'application/json';
    const t0 = since();
    const started = performance.now();
    return new Promise((resolve) => {
      const r = http.request({ host: this.req.host, port: this.req.port, method, path, headers, agent: this.agent }, (res) => {
        for (const c of res.headers['set-cookie'] ?? []) {
          const [pair] = c.split(';');
          const i = pair!.indexOf('=');
          this.cookies.set(pair!.slice(0, i), pair!.slice(i + 1));
        }
        const chunks: Buffer[] = [];
        res.on('data', (d: Buffer) => chunks.push(d));
        res.on('end', () => {
          const status = res.statusCode ?? 0;
          record(label, t0, performance.now() - started, status);
          resolve({ status, body: Buffer.concat(chunks).toString() });
        });
        res.on('error', () => {
          record(label, t0, performance.now() - started, 0);
          resolve({ status: 0, body: '' });
        });
      });
      r.on('error', (e) => {
        record(label, t0, performance.now() - started, 0);
        resolve({ status: 0, body: String(e) });
      });
      r.end(payload);
    });
  }

  /** GET that must answer 2xx, parsed. */
  async json<T>(path: string, label: string): Promise<T | undefined> {
    const res = await this.call('GET', path, label);
    if (res.status < 200 || res.status >= 300) throw new Error(`${label}: ${res.status} ${res.body.slice(0, 120)}`);
    return res.body ? (JSON.parse(res.body) as T) : undefined;
  }

  /**
   * An event stream on a socket of its own (the browser's EventSource). `onEvent` gets each event's
   * text as it arrives; the time to the first event counts under `label`.
   */
  stream(path: string, label: string, onEvent: (event: string, at: number, first: boolean) => void, onDrop: () => void): Promise<net.Socket> {
    const t0 = since();
    const started = performance.now();
    return new Promise((resolve, reject) => {
      const socket = net.connect({ host: this.req.host, port: this.req.port });
      let text = '';
      let head = true;
      let first = true;
      let chunked = false;
      let settled = false;
      socket.setEncoding('latin1');
      socket.on('connect', () => {
        socket.setNoDelay(true);
        socket.write(`GET ${path} HTTP/1.1\r\nhost: ${this.req.host}:${this.req.port}\r\naccept: text/event-stream\r\ncache-control: no-cache\r\ncookie: ${this.cookieHeader(path)}\r\nx-forwarded-for: ${this.address}\r\n\r\n`);
      });
      socket.on('data', (chunk: string) => {
        const at = Date.now();
        text += chunk;
        if (head) {
          const end = text.indexOf('\r\n\r\n');
          if (end < 0) return;
          const status = Number(text.slice(9, 12));
          chunked = /transfer-encoding: chunked/i.test(text.slice(0, end));
          text = text.slice(end + 4);
          head = false;
          if (status !== 200) {
            record(label, t0, performance.now() - started, status);
            settled = true;
            socket.destroy();
            reject(new Error(`${label}: ${status}`));
            return;
          }
        }
        for (let i = text.indexOf('\n\n'); i >= 0; i = text.indexOf('\n\n')) {
          // A chunked stream's size lines fall between events (each event is one write, one chunk).
          const event = chunked ? text.slice(0, i).replace(/^\r\n[0-9a-f]+\r\n|^[0-9a-f]+\r\n/i, '') : text.slice(0, i);
          text = text.slice(i + 2);
          if (event.startsWith(':') || event.startsWith('\r\n')) continue;
          if (first) {
            record(label, t0, performance.now() - started, 200);
            settled = true;
            open.add(socket);
            resolve(socket);
          }
          onEvent(event, at, first);
          first = false;
        }
      });
      socket.on('close', () => {
        open.delete(socket);
        if (!settled) {
          settled = true;
          record(label, t0, performance.now() - started, 0);
          reject(new Error(`${label}: closed before its first event`));
        } else if (!stopping && !closedByUs.has(socket)) {
          onDrop();
        }
      });
      socket.on('error', () => {});
    });
  }

  close() {
    this.agent.destroy();
  }
}

/** The quote stream of a page: lag of each message after the first (the first is the page's snapshot). */
async function quoteStream(b: Browser, isins: string[], onQuote?: (q: { bid: string; ask: string }) => void): Promise<net.Socket> {
  const socket = await b.stream(`/api/quotes/stream?isins=${encodeURIComponent(isins.join(','))}`, 'GET /api/quotes/stream', (event, at, first) => {
    const data = event.split('\n').find((l) => l.startsWith('data: '));
    if (!data) return;
    const list = JSON.parse(data.slice(6)) as { ts: string; bid: string; ask: string }[];
    if (list.length > 0) onQuote?.(list[list.length - 1]!);
    if (first || list.length === 0) return;
    let oldest = Infinity;
    for (const q of list) oldest = Math.min(oldest, Date.parse(q.ts));
    lag.t.push(at - go);
    lag.ms.push(at - (oldest - b.req.offsetMs));
  }, () => streams.quoteDropped++);
  streams.quoteOpened++;
  return socket;
}

/** The device's verifier the identity client sends with ConfirmDevice: its own SRP secret, a random password under the device's keys. */
function deviceVerifier(groupKey: string, deviceKey: string): { PasswordVerifier: string; Salt: string } {
  const salt = srp.padHex(BigInt(`0x${randomBytes(16).toString('hex')}`));
  const verifier = srp.padHex(srp.powModN(srp.g, srp.computeX(salt, groupKey, deviceKey, randomBytes(40).toString('base64'))));
  return { PasswordVerifier: Buffer.from(verifier, 'hex').toString('base64'), Salt: Buffer.from(salt, 'hex').toString('base64') };
}

type Answer = { __type?: string; message?: string; ChallengeName?: string; Session?: string; ChallengeParameters: Record<string, string>; AuthenticationResult?: { AccessToken?: string; NewDeviceMetadata?: { DeviceKey: string; DeviceGroupKey: string } } };

async function session(req: ClientsRequest, c: ClientsRequest['customers'][number], db: pg.Pool, rng: () => number) {
  const b = new Browser(req, c.address);
  const think = (minMs: number, maxMs: number) => sleep((minMs + rng() * (maxMs - minMs)) * req.thinkScale);
  try {
    // /anmelden: the page and what it fetches first (scripts come from the browser's cache).
    const page = await b.call('GET', '/anmelden', 'GET /anmelden (page)', { headers: { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' } });
    if (page.status !== 200) throw new Error(`/anmelden: ${page.status} ${page.body.slice(0, 120)}`);
    await Promise.all([b.json('/config.json', 'GET /config.json'), b.json('/assets/i18n/de.start.json', 'GET /assets/i18n/de.start.json')]);
    await think(3_000, 6_000);

    // Sign-in, as the identity client does it.
    const srpClient = fastClient();
    const identity = async (action: string, body: unknown): Promise<Answer> => {
      const res = await b.call('POST', '/identity/', `POST /identity/ ${action}`, {
        body,
        headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `AWSCognitoIdentityProviderService.${action}` },
      });
      const json = JSON.parse(res.body || '{}') as Answer;
      if (res.status !== 200) throw new Error(`${action}: ${res.status} ${json.__type} ${json.message}`);
      return json;
    };
    const t0 = since();
    const signInStarted = performance.now();
    const sentAfter = new Date(Date.now() - 1000);
    const init = await identity('InitiateAuth', { ClientId: req.clientId, AuthFlow: 'USER_SRP_AUTH', AuthParameters: { USERNAME: c.username, SRP_A: srpClient.AHex } });
    const p = init.ChallengeParameters;
    const key = srpClient.key({ realm: req.realm, userId: p.USER_ID_FOR_SRP!, password: req.password, saltHex: p.SALT!, BHex: p.SRP_B! });
    const ts = stamp(new Date());
    const claim = createHmac('sha256', key)
      .update(Buffer.concat([Buffer.from(req.realm), Buffer.from(p.USER_ID_FOR_SRP!), Buffer.from(p.SECRET_BLOCK!, 'base64'), Buffer.from(ts)]))
      .digest('base64');
    const mfa = await identity('RespondToAuthChallenge', {
      ClientId: req.clientId,
      ChallengeName: 'PASSWORD_VERIFIER',
      ChallengeResponses: { USERNAME: p.USERNAME, PASSWORD_CLAIM_SECRET_BLOCK: p.SECRET_BLOCK, TIMESTAMP: ts, PASSWORD_CLAIM_SIGNATURE: claim },
    });
    if (mfa.ChallengeName !== 'SMS_MFA') throw new Error(`expected SMS_MFA, got ${mfa.ChallengeName}`);
    const smsFrom = performance.now();
    let code: string | undefined;
    while (!code) {
      const { rows } = await db.query<{ code: string }>('select code from outbox_messages where recipient = $1 and created_at >= $2 and code is not null order by created_at desc limit 1', [c.phone, sentAfter]);
      code = rows[0]?.code;
      if (!code) await sleep(20);
    }
    const smsWaitMs = performance.now() - smsFrom;
    const done = await identity('RespondToAuthChallenge', {
      ClientId: req.clientId,
      ChallengeName: 'SMS_MFA',
      Session: mfa.Session,
      ChallengeResponses: { USERNAME: mfa.ChallengeParameters.USER_ID_FOR_SRP, SMS_MFA_CODE: code },
    });
    const tokens = done.AuthenticationResult;
    if (!tokens?.AccessToken) throw new Error('no access token');
    const device = tokens.NewDeviceMetadata;
    if (device) {
      await identity('ConfirmDevice', { AccessToken: tokens.AccessToken, DeviceKey: device.DeviceKey, DeviceSecretVerifierConfig: deviceVerifier(device.DeviceGroupKey, device.DeviceKey), DeviceName: 'Chrome 131 on Linux' });
    }
    const login = await b.call('POST', '/api/auth/login', 'POST /api/auth/login', { body: { accessToken: tokens.AccessToken } });
    if (login.status !== 200) throw new Error(`login: ${login.status} ${login.body.slice(0, 120)}`);
    signIns.t.push(t0);
    signIns.ms.push(performance.now() - signInStarted);
    signIns.smsWaitMs.push(smsWaitMs);

    // The signed-in frame and the depot; the order stream stays open all session.
    const orderStream = b
      .stream(
        '/api/trading/stream',
        'GET /api/trading/stream',
        (event) => {
          if (event.startsWith('event: notifications')) streams.bellEvents++;
          else if (event.startsWith('event: ')) streams.orderEvents++;
        },
        () => streams.orderDropped++,
      )
      .then(() => void streams.orderOpened++);
    const [, , , , , depot] = await Promise.all([
      b.json('/api/user/me', 'GET /api/user/me'),
      b.json('/api/appauth/session', 'GET /api/appauth/session'),
      b.json('/api/usersettings', 'GET /api/usersettings'),
      b.json('/api/notification', 'GET /api/notification'),
      b.json('/api/notes', 'GET /api/notes'),
      b.json<{ positions: { isin: string; currency: string }[] }>('/api/trading/positions', 'GET /api/trading/positions'),
    ]);
    await orderStream;
    const isins = [...new Set(depot!.positions.map((x) => x.isin))].sort();
    const calls: Promise<unknown>[] = [b.json('/api/depot/performance?range=1J', 'GET /api/depot/performance')];
    if (isins.length > 0) calls.push(b.json(`/api/quotes/previous-close?isins=${encodeURIComponent(isins.join(','))}`, 'GET /api/quotes/previous-close'));
    await Promise.all(calls);
    const depotStream = isins.length > 0 ? await quoteStream(b, [...isins, ...(depot!.positions.some((x) => x.currency === 'USD') ? [USD_RATE_ISIN] : [])]) : undefined;
    await think(5_000, 15_000);
    closeStream(depotStream);

    // The instrument page; its quote stream stays open until the run ends.
    const isin = c.instrument;
    let quote: { bid: string; ask: string } | undefined;
    const [instrument] = await Promise.all([
      b.json<{ priceIncr: string; priceScale: number; instrumentType: string }>(`/api/instrument/${isin}`, 'GET /api/instrument/{isin}'),
      b.json('/api/wl', 'GET /api/wl'),
      b.json(`/api/quotes/previous-close?isins=${isin}`, 'GET /api/quotes/previous-close'),
      b.json(`/api/quotes/${isin}/history?range=Intraday`, 'GET /api/quotes/{isin}/history'),
      b.json(`/api/notes?isin=${isin}`, 'GET /api/notes'),
      b.json(`/api/instrument/${isin}/dividends`, 'GET /api/instrument/{isin}/dividends'),
      b.json(`/api/instrument-cache/news?isin=${isin}&size=5`, 'GET /api/instrument-cache/news'),
    ]);
    await quoteStream(b, [isin], (q) => (quote = q));
    let lastActivity = 0;
    const activity = async () => {
      if (Date.now() - lastActivity < 60_000) return;
      lastActivity = Date.now();
      await b.call('POST', '/api/session/activity', 'POST /api/session/activity');
    };
    const round = (x: number, up: boolean) => {
      const steps = new Decimal(x).div(instrument!.priceIncr);
      return toWireDecimal((up ? steps.ceil() : steps.floor()).mul(instrument!.priceIncr), instrument!.priceScale);
    };

    if (c.alert && quote) {
      await think(3_000, 8_000);
      await activity();
      const mid = (Number(quote.bid) + Number(quote.ask)) / 2;
      const above = rng() < 0.5;
      const res = await b.call('POST', '/api/notification/alerts', 'POST /api/notification/alerts', { body: { isin, direction: above ? 'above' : 'below', price: round(above ? mid * 1.0003 : mid * 0.9997, above) } });
      if (res.status === 201) alertsSetOnPage++;
      else throw new Error(`alert: ${res.status} ${res.body.slice(0, 120)}`);
    }

    if (c.order && quote) {
      // Kaufen: the ticket, "Order prüfen", the order, its page.
      await think(3_000, 8_000);
      await activity();
      const ask = Number(quote.ask);
      const quantity = String(Math.max(1, Math.floor(800 / ask)));
      const ticket =
        c.order === 'market'
          ? { isin, side: 'buy', kind: 'market', quantity, validity: { type: 'day' } }
          : { isin, side: 'buy', kind: 'limit', quantity, limit: round(Number(quote.bid) * 0.97, false), validity: { type: 'gtc' } };
      await think(3_000, 8_000);
      const [costs] = await Promise.all([b.call('POST', '/api/trading/costs', 'POST /api/trading/costs', { body: ticket }), b.json('/api/user/experience', 'GET /api/user/experience')]);
      if (costs.status !== 200) throw new Error(`costs: ${costs.status} ${costs.body.slice(0, 160)}`);
      const preview = JSON.parse(costs.body) as { requirements: { lowTradingConfirmation: boolean } };
      await think(2_000, 5_000);
      if (preview.requirements.lowTradingConfirmation) await b.call('POST', '/api/user/confirmlowtrading', 'POST /api/user/confirmlowtrading');
      const placed = await b.call('POST', '/api/trading', 'POST /api/trading', { body: ticket, headers: { 'idempotency-key': randomUUID() } });
      if (placed.status !== 201) throw new Error(`order: ${placed.status} ${placed.body.slice(0, 160)}`);
      if (c.order === 'market') orders.market++;
      else orders.limit++;
      const order = JSON.parse(placed.body) as { id: string; status: string };
      if (order.status === 'Filled') orders.filledInTheAnswer++;
      await Promise.all([b.json('/api/trading/positions', 'GET /api/trading/positions'), b.json(`/api/trading/orders/${order.id}`, 'GET /api/trading/orders/{id}')]);
      await b.json(`/api/trading/orders/${order.id}`, 'GET /api/trading/orders/{id}');
      if (c.order === 'limit-cancel') {
        await think(5_000, 15_000);
        const cancelled = await b.call('DELETE', `/api/trading/orders/${order.id}`, 'DELETE /api/trading/orders/{id}');
        if (cancelled.status !== 200) throw new Error(`cancel: ${cancelled.status} ${cancelled.body.slice(0, 160)}`);
        orders.cancelled++;
        await b.json(`/api/trading/orders/${order.id}`, 'GET /api/trading/orders/{id}');
        await b.json(`/api/trading/orders/${order.id}`, 'GET /api/trading/orders/{id}');
      }
    }

    // The Posteingang, then the orders list.
    await think(5_000, 15_000);
    await activity();
    await Promise.all([b.json('/api/posteingang?limit=30&mode=ALL', 'GET /api/posteingang'), b.json('/api/posteingang/unread', 'GET /api/posteingang/unread')]);
    await think(5_000, 15_000);
    await b.json('/api/trading/orders?state=all', 'GET /api/trading/orders');
    return true;
  } catch (error) {
    failures.push(`${c.username}: ${String(error).slice(0, 200)}`);
    return false;
  } finally {
    // The page calls are done; the streams stay until the run ends.
    b.agent.destroy();
  }
}

async function run(req: ClientsRequest, stop: Promise<void>): Promise<ClientsResult> {
  const db = new pg.Pool({ connectionString: req.databaseUrl, max: 4 });
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const cpuAtGo = process.cpuUsage();
  const rng = random(req.seed);
  const sessions = req.customers.map((c) => {
    const own = random(Math.floor(rng() * 2 ** 32));
    return sleep(Math.max(0, go + c.arriveMs - Date.now())).then(() => session(req, c, db, own));
  });
  const done = await Promise.all(sessions);
  process.send!({ sessionsDone: true });
  await stop;
  stopping = true;
  for (const s of open) closeStream(s);
  const cpu = process.cpuUsage(cpuAtGo);
  delay.disable();
  await db.end();
  return {
    calls,
    signIns,
    failures,
    sessionsDone: done.filter(Boolean).length,
    lag,
    streams,
    alertsSetOnPage,
    orders,
    cpuMs: (cpu.user + cpu.system) / 1000,
    eventLoopDelayMs: { p50: delay.percentile(50) / 1e6, p99: delay.percentile(99) / 1e6, max: delay.max / 1e6 },
  };
}

// Protocol with the parent: { request } → { ready }; { go: epoch ms } → { sessionsDone } when every
// customer has been through the pages; { stop } → { result } (the streams closed).
let release: () => void = () => {};
const stop = new Promise<void>((r) => (release = r));
process.on('message', (m: { request?: ClientsRequest; go?: number; stop?: boolean }) => {
  if (m.request) {
    const request = m.request;
    process.send!({ ready: true });
    process.on('message', (n: { go?: number }) => {
      if (n.go === undefined) return;
      go = n.go;
      void run(request, stop).then((result) => process.send!({ result }, () => process.exit(0)));
    });
  }
  if (m.stop) release();
});
