/**
 * Access matrix: for every kind of object a customer owns, customer B calls every route that takes
 * its id with customer A's id. Each call must be a 404 (never 200, 403 or 500: B may not even learn
 * that the id exists), and A's object must be unchanged afterwards, read back as A.
 *
 * How to register a new kind (savings plans, tickets, …): add one entry to KINDS with `create` (make
 * one for A through the API, return the values of its path parameters), `read` (what A sees of it)
 * and `routes` (every operation, named as in the OpenAPI document, that takes its id, with a body
 * that would be valid for its owner). The last test fails when the document has a route with a path
 * parameter that no kind covers; a parameter that names no customer's object goes into NOT_OWNED,
 * with the reason.
 */
import { createHash, randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import type { SimulatedMarket } from '../src/market/feed.ts';
import { SESSION_COOKIE } from '../src/platform/auth.ts';
import { ticketAttachments } from '../src/tickets/tables.ts';
import { sessionCookie, signedInCustomer, type SignedInCustomer } from './customer.ts';
import { fillPath, pathParams, servedOperations } from './openapi.ts';
import { createTestApp, type TestApp } from './test-app.ts';
import { authorised } from './authorisation.ts';
import { ANNAS_IBAN } from './money-kit.ts';
import { multipartBody, pdfBytes } from './ticket-kit.ts';
import { DEMO_OAUTH_CLIENT_ID, DEMO_OAUTH_REDIRECT_PATH } from '@kontor/domain/oauth-contracts';

const SAP = 'DE0007164600';
const WORLD = 'IE00B4L5Y983';
/** Instruments with savings plans (iShares MSCI World, Core DAX, EURO STOXX 50, MSCI Europe, STOXX 600, MDAX, TecDAX). */
const PLAN_ISINS = [WORLD, 'DE0005933931', 'DE0005933956', 'IE00B4K48X80', 'DE0002635307', 'DE0005933923', 'DE0005933972'];
let plansMade = 0;

/** Path parameters that name no customer's object, so no kind has to cover their routes. */
const NOT_OWNED: Record<string, string> = {
  isin: 'an instrument: reference data, the same for every customer',
  file: 'a language file or an instrument document: the same for every customer',
};

type Params = Record<string, string>;
type Kind = {
  name: string;
  /** Makes one for A through the API; returns the values of its path parameters. */
  create: () => Promise<Params>;
  /** What A sees of it. */
  read: (p: Params) => Promise<unknown>;
  /** Where B would see it listed if it leaked (its id must not appear there). */
  listedAt: string[];
  /** `multipart`: the body goes as a multipart/form-data file upload (field "file"). */
  routes: { operation: string; body?: object | ((p: Params) => object); multipart?: boolean }[];
};

let t: TestApp;
let a: SignedInCustomer;
let b: { cookies: Record<string, string> };

/** A call as A (Bearer token, as a script would). */
async function asA(method: InjectOptions['method'], url: string, payload?: object) {
  const res = await t.call({ method, url, headers: a.headers, ...(payload ? { payload } : {}) });
  if (res.statusCode >= 300) throw new Error(`${method} ${url} as A answered ${res.statusCode}: ${res.body}`);
  return res.json();
}
const mid = () => {
  const q = (t.app.quotes as SimulatedMarket).current(SAP)!;
  return new Decimal(q.bid).plus(q.ask).div(2);
};
/** An order or RFQ of A's, with its own Idempotency-Key. */
async function placed(body: object, url = '/api/trading') {
  const res = await t.call({ method: 'POST', url, headers: { ...a.headers, 'idempotency-key': randomUUID() }, payload: body });
  if (res.statusCode !== 201) throw new Error(`${url} as A answered ${res.statusCode}: ${res.body}`);
  return res.json() as { id: string };
}

/** A watchlist of A's with one instrument. */
async function listWithItem(): Promise<{ id: string }> {
  const list = await asA('POST', '/api/wl', { name: 'Annas Liste' });
  await asA('POST', `/api/wl/${list.id}/items`, { isin: SAP });
  return { id: list.id };
}

/** A's reference account, set once, for the money kinds. */
let referenceSet: Promise<unknown> | undefined;
const withReferenceAccount = () => (referenceSet ??= asA('PUT', '/api/user/account/iban', { iban: ANNAS_IBAN }));
const moneyOverview = () => asA('GET', '/api/moneytransaction') as Promise<{ payouts: { id: string }[]; debits: { id: string }[] }>;
let mandateSigned: Promise<unknown> | undefined;
/** A's SEPA mandate, signed once by TAN. */
const withMandate = () =>
  (mandateSigned ??= (async () => {
    await withReferenceAccount();
    const authorisation = await authorised(t, a, { type: 'MONEY_TRANSACTION', data: { kind: 'MANDATE', iban: ANNAS_IBAN } });
    await asA('POST', '/api/moneytransaction/mandate', { authorisation });
  })());

const KINDS: Kind[] = [
  {
    name: 'watchlist',
    create: listWithItem,
    read: async ({ id }) => ((await asA('GET', '/api/wl')) as { id: string }[]).find((l) => l.id === id),
    listedAt: ['/api/wl'],
    routes: [
      { operation: 'PATCH /api/wl/{id}', body: { name: 'Bens Liste' } },
      { operation: 'DELETE /api/wl/{id}' },
      { operation: 'POST /api/wl/{id}/items', body: { isin: WORLD } },
    ],
  },
  {
    name: 'watchlist item',
    create: async () => ({ ...(await listWithItem()), isin: SAP }),
    read: async ({ id }) => ((await asA('GET', '/api/wl')) as { id: string; items: unknown[] }[]).find((l) => l.id === id)?.items,
    listedAt: ['/api/wl'],
    routes: [{ operation: 'DELETE /api/wl/{id}/items/{isin}' }],
  },
  {
    name: 'own note',
    create: async () => ({ id: (await asA('POST', '/api/notes', { subject: 'INSTRUMENT', isin: SAP, text: 'Annas Notiz' })).id }),
    read: async ({ id }) => ((await asA('GET', '/api/notes')) as { notes: { id: string }[] }).notes.find((n) => n.id === id),
    listedAt: ['/api/notes'],
    routes: [{ operation: 'PUT /api/notes/{id}', body: { text: 'Bens Notiz' } }, { operation: 'DELETE /api/notes/{id}' }],
  },
  {
    name: 'savings plan',
    // One plan per instrument and customer: each route's test gets a plan on an instrument of its own.
    create: async () => ({
      id: (await asA('POST', '/api/savingsplan', { isin: PLAN_ISINS[plansMade++ % PLAN_ISINS.length], amount: '25.00', interval: 'monthly', day: 15, firstDate: '2027-01-01', dynamicPercent: 0, payment: 'CASH' })).id,
    }),
    read: async ({ id }) => asA('GET', `/api/savingsplan/${id}`),
    listedAt: ['/api/savingsplan'],
    routes: [
      { operation: 'GET /api/savingsplan/{id}' },
      { operation: 'PATCH /api/savingsplan/{id}', body: { amount: '99.00', interval: 'weekly', day: 2 } },
      { operation: 'POST /api/savingsplan/{id}/pause' },
      { operation: 'POST /api/savingsplan/{id}/resume' },
      { operation: 'DELETE /api/savingsplan/{id}' },
    ],
  },
  {
    name: 'price alert',
    create: async () => ({ id: (await asA('POST', '/api/notification/alerts', { isin: SAP, direction: 'above', price: mid().mul(10).toFixed(2) })).id }),
    read: async ({ id }) => ((await asA('GET', '/api/notification/alerts')) as { id: string }[]).find((x) => x.id === id),
    listedAt: ['/api/notification/alerts'],
    routes: [{ operation: 'DELETE /api/notification/alerts/{id}' }],
  },
  {
    name: 'notification',
    // An alert just above the price, then the price moves past it: the alert fires and A is notified.
    create: async () => {
      const notifications = async () => (await asA('GET', '/api/notification')).items as { id: string }[];
      const earlier = new Set((await notifications()).map((n) => n.id));
      await asA('POST', '/api/notification/alerts', { isin: SAP, direction: 'above', price: mid().mul(1.01).toFixed(2) });
      (t.app.quotes as SimulatedMarket).move(SAP, '3');
      // The alert fires on the quote, a moment after the move.
      for (let i = 0; i < 100; i++) {
        const fresh = (await notifications()).find((n) => !earlier.has(n.id));
        if (fresh) return { id: fresh.id };
        await new Promise((r) => setTimeout(r, 10));
      }
      throw new Error('the price alert did not fire');
    },
    read: async ({ id }) => ((await asA('GET', '/api/notification')).items as { id: string }[]).find((n) => n.id === id),
    listedAt: ['/api/notification'],
    routes: [{ operation: 'POST /api/notification/{id}/read' }, { operation: 'DELETE /api/notification/{id}' }],
  },
  {
    name: 'message (Posteingang, Nachrichten)',
    create: async () => {
      const sent = await t.call({ method: 'POST', url: '/api/dev/messages', headers: a.headers, payload: { title: 'Nur für Anna' } });
      if (sent.statusCode !== 204) throw new Error(`POST /api/dev/messages as A answered ${sent.statusCode}: ${sent.body}`);
      const { messages } = (await asA('GET', '/api/posteingang/messages')) as { messages: { id: string; title: string }[] };
      return { id: messages.find((m) => m.title === 'Nur für Anna')!.id };
    },
    read: async ({ id }) => ((await asA('GET', '/api/posteingang/messages')).messages as { id: string }[]).find((m) => m.id === id),
    listedAt: ['/api/posteingang/messages'],
    routes: [{ operation: 'PUT /api/posteingang/messages/{id}/read', body: { read: true } }],
  },
  {
    name: 'order (open limit buy)',
    create: async () => ({
      id: (await placed({ isin: SAP, side: 'buy', kind: 'limit', quantity: '10', limit: mid().div(2).toFixed(2), validity: { type: 'gtc' } })).id,
    }),
    read: ({ id }) => asA('GET', `/api/trading/orders/${id}`),
    listedAt: ['/api/trading/orders'],
    routes: [
      { operation: 'GET /api/trading/orders/{id}' },
      { operation: 'DELETE /api/trading/orders/{id}' },
      { operation: 'POST /api/trading/orders/{id}/accept' },
    ],
  },
  {
    name: 'order (RFQ quote waiting to be accepted)',
    create: async () => ({ id: (await placed({ isin: SAP, side: 'buy', quantity: '5' }, '/api/trading/rfq')).id }),
    read: ({ id }) => asA('GET', `/api/trading/orders/${id}`),
    listedAt: ['/api/trading/orders'],
    routes: [
      { operation: 'POST /api/trading/orders/{id}/accept' },
      { operation: 'DELETE /api/trading/orders/{id}' },
      { operation: 'GET /api/trading/orders/{id}' },
    ],
  },
  {
    name: 'document (Posteingang: the contract note of an executed buy)',
    create: async () => {
      const bought = await placed({ isin: SAP, side: 'buy', kind: 'market', quantity: '5', validity: { type: 'day' } });
      const detail = await asA('GET', `/api/trading/orders/${bought.id}`);
      const documentId = detail.executions?.[0]?.documentId;
      if (!documentId) throw new Error(`the market buy left no contract note: ${JSON.stringify(detail)}`);
      return { id: documentId };
    },
    // Without its size: the renderer may store the PDF between two reads (after commit, on its own).
    read: async ({ id }) => {
      const doc = ((await asA('GET', '/api/posteingang')).documents as { id: string; size?: number | null }[]).find((d) => d.id === id);
      if (!doc) return doc;
      const { size: _size, ...rest } = doc;
      return rest;
    },
    listedAt: ['/api/posteingang'],
    routes: [{ operation: 'GET /api/posteingang/{id}/pdf' }, { operation: 'PUT /api/posteingang/{id}/read', body: { read: true } }],
  },
  {
    name: 'payout (ordered, not yet executed)',
    create: async () => {
      await withReferenceAccount();
      const authorisation = await authorised(t, a, { type: 'MONEY_TRANSACTION', data: { kind: 'PAYOUT', amount: '10.00', iban: ANNAS_IBAN } });
      const res = await t.call({ method: 'POST', url: '/api/moneytransaction/payouts', headers: { ...a.headers, 'idempotency-key': randomUUID() }, payload: { amount: '10.00', authorisation } });
      if (res.statusCode !== 201) throw new Error(`payout as A answered ${res.statusCode}: ${res.body}`);
      return { id: res.json().id };
    },
    read: ({ id }) => asA('GET', `/api/moneytransaction/payouts/${id}`),
    listedAt: ['/api/moneytransaction', '/api/moneytransaction/history'],
    routes: [{ operation: 'GET /api/moneytransaction/payouts/{id}' }, { operation: 'DELETE /api/moneytransaction/payouts/{id}' }],
  },
  {
    name: 'direct debit (pending)',
    create: async () => {
      await withMandate();
      const res = await t.call({ method: 'POST', url: '/api/moneytransaction/debits', headers: { ...a.headers, 'idempotency-key': randomUUID() }, payload: { amount: '20.00' } });
      if (res.statusCode !== 201) throw new Error(`debit as A answered ${res.statusCode}: ${res.body}`);
      return { id: res.json().id };
    },
    read: async ({ id }) => (await moneyOverview()).debits.find((d) => d.id === id),
    listedAt: ['/api/moneytransaction'],
    routes: [{ operation: 'POST /api/dev/money/debits/{id}/return' }],
  },
  {
    // One per customer and without a route of its own: B must not see A's mandate reference.
    name: 'SEPA direct debit mandate',
    create: async () => {
      await withMandate();
      return { id: ((await asA('GET', '/api/moneytransaction')) as { directDebit: { mandate: { mandateReference: string } } }).directDebit.mandate.mandateReference };
    },
    read: async () => ((await asA('GET', '/api/moneytransaction')) as { directDebit: { mandate: unknown } }).directDebit.mandate,
    listedAt: ['/api/moneytransaction'],
    routes: [],
  },
  {
    // Retired by serial in the body; the devices tests show another customer's serial answers 404.
    name: 'Kontor app (enrolled device)',
    create: async () => {
      const authorisation = await authorised(t, a, { type: 'ENROLL_DEVICE', deviceName: 'Annas Telefon' });
      return { id: (await asA('POST', '/api/appenrollment', { deviceName: 'Annas Telefon', authorisation })).serial };
    },
    read: async ({ id }) => ((await asA('GET', '/api/appenrollment')) as { devices: { serial: string }[] }).devices.find((d) => d.serial === id),
    listedAt: ['/api/appenrollment'],
    routes: [],
  },
  {
    // A's TAN challenge (the ticket of spec §7); requestauth and verify take the ticket in the body
    // and are covered by the devices and authorisations tests.
    name: 'authorisation challenge (ticket)',
    create: async () => ({ ticket: (await asA('POST', '/api/ticket/requesttan', { type: 'ENROLL_DEVICE', deviceName: 'Annas iPhone' })).ticket }),
    read: ({ ticket }) => asA('GET', `/api/ticket/challenges/${ticket}`),
    listedAt: [],
    routes: [{ operation: 'GET /api/ticket/challenges/{ticket}' }],
  },
  {
    // A's service ticket (a draft, so every route can act on it) with its dialog.
    name: 'service ticket',
    create: async () => ({ id: (await asA('POST', '/api/ticket', { type: 'ADDRESS', data: { newStreet: 'Lindenstraße', city: 'Berlin' } })).id }),
    read: ({ id }) => asA('GET', `/api/ticket/${id}`),
    listedAt: ['/api/ticket'],
    routes: [
      { operation: 'GET /api/ticket/{id}' },
      { operation: 'PUT /api/ticket/{id}', body: { data: { newStreet: 'Fremdweg' } } },
      { operation: 'DELETE /api/ticket/{id}' },
      { operation: 'POST /api/ticket/{id}/submit', body: { data: {}, authorisation: { ticket: '00000000-0000-4000-8000-000000000000', tan: '123456', authorizationId: 'x' } } },
      { operation: 'GET /api/ticketdialog/{id}' },
      { operation: 'POST /api/ticketdialog/{id}', body: { content: 'Hallo' } },
    ],
  },
  {
    // A file A uploaded to A's ticket (a draft).
    name: 'ticket attachment',
    create: async () => {
      const { id } = await asA('POST', '/api/ticket', { type: 'ID_DOCUMENT', data: {} });
      const { payload, headers } = multipartBody([{ filename: 'Annas Ausweis.pdf', bytes: pdfBytes(), type: 'application/pdf' }]);
      const res = await t.call({ method: 'POST', url: `/api/ticketdialog/${id}/attachments`, headers: { ...a.headers, ...headers }, payload });
      if (res.statusCode !== 201) throw new Error(`upload as A answered ${res.statusCode}: ${res.body}`);
      return { id, attachmentId: res.json().attachmentId };
    },
    // The file's bytes as A downloads them, and how many files the ticket has (B's upload must add none).
    read: async ({ id, attachmentId }) => {
      const res = await t.call({ method: 'GET', url: `/api/ticketdialog/${id}/attachments/${attachmentId}`, headers: a.headers });
      if (res.statusCode !== 200) throw new Error(`download as A answered ${res.statusCode}: ${res.body}`);
      const [files] = await t.database.db.select({ n: count() }).from(ticketAttachments).where(eq(ticketAttachments.ticketId, id!));
      return { sha256: createHash('sha256').update(res.rawPayload).digest('hex'), files: files!.n };
    },
    listedAt: [],
    routes: [{ operation: 'GET /api/ticketdialog/{id}/attachments/{attachmentId}' }, { operation: 'POST /api/ticketdialog/{id}/attachments', multipart: true }],
  },
  {
    // A's e-mail change waiting for its authorisation.
    name: 'e-mail change (waiting to be authorised)',
    create: async () => ({ id: (await asA('POST', '/api/user/email', { newEmail: 'anna.neu@example.org' })).id }),
    read: async () => (await asA('GET', '/api/user/email')).pending,
    listedAt: ['/api/user/email'],
    routes: [
      { operation: 'POST /api/user/email/{id}/authorise', body: { authorisation: { ticket: '00000000-0000-4000-8000-000000000000', tan: '123456', authorizationId: 'x' } } },
      { operation: 'POST /api/user/email/{id}/confirm', body: { code: '123456' } },
      { operation: 'DELETE /api/user/email/{id}' },
    ],
  },
  {
    // A rights issue on a share A holds (announced through the dev route; again it is the same event).
    // Preview and instruction name the event in the body.
    name: 'corporate action (A entitled)',
    create: async () => {
      await placed({ isin: SAP, side: 'buy', kind: 'market', quantity: '5', validity: { type: 'day' } });
      return { id: (await asA('POST', '/api/dev/ca/announce', { isin: SAP, type: 'KAP' })).id };
    },
    read: ({ id }) => asA('GET', `/api/ca/ankuendigung/${id}`),
    listedAt: ['/api/ca/ankuendigung'],
    routes: [
      { operation: 'GET /api/ca/ankuendigung/{id}' },
      { operation: 'POST /api/ca/weisungvorschauanfordern', body: ({ id }) => ({ eventId: id, option: 'BEZUGSRECHTE_VERKAUFEN', quantity: null }) },
      { operation: 'POST /api/ca/weisungerteilen', body: ({ id }) => ({ eventId: id, option: 'BEZUGSRECHTE_VERKAUFEN', quantity: null }) },
    ],
  },
  {
    name: 'OAuth grant (connected application)',
    create: async () => {
      const verifier = 'annas-verifier-0123456789abcdef0123456789abcdef';
      const redirect_uri = new URL(DEMO_OAUTH_REDIRECT_PATH, t.config.publicUrl).toString();
      await asA('POST', '/api/oauth2/authenticate', {
        response_type: 'code',
        client_id: DEMO_OAUTH_CLIENT_ID,
        redirect_uri,
        scope: 'depot:read',
        code_challenge: createHash('sha256').update(verifier).digest('base64url'),
        code_challenge_method: 'S256',
        decision: 'allow',
      });
      return { id: ((await asA('GET', '/api/oauthsession')) as { id: string }[])[0]!.id };
    },
    read: async ({ id }) => ((await asA('GET', '/api/oauthsession')) as { id: string }[]).find((g) => g.id === id),
    listedAt: ['/api/oauthsession'],
    routes: [{ operation: 'DELETE /api/oauthsession/{id}' }],
  },
  {
    // Read only (no route takes an entry's id): B must never see A's entries in B's log.
    name: 'security-log entry',
    create: async () => {
      await withReferenceAccount();
      return { id: ((await asA('GET', '/api/security-log')) as { events: { id: string }[] }).events[0]!.id };
    },
    read: async ({ id }) => ((await asA('GET', '/api/security-log')) as { events: { id: string }[] }).events.find((e) => e.id === id),
    listedAt: ['/api/security-log'],
    routes: [],
  },
];

beforeAll(async () => {
  // Monday 10:00 in Frankfurt: the market is open, so a market buy executes at once.
  t = await createTestApp({ now: '2026-11-23T09:00:00Z' });
  a = await signedInCustomer(t.app, t.database.db, 'anna-matrix');
  const ben = await signedInCustomer(t.app, t.database.db, 'ben-matrix');
  // B calls as the web app does: session cookie, and the XSRF token `call` adds.
  b = { cookies: { [SESSION_COOKIE]: await sessionCookie(t, ben) } };
  await asA('POST', '/api/dev/deposit', { amount: '100000.00' });
}, 60_000);
afterAll(() => t?.close());

const cases = KINDS.flatMap((kind) => kind.routes.map((route) => ({ kind, route, label: `${kind.name}: ${route.operation}` })));

describe('another customer’s objects', () => {
  it.each(cases)('$label — B gets 404 with A’s id, and A’s object is unchanged', async ({ kind, route }) => {
    const params = await kind.create();
    const before = await kind.read(params);
    expect(before, 'A can read what A made').toBeTruthy();

    const [method, path] = route.operation.split(' ') as [InjectOptions['method'], string];
    const upload = route.multipart ? multipartBody([{ filename: 'Bens Datei.pdf', bytes: pdfBytes(), type: 'application/pdf' }]) : undefined;
    const res = await t.call({
      method,
      url: fillPath(path, params),
      cookies: b.cookies,
      headers: { 'idempotency-key': randomUUID(), ...upload?.headers },
      ...(upload ? { payload: upload.payload } : route.body ? { payload: typeof route.body === 'function' ? route.body(params) : route.body } : {}),
    });
    expect(res.statusCode, res.body).toBe(404);
    expect(res.json()).toMatchObject({ status: 404 });
    expect(await kind.read(params)).toEqual(before);
  });

  it.each(KINDS)('$name — does not appear in B’s lists', async (kind) => {
    const { id } = await kind.create();
    for (const url of kind.listedAt) {
      const res = await t.call({ method: 'GET', url, cookies: b.cookies });
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain(id);
    }
  });

  it('covers every route of the OpenAPI document whose path names an object', async () => {
    const operations = await servedOperations(t.app);
    const covered = new Set(cases.map((c) => c.route.operation));
    const uncovered = operations.filter((op) => pathParams(op.path).some((p) => !NOT_OWNED[p]) && !covered.has(op.name)).map((op) => op.name);
    expect(uncovered, 'routes with an id no kind in KINDS covers').toEqual([]);
    const unknown = [...covered].filter((name) => !operations.some((op) => op.name === name));
    expect(unknown, 'registered routes the document does not have').toEqual([]);
  });
});
