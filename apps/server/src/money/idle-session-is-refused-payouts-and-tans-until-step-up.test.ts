import { IDLE_STEP_UP_PURPOSE, MONEY_IDLE_LIMIT_MS, SESSION_IDLE_CODE } from '@kontor/domain/auth-contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorised } from '../../test/authorisation.ts';
import { signIn } from '../../test/customer.ts';
import { ANNAS_IBAN, cash, customerWithCash, overview, payout, payoutAuthorisation } from '../../test/money-kit.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { outboxStore } from '../outbox/store.ts';

// PSD2 RTS Art. 4(3)(d): after five minutes without activity the server itself refuses money and
// authorisation calls of that session, whatever the browser does. Sign-in keeps the app's clock
// (t.clock), which these tests move; the market's clock stays where it is.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-25T10:00:00Z' });
});
afterAll(async () => t.close());

const IDLE_MESSAGE = 'Sie waren länger als 5 Minuten nicht aktiv. Bitte bestätigen Sie zu Ihrer Sicherheit erneut, dass Sie es sind.';
const payoutPayload = (amount: string) => ({ type: 'MONEY_TRANSACTION', data: { kind: 'PAYOUT', amount, iban: ANNAS_IBAN } }) as const;
const outboxSize = async () => (await outboxStore(t.database.db).latest(1000)).length;

