import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TradingOrder } from '@kontor/domain/trading-contracts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../platform/db.ts';
import { signedInCustomer } from '../../test/customer.ts';
import { type Cluster as PgCluster, createDatabase, freePort, type OwnDatabase, startCluster } from '../../test/postgres-cluster.ts';
import { type ServerProcess, startServer } from '../../test/server-process.ts';

// Two built servers on one PostgreSQL database, as behind a load balancer: one leads (engine,
// market, scheduler), the other hands it orders and streams what the leader relays.

const SAP = 'DE0007164600';
/** A Monday 10:00 in Frankfurt: Xetra is open for the whole test. */
const MARKET_CLOCK_START = '2026-11-23T10:00:00+01:00';

let ownCluster: PgCluster | undefined;
let db: OwnDatabase | undefined;
let token: string;
let a: ServerProcess;
let b: ServerProcess;
let env: Record<string, string>;

beforeAll(async () => {
  db = await createDatabase(process.env.DATABASE_URL ?? (ownCluster = startCluster(await freePort())).url, 'kontor_two');
  const dbUrl = db.url;

  // A customer with money, written through the app before the servers start.
  // One public address for both, as behind a load balancer (it names the tokens' issuer); one TAN
  // key for both, as a deployment gives every process (a TAN one sends, the other checks).
  env = {
    DATABASE_URL: dbUrl,
    PUBLIC_URL: 'http://localhost:8090',
    NODE_ENV: 'production',
    DEV_TOOLS: 'true',
    SEED_DEMO_DATA: 'false',
    MARKET_CLOCK_START,
    LOG_LEVEL: 'info',
    TAN_HASH_KEY: randomBytes(32).toString('base64'),
  };
  const database = await openDatabase(loadConfig(env).database);
  await database.migrate();
  const app = await buildApp({ config: loadConfig(env), db: database.db, logger: false });
  const c = await signedInCustomer(app, database.db);
  expect((await app.inject({ method: 'POST', url: '/api/dev/deposit', headers: c.headers, payload: { amount: '50000.00' } })).statusCode).toBe(200);
  expect((await app.inject({ method: 'POST', url: '/api/user/confirmlowtrading', headers: c.headers })).statusCode).toBe(204);
  token = c.accessToken;
  await app.close();
  await database.close();

  a = await startServer(await freePort(), env);
  b = await startServer(await freePort(), env);
}, 180_000);

afterAll(async () => {
  if (process.env.KONTOR_SHOW_OUTPUT) console.log(`A:\n${a?.output()}\nB:\n${b?.output()}`);
  await Promise.all([a?.kill(), b?.kill()]);
  await db?.drop();
  ownCluster?.stop();
});

async function call(server: ServerProcess, method: string, path: string, body?: unknown, key?: string) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}), ...(key ? { 'idempotency-key': key } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

/** An event stream kept open; `text` grows as events arrive. */
function stream(server: ServerProcess, path: string) {
  const s = { text: '', close: () => {} };
  const req = http.get(`${server.url}${path}`, { headers: { authorization: `Bearer ${token}` }, agent: false }, (res) => {
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => (s.text += chunk));
  });
  req.on('error', () => {});
  s.close = () => req.destroy();
  return s;
}

const orders = async (server: ServerProcess) => ((await call(server, 'GET', '/api/trading/orders?state=all')).json as unknown as { orders: TradingOrder[] }).orders;
const quoteOf = async (server: ServerProcess) => ((await call(server, 'GET', `/api/quotes?isins=${SAP}`)).json as unknown as { bid: string; ask: string }[])[0]!;

