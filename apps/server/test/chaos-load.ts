// The crash test's load: customers prepared through the app itself before the server starts, then
// clients that each run mixed operations over HTTP as one signed-in customer, and record for each
// mutating call whether it was acknowledged (2xx), refused (4xx) or unknown (the connection died).
// After a kill a client sends the same request again with the same Idempotency-Key, as a real client
// would.
import { randomUUID } from 'node:crypto';
import { ticketAuthorisationData } from '@kontor/domain/service-requests';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { mulberry32 } from '../src/platform/random.ts';
import { openDatabase } from '../src/platform/db.ts';
import { signedInCustomer } from './customer.ts';
import { ANNAS_IBAN } from './money-kit.ts';
import { sleep, type ChaosServer } from './chaos-server.ts';
import { floatToDecimal } from '@kontor/domain/numbers';

const CORE_DAX = 'DE0005933931'; // an ETF with savings plans
export const START_CASH = '1000000.00';

export type ChaosCustomer = { sub: string; phone: string; token: string; watchlistId: string };
export type ChaosSetup = { customers: ChaosCustomer[]; shares: { isin: string; ask: number }[]; watchIsins: string[] };

/** Customers with cash, a reference account, a watchlist and a savings plan, written through the app in this process. */
export async function prepareChaos(env: Record<string, string>, count: number, pgliteTemplate?: Blob): Promise<ChaosSetup> {
  const config = loadConfig(env);
  // A new PGlite directory may start from a migrated copy (the suite's), which saves the initdb.
  const database = await openDatabase(config.database.kind === 'pglite' && pgliteTemplate ? { ...config.database, loadDataDir: pgliteTemplate } : config.database);
  await database.migrate();
  const app = await buildApp({ config, db: database.db, logger: false });
  try {
    const shares: ChaosSetup['shares'] = [];
    for await (const { instrument: i } of app.instruments.priced()) {
      if (shares.length >= 6) break;
      if (i.instrumentType !== 'AKTIE' || i.quoteCurrencyCode !== 'EUR' || i.isOTC || i.complex) continue;
      const ask = Number(app.quotes.current(i.isin)?.ask);
      if (ask > 0 && ask < 2000) shares.push({ isin: i.isin, ask });
    }
    if (shares.length < 2) throw new Error('no priced euro shares');
    const call = async (method: 'POST' | 'PUT', url: string, headers: Record<string, string>, payload?: object, want = [200, 201, 204]) => {
      const res = await app.inject({ method, url, headers: { ...headers, 'idempotency-key': randomUUID() }, payload });
      if (!want.includes(res.statusCode)) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
      return (res.body ? res.json() : {}) as { id: string };
    };
    const customers: ChaosCustomer[] = [];
    for (let n = 0; n < count; n++) {
      const c = await signedInCustomer(app, database.db, `chaos-${n}-${randomUUID().slice(0, 8)}`);
      await call('PUT', '/api/user/account/iban', c.headers, { iban: ANNAS_IBAN });
      await call('POST', '/api/dev/deposit', c.headers, { amount: START_CASH });
      await call('POST', '/api/user/confirmlowtrading', c.headers);
      const list = await call('POST', '/api/wl', c.headers, { name: 'Chaos' });
      // Weekly plans on different weekdays, so that savings days come often.
      await call('POST', '/api/savingsplan', c.headers, { isin: CORE_DAX, amount: '50.00', interval: 'weekly', day: 1 + (n % 5), firstDate: '2026-11-25', dynamicPercent: 0, payment: 'CASH' }, [201]);
      customers.push({ sub: c.sub, phone: c.phone, token: c.accessToken, watchlistId: list.id });
    }
    return { customers, shares, watchIsins: shares.map((s) => s.isin).concat(CORE_DAX) };
  } finally {
    await app.close();
    await database.close();
  }
}

// ——— operations ———

/** `not-sent`: the steps before the mutating call (a TAN) were refused or cut off by a kill, so nothing was sent. */
export type Outcome = 'acknowledged' | 'refused' | 'unknown' | 'not-sent';
export type OpKind = 'limit-buy' | 'market-buy' | 'market-sell' | 'limit-sell' | 'cancel' | 'deposit' | 'payout' | 'watchlist-add' | 'watchlist-remove' | 'ticket' | 'savings-day';

/** One operation as the client saw it: what it sent last, and how the server answered. */
export type OpRecord = {
  n: number;
  kind: OpKind;
  sub: string;
  key?: string;
  outcome: Outcome;
  /** The unknown request was sent again after a restart (and then answered). */
  retried: boolean;
  /** The id the acknowledgement named (order, payout, ticket). */
  id?: string;
  status?: number;
  /** Order status in the acknowledgement; watchlist: the ISIN. */
  detail?: string;
  /** Ticket retried after a kill and refused: its TAN was used, so the first attempt went through or was cut off half-way. */
  tanUsed?: boolean;
  /** Answers ≥ 500 before the one recorded (the request was sent again with the same key). */
  serverErrors?: number[];
  /** From the start of the operation to its last answer, in ms (a kill's downtime included). */
  ms?: number;
};