describe('a session idle for more than five minutes', () => {
  it('is refused a payout and a money TAN with SESSION_IDLE, nothing changes, and after the step-up it goes through', async () => {
    const anna = await customerWithCash(t, '500.00');
    const ready = await payoutAuthorisation(t, anna, '100.00');

    // The money page stays open: its background reads do not keep the session alive.
    t.clock.advance(4 * 60_000);
    expect((await t.call({ method: 'GET', url: '/api/moneytransaction', headers: anna.headers })).statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: '/api/notification', headers: anna.headers })).statusCode).toBe(200);
    t.clock.advance(MONEY_IDLE_LIMIT_MS - 4 * 60_000 + 1_000);

    const refused = await payout(t, anna, '100.00', ready);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ status: 403, code: SESSION_IDLE_CODE, message: IDLE_MESSAGE, errors: [] });
    const smsBefore = await outboxSize();
    const tan = await t.call({ method: 'POST', url: '/api/ticket/requesttan?useSpeech=false', headers: anna.headers, payload: payoutPayload('100.00') });
    expect(tan.statusCode).toBe(403);
    expect(tan.json().code).toBe(SESSION_IDLE_CODE);
    // Nothing happened: no SMS went out, no payout, the cash is all there.
    expect(await outboxSize()).toBe(smsBefore);
    expect((await overview(t, anna)).payouts).toEqual([]);
    expect((await cash(t, anna)).availableToPayout).toBe('500.00');

    // The step-up (a TAN for IDLE_STEP_UP without the app) may be asked for while idle, and renews the session.
    const stepUp = await authorised(t, anna, { type: 'TICKET', data: { purpose: IDLE_STEP_UP_PURPOSE } });
    const renewed = await t.call({ method: 'POST', url: '/api/session/stepup', headers: anna.headers, payload: { step: IDLE_STEP_UP_PURPOSE, authorisation: stepUp } });
    expect(renewed.statusCode).toBe(204);
    // Once: the same step-up does not renew a second time.
    const again = await t.call({ method: 'POST', url: '/api/session/stepup', headers: anna.headers, payload: { step: IDLE_STEP_UP_PURPOSE, authorisation: stepUp } });
    expect(again.statusCode).toBe(422);

    const paid = await payout(t, anna, '100.00', await payoutAuthorisation(t, anna, '100.00'));
    expect(paid.statusCode).toBe(201);
    expect((await cash(t, anna)).availableToPayout).toBe('400.00');
  });

  it('with the Kontor app, the step-up is a SESSION_AUTH approval of this very session', async () => {
    const gina = await customerWithCash(t, '500.00');
    const enrol = await authorised(t, gina, { type: 'ENROLL_DEVICE', deviceName: 'Ginas iPhone' });
    const serial = (await t.call({ method: 'POST', url: '/api/appenrollment', headers: gina.headers, payload: { deviceName: 'Ginas iPhone', authorisation: enrol } })).json().serial;
    t.clock.advance(MONEY_IDLE_LIMIT_MS + 1_000);
    const tan = await t.call({ method: 'POST', url: '/api/ticket/requesttan?useSpeech=false', headers: gina.headers, payload: payoutPayload('20.00') });
    expect(tan.json().code).toBe(SESSION_IDLE_CODE);

    // The web app's sequence: requesttan, requestauth, the app approves, verify, then the step-up.
    const as = (method: 'GET' | 'POST', url: string, payload?: object) => t.call({ method, url, headers: gina.headers, ...(payload ? { payload } : {}) });
    const challenge = (await as('POST', '/api/ticket/requesttan', { type: 'SESSION_AUTH' })).json();
    expect((await as('POST', '/api/ticket/requestauth', { ticket: challenge.ticket, serialForAppAuth: serial })).statusCode).toBe(200);
    await t.call({ method: 'POST', url: `/api/dev/app/${serial}/${challenge.ticket}`, payload: { decision: 'APPROVE' } });
    const { authorizationId } = (await as('GET', `/api/ticket/challenges/${challenge.ticket}`)).json();
    const verified = (await as('POST', '/api/ticket/verify', { ticket: challenge.ticket, tan: '', authorizationId })).json();
    // Approved for this session, not for another sign-in of Gina's.
    t.clock.advance(1000);
    const other = await signIn(t.app, t.database.db, gina.username, gina.phone);
    expect((await t.call({ method: 'POST', url: '/api/session/stepup', headers: other.headers, payload: { step: 'SESSION_AUTH', authorisation: verified } })).statusCode).toBe(422);
    expect((await as('POST', '/api/session/stepup', { step: 'SESSION_AUTH', authorisation: verified })).statusCode).toBe(204);

    expect((await payout(t, gina, '20.00', await payoutAuthorisation(t, gina, '20.00'))).statusCode).toBe(201);
    expect((await cash(t, gina)).availableToPayout).toBe('480.00');
  });

  it('a session approval asked of a customer without the app goes by SMS and its TAN approves this session; with the app no SMS goes', async () => {
    const hans = await customerWithCash(t, '100.00');
    t.clock.advance(MONEY_IDLE_LIMIT_MS + 1_000);
    const before = await outboxSize();
    const verified = await authorised(t, hans, { type: 'SESSION_AUTH' });
    expect(await outboxSize()).toBe(before + 1);
    expect((await t.call({ method: 'POST', url: '/api/session/stepup', headers: hans.headers, payload: { step: 'SESSION_AUTH', authorisation: verified } })).statusCode).toBe(204);
    expect((await payout(t, hans, '10.00', await payoutAuthorisation(t, hans, '10.00'))).statusCode).toBe(201);

    const ida = await customerWithCash(t, '100.00');
    const enrol = await authorised(t, ida, { type: 'ENROLL_DEVICE', deviceName: 'Idas Telefon' });
    expect((await t.call({ method: 'POST', url: '/api/appenrollment', headers: ida.headers, payload: { deviceName: 'Idas Telefon', authorisation: enrol } })).statusCode).toBe(201);
    const sent = await outboxSize();
    const challenge = await t.call({ method: 'POST', url: '/api/ticket/requesttan', headers: ida.headers, payload: { type: 'SESSION_AUTH' } });
    expect(challenge.json().channel).toBe('APP');
    expect(await outboxSize()).toBe(sent);
  });

  it('is not revived by input reported after the five minutes: only the step-up renews it', async () => {
    const finn = await customerWithCash(t, '500.00');
    t.clock.advance(MONEY_IDLE_LIMIT_MS + 1_000);
    const late = await t.call({ method: 'POST', url: '/api/session/activity', headers: finn.headers });
    expect(late.statusCode).toBe(403);
    expect(late.json().code).toBe(SESSION_IDLE_CODE);
    const tan = await t.call({ method: 'POST', url: '/api/ticket/requesttan?useSpeech=false', headers: finn.headers, payload: payoutPayload('10.00') });
    expect(tan.json().code).toBe(SESSION_IDLE_CODE);
  });

  it('a TAN requested while active is not answered once the session went idle', async () => {
    const ben = await customerWithCash(t, '500.00');
    const requested = await t.call({ method: 'POST', url: '/api/ticket/requesttan?useSpeech=false', headers: ben.headers, payload: payoutPayload('50.00') });
    expect(requested.statusCode).toBe(200);
    t.clock.advance(MONEY_IDLE_LIMIT_MS + 1_000);
    const answered = await t.call({ method: 'POST', url: '/api/ticket/verify', headers: ben.headers, payload: { ticket: requested.json().ticket, tan: '000000' } });
    expect(answered.statusCode).toBe(403);
    expect(answered.json().code).toBe(SESSION_IDLE_CODE);
  });

  it('does not hold back another sign-in of the same customer, which starts active', async () => {
    const cem = await customerWithCash(t, '500.00');
    t.clock.advance(MONEY_IDLE_LIMIT_MS + 1_000);
    const idle = await t.call({ method: 'POST', url: '/api/ticket/requesttan?useSpeech=false', headers: cem.headers, payload: payoutPayload('10.00') });
    expect(idle.json().code).toBe(SESSION_IDLE_CODE);
    const fresh = await signIn(t.app, t.database.db, cem.username, cem.phone);
    expect((await payout(t, fresh, '10.00', await payoutAuthorisation(t, fresh, '10.00'))).statusCode).toBe(201);
  });
});

describe('an active session', () => {
  it('is not refused when the web app reported input within the five minutes', async () => {
    const dora = await customerWithCash(t, '500.00');
    t.clock.advance(4 * 60_000);
    expect((await t.call({ method: 'POST', url: '/api/session/activity', headers: dora.headers })).statusCode).toBe(204);
    t.clock.advance(4 * 60_000);
    const paid = await payout(t, dora, '100.00', await payoutAuthorisation(t, dora, '100.00'));
    expect(paid.statusCode).toBe(201);
    expect((await cash(t, dora)).availableToPayout).toBe('400.00');
  });

  it('stays active through its own money calls (each counts as activity)', async () => {
    const emil = await customerWithCash(t, '500.00');
    for (let i = 0; i < 3; i++) {
      t.clock.advance(3 * 60_000);
      expect((await payout(t, emil, '10.00', await payoutAuthorisation(t, emil, '10.00'))).statusCode).toBe(201);
    }
  });
});