describe('two server processes on one PostgreSQL', () => {
  let resting: TradingOrder;
  let orderStream: ReturnType<typeof stream>;
  let quoteStream: ReturnType<typeof stream>;

  it('the first to start leads; the second says it hands orders to it', async () => {
    await a.waitFor('this process leads', 30_000);
    // The log line is written asynchronously, beside the start line.
    await b.waitFor(`übergibt Orders an http://127.0.0.1:${a.port}`, 30_000);
    expect(b.output()).not.toContain('this process leads');
  });

  it('a market buy placed on either executes exactly once, also when the hand-over is repeated with its key', async () => {
    orderStream = stream(b, '/api/trading/stream');
    quoteStream = stream(b, `/api/quotes/stream?isins=${SAP}`);
    const ticket = { isin: SAP, side: 'buy', kind: 'market', quantity: '2', validity: { type: 'day' } };
    const keyB = randomUUID();
    const onB = await call(b, 'POST', '/api/trading', ticket, keyB);
    expect(onB.status).toBe(201);
    expect(onB.json).toMatchObject({ status: 'Filled', filledQuantity: '2' });
    const again = await call(b, 'POST', '/api/trading', ticket, keyB);
    expect(again.json.id).toBe(onB.json.id);
    const onA = await call(a, 'POST', '/api/trading', { ...ticket, quantity: '3' }, randomUUID());
    expect(onA.json).toMatchObject({ status: 'Filled', filledQuantity: '3' });

    for (const server of [a, b]) {
      const all = await orders(server);
      expect(all.map((o) => o.id).sort()).toEqual([onA.json.id, onB.json.id].sort());
      const positions = (await call(server, 'GET', '/api/trading/positions')).json as { positions: { isin: string; quantity: string }[] };
      expect(positions.positions).toEqual([expect.objectContaining({ isin: SAP, quantity: '5' })]);
    }
    for (const id of [onA.json.id, onB.json.id]) {
      const detail = (await call(b, 'GET', `/api/trading/orders/${id as string}`)).json as { executions: unknown[] };
      expect(detail.executions).toHaveLength(1);
    }
  });

  it('a customer streaming from the other process sees the order messages and the quotes the leader makes', async () => {
    const all = await orders(a);
    await expect.poll(() => all.every((o) => orderStream.text.includes(o.id)), { timeout: 30_000 }).toBe(true);
    // A move of the market (a developer tool, handed to the leader) reaches the stream on the other process.
    const before = await quoteOf(a);
    const moved = await call(b, 'POST', '/dev/market/move', { isin: SAP, percent: '3' });
    expect(moved.status).toBe(200);
    const bid = (moved.json as { bid: string }).bid;
    expect(new Decimal(bid).gt(before.bid)).toBe(true);
    await expect.poll(() => quoteStream.text.includes(`"bid":"${bid}"`), { timeout: 30_000 }).toBe(true);
    expect((await quoteOf(b)).bid).toBe((await quoteOf(a)).bid);
  });

  it('a limit buy placed on the follower rests in the leader’s book', async () => {
    const ask = new Decimal((await quoteOf(b)).ask);
    const res = await call(b, 'POST', '/api/trading', { isin: SAP, side: 'buy', kind: 'limit', quantity: '1', limit: ask.mul('0.9').toDecimalPlaces(2).toFixed(2), validity: { type: 'gtc' } }, randomUUID());
    expect(res.status).toBe(201);
    resting = res.json as unknown as TradingOrder;
    expect(resting.status).toBe('Open');
  });

  it('a TAN sent by one process is taken by the other (they share the TAN key)', async () => {
    const challenge = await call(a, 'POST', '/api/ticket/requesttan?useSpeech=false', { type: 'ENROLL_DEVICE', deviceName: 'Zweites Handy' });
    expect(challenge.status).toBe(200);
    const outbox = (await (await fetch(`${a.url}/dev/outbox.json`)).json()) as { text: string; code: string | null }[];
    const tan = outbox.find((m) => m.code && m.text.startsWith('Kontor-TAN'))!.code;
    const verified = await call(b, 'POST', '/api/ticket/verify', { ticket: challenge.json.ticket, tan });
    expect(verified.status).toBe(200);
  });

  it('killing the leader hands the lock to the other within seconds; an order during the change is taken once, and the resting order still fires', async () => {
    const killedAt = Date.now();
    await a.kill();
    // Orders sent meanwhile are refused with 503 until the other leads; the client tries again with the same key.
    const key = randomUUID();
    const ticket = { isin: SAP, side: 'buy', kind: 'market', quantity: '1', validity: { type: 'day' } };
    let placed: Awaited<ReturnType<typeof call>> | undefined;
    const refusals: number[] = [];
    while (Date.now() - killedAt < 60_000) {
      placed = await call(b, 'POST', '/api/trading', ticket, key);
      if (placed.status !== 503) break;
      refusals.push(placed.status);
      await new Promise((r) => setTimeout(r, 200));
    }
    const tookOverMs = Date.now() - killedAt;
    await b.waitFor('this process leads', 30_000);
    // A cap that only a hang exceeds (the lock is free when the leader's connection drops); waits above are caps too.
    expect(tookOverMs).toBeLessThan(30_000);
    expect(placed!.status).toBe(201);
    expect(placed!.json).toMatchObject({ status: 'Filled', filledQuantity: '1' });
    expect((await call(b, 'POST', '/api/trading', ticket, key)).json.id).toBe(placed!.json.id);

    // The new leader's engine was rebuilt from the database: the resting buy fires when the price falls.
    const moved = await call(b, 'POST', '/dev/market/move', { isin: SAP, percent: '-15' });
    expect(moved.status).toBe(200);
    await expect.poll(async () => (await call(b, 'GET', `/api/trading/orders/${resting.id}`)).json.status, { timeout: 30_000 }).toBe('Filled');
    const all = await orders(b);
    expect(all).toHaveLength(4);
    const positions = (await call(b, 'GET', '/api/trading/positions')).json as { positions: { isin: string; quantity: string }[] };
    expect(positions.positions).toEqual([expect.objectContaining({ isin: SAP, quantity: '7' })]);
    // The customer's stream on the surviving process goes on: the fill reaches it.
    await expect.poll(() => orderStream.text.split(resting.id).length > 2, { timeout: 30_000 }).toBe(true);
    orderStream.close();
    quoteStream.close();
  });

  it('the old leader comes back as a follower, and a sign-out there ends the session on the leader at once', async () => {
    a = await startServer(a.port, env);
    await a.waitFor(`übergibt Orders an http://127.0.0.1:${b.port}`, 30_000);
    // The leader has verified the token and remembers it.
    expect((await call(b, 'GET', '/api/trading/positions')).status).toBe(200);
    const out = await fetch(`${a.url}/identity/`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.GlobalSignOut' },
      body: JSON.stringify({ AccessToken: token }),
    });
    expect(out.status).toBe(200);
    await expect.poll(async () => (await call(b, 'GET', '/api/trading/positions')).status, { timeout: 30_000 }).toBe(401);
    expect((await call(a, 'GET', '/api/trading/positions')).status).toBe(401);
  });
});