const WEIGHTS: [OpKind, number][] = [
  ['limit-buy', 24],
  ['market-buy', 12],
  ['market-sell', 8],
  ['limit-sell', 4],
  ['cancel', 15],
  ['deposit', 10],
  ['payout', 2],
  ['watchlist-add', 10],
  ['watchlist-remove', 8],
  ['ticket', 1],
  ['savings-day', 1],
];
const TOTAL_WEIGHT = WEIGHTS.reduce((s, [, w]) => s + w, 0);

type Sent = { status: number; body: unknown } | 'died';

/** A client: one customer, one operation at a time. */
export class ChaosClient {
  readonly records: OpRecord[] = [];
  /** Limit orders acknowledged as resting: what cancels pick from. */
  readonly #resting: string[] = [];
  readonly #rand: () => number;

  constructor(
    readonly customer: ChaosCustomer,
    readonly setup: ChaosSetup,
    readonly server: ChaosServer,
    seed: number,
  ) {
    this.#rand = mulberry32(seed);
  }

  /** Sends once; 'died' when the connection failed or no answer came. */
  async #send(method: string, url: string, body?: unknown, key?: string): Promise<Sent> {
    const headers: Record<string, string> = { authorization: `Bearer ${this.customer.token}` };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (key) headers['idempotency-key'] = key;
    try {
      const res = await fetch(`${this.server.base}${url}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal: AbortSignal.timeout(30_000) });
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        // not JSON
      }
      return { status: res.status, body: parsed };
    } catch {
      return 'died';
    }
  }

  /**
   * A mutating call: sent, and after a kill or a 5xx sent again (same key, same body) up to 5
   * times, as a real client would; the 5xx answers are kept (`serverErrors`).
   */
  async #mutate(rec: Omit<OpRecord, 'outcome' | 'retried'>, method: string, url: string, body?: unknown): Promise<{ status: number; body: unknown } | undefined> {
    let answer = await this.#send(method, url, body, rec.key);
    let retried = false;
    const serverErrors: number[] = [];
    for (let attempt = 0; (answer === 'died' || answer.status >= 500) && attempt < 5; attempt++) {
      if (answer !== 'died') serverErrors.push(answer.status);
      await this.#waitForServer();
      retried = true;
      answer = await this.#send(method, url, body, rec.key);
    }
    const errors = serverErrors.length > 0 ? { serverErrors } : {};
    if (answer === 'died') {
      this.records.push({ ...rec, ...errors, outcome: 'unknown', retried });
      return undefined;
    }
    const ok = answer.status >= 200 && answer.status < 300;
    const b = answer.body as { id?: string; status?: string } | null;
    // A 5xx even after the repeats: the outcome is unknown.
    const outcome = ok ? 'acknowledged' : answer.status >= 500 ? 'unknown' : 'refused';
    this.records.push({ ...rec, ...errors, outcome, retried, status: answer.status, id: ok ? (b?.id ?? rec.id) : rec.id, detail: rec.detail ?? (ok ? b?.status : undefined) });
    return answer;
  }

  async #waitForServer(): Promise<void> {
    await this.server.up();
    await sleep(100);
  }

  #pick<T>(xs: readonly T[]): T {
    return xs[Math.floor(this.#rand() * xs.length)]!;
  }

  async run(n: number): Promise<void> {
    let r = this.#rand() * TOTAL_WEIGHT;
    let kind: OpKind = WEIGHTS[0]![0];
    for (const [k, w] of WEIGHTS) {
      if ((r -= w) < 0) {
        kind = k;
        break;
      }
    }
    const before = this.records.length;
    const started = performance.now();
    try {
      await this.#op(n, kind);
    } catch (e) {
      // A step before the mutating call failed (the TAN request while the server died): nothing was sent.
      if (!(e instanceof Interrupted)) throw e;
      await this.#waitForServer();
    }
    const rec = this.records[before];
    if (rec) rec.ms = Math.round(performance.now() - started);
    else this.records.push({ n, kind, sub: this.customer.sub, outcome: 'not-sent', retried: false });
  }

  async #op(n: number, kind: OpKind): Promise<void> {
    const sub = this.customer.sub;
    const share = this.#pick(this.setup.shares);
    const key = randomUUID();
    switch (kind) {
      case 'limit-buy': {
        // Far below the market: it rests, and a cancel can find it.
        const limit = floatToDecimal(Math.floor(share.ask * 40) / 100, 2);
        const a = await this.#mutate({ n, kind, sub, key }, 'POST', '/api/trading', { isin: share.isin, side: 'buy', kind: 'limit', quantity: '1', limit, validity: { type: 'gtc' } });
        const id = (a?.body as { id?: string } | undefined)?.id;
        if (a && a.status === 201 && id) this.#resting.push(id);
        return;
      }
      case 'limit-sell': {
        const limit = floatToDecimal(Math.ceil(share.ask * 250) / 100, 2);
        const a = await this.#mutate({ n, kind, sub, key }, 'POST', '/api/trading', { isin: share.isin, side: 'sell', kind: 'limit', quantity: '1', limit, validity: { type: 'gtc' } });
        const id = (a?.body as { id?: string } | undefined)?.id;
        if (a && a.status === 201 && id) this.#resting.push(id);
        return;
      }
      case 'market-buy':
      case 'market-sell':
        await this.#mutate({ n, kind, sub, key }, 'POST', '/api/trading', { isin: share.isin, side: kind === 'market-buy' ? 'buy' : 'sell', kind: 'market', quantity: '1', validity: { type: 'day' } });
        return;
      case 'cancel': {
        if (this.#resting.length === 0) return this.#op(n, 'limit-buy');
        const id = this.#resting.splice(Math.floor(this.#rand() * this.#resting.length), 1)[0]!;
        await this.#mutate({ n, kind, sub, id }, 'DELETE', `/api/trading/orders/${id}`);
        return;
      }
      case 'deposit': {
        const amount = `${100 + Math.floor(this.#rand() * 900)}.${String(n % 100).padStart(2, '0')}`;
        await this.#mutate({ n, kind, sub, key, detail: amount }, 'POST', '/api/dev/deposit', { amount });
        return;
      }
      case 'payout': {
        const amount = `${10 + Math.floor(this.#rand() * 90)}.00`;
        const authorisation = await this.#authorised({ type: 'MONEY_TRANSACTION', data: { kind: 'PAYOUT', amount, iban: ANNAS_IBAN } });
        if (!authorisation) return;
        await this.#mutate({ n, kind, sub, key, detail: amount }, 'POST', '/api/moneytransaction/payouts', { amount, authorisation });
        return;
      }
      case 'watchlist-add':
      case 'watchlist-remove': {
        const isin = this.#pick(this.setup.watchIsins);
        const wl = this.customer.watchlistId;
        if (kind === 'watchlist-add') await this.#mutate({ n, kind, sub, detail: isin }, 'POST', `/api/wl/${wl}/items`, { isin });
        else await this.#mutate({ n, kind, sub, detail: isin }, 'DELETE', `/api/wl/${wl}/items/${isin}`);
        return;
      }
      case 'ticket': {
        const data = { portfolioReportDueDate: this.#rand() < 0.5 ? '06-30' : '12-31' };
        const authorisation = await this.#authorised({ type: 'TICKET', data: ticketAuthorisationData('PORTFOLIO_REPORT_DUE_DATE', data) });
        if (!authorisation) return;
        const before = this.records.length;
        const answer = await this.#mutate({ n, kind, sub }, 'POST', '/api/ticket', { type: 'PORTFOLIO_REPORT_DUE_DATE', data, authorisation });
        const rec = this.records[before];
        // Sent again after a kill and refused as used: the first attempt went through (other refusals,
        // such as an authorisation that expired while the clock was moved, prove nothing).
        const message = (answer?.body as { message?: string } | undefined)?.message ?? '';
        if (rec && rec.retried && rec.outcome === 'refused' && message.includes('bereits verwendet')) rec.tanUsed = true;
        return;
      }
      case 'savings-day': {
        const a = await this.#mutate({ n, kind, sub }, 'POST', '/api/dev/clock/next-savings-day');
        const now = (a?.body as { now?: string } | undefined)?.now;
        if (now) this.server.noteClock(now);
        return;
      }
    }
  }

  /** The SMS TAN flow: request, read the code from the outbox, verify. Undefined when refused. */
  async #authorised(payload: unknown): Promise<unknown> {
    const challenge = await this.#send('POST', '/api/ticket/requesttan?useSpeech=false', payload);
    if (challenge === 'died') throw new Interrupted();
    if (challenge.status !== 200) return undefined;
    const ticket = (challenge.body as { ticket: string }).ticket;
    const outbox = await this.#send('GET', '/dev/outbox.json');
    if (outbox === 'died') throw new Interrupted();
    const sms = (outbox.body as { recipient: string; code: string | null }[]).find((m) => m.recipient === this.customer.phone && m.code);
    if (!sms?.code) return undefined;
    const verified = await this.#send('POST', '/api/ticket/verify', { ticket, tan: sms.code });
    if (verified === 'died') throw new Interrupted();
    return verified.status === 200 ? verified.body : undefined;
  }
}

class Interrupted extends Error {}
