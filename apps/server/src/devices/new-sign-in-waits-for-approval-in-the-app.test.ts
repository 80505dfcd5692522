import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorised } from '../../test/authorisation.ts';
import { signedInCustomer, signIn, type SignedInCustomer } from '../../test/customer.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let anna: SignedInCustomer;
let serial: string;
beforeAll(async () => {
  t = await createTestApp();
  anna = await signedInCustomer(t.app, t.database.db, 'anna-session');
  const authorisation = await authorised(t, anna, { type: 'ENROLL_DEVICE', deviceName: 'Annas iPhone' });
  serial = (await t.call({ method: 'POST', url: '/api/appenrollment', headers: anna.headers, payload: { deviceName: 'Annas iPhone', authorisation } })).json().serial;
});
afterAll(() => t?.close());

const as = (c: SignedInCustomer, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => t.call({ method, url, headers: c.headers, ...(payload ? { payload } : {}) });

describe('a new browser sign-in must be approved in the app (approveSignIns)', () => {
  it('turned on, the session that turned it on goes on; a new sign-in may only get itself approved, then goes on too', async () => {
    expect((await as(anna, 'PUT', '/api/appauth', { defaultFactor: 'SMS', approveSignIns: true })).statusCode).toBe(200);
    expect((await as(anna, 'GET', '/api/appauth/session')).json()).toEqual({ required: true, approved: true });
    expect((await as(anna, 'GET', '/api/wl')).statusCode).toBe(200);

    // The clock moves so that the sign-in code is the newest message in the outbox.
    t.clock.advance(1000);
    const browser = await signIn(t.app, t.database.db, anna.username, anna.phone);
    expect((await as(browser, 'GET', '/api/appauth/session')).json()).toEqual({ required: true, approved: false });
    const blocked = await as(browser, 'GET', '/api/wl');
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().message).toBe('Bitte bestätigen Sie diese Anmeldung zuerst in Ihrer Kontor-App.');
    expect((await as(browser, 'GET', '/api/appenrollment')).statusCode).toBe(200);

    // The web app's sequence: requesttan (no SMS for a session), requestauth, poll, verify, approve the session.
    const challenge = (await as(browser, 'POST', '/api/ticket/requesttan', { type: 'SESSION_AUTH' })).json();
    expect(challenge).toMatchObject({ channel: 'APP', summary: 'Anmeldung im Browser bestätigen' });
    expect((await as(browser, 'POST', '/api/ticket/requestauth', { ticket: challenge.ticket, serialForAppAuth: serial })).statusCode).toBe(200);
    await t.call({ method: 'POST', url: `/api/dev/app/${serial}/${challenge.ticket}`, payload: { decision: 'APPROVE' } });
    const { authorizationId } = (await as(browser, 'GET', `/api/ticket/challenges/${challenge.ticket}`)).json();
    const verified = await as(browser, 'POST', '/api/ticket/verify', { ticket: challenge.ticket, tan: '', authorizationId });
    expect(verified.statusCode).toBe(200);

    // The approval belongs to this sign-in: another session cannot use it.
    t.clock.advance(1000);
    const other = await signIn(t.app, t.database.db, anna.username, anna.phone);
    expect((await as(other, 'POST', '/api/appauth/session', { authorisation: verified.json() })).statusCode).toBe(422);

    expect((await as(browser, 'POST', '/api/appauth/session', { authorisation: verified.json() })).json()).toEqual({ required: true, approved: true });
    expect((await as(browser, 'GET', '/api/wl')).statusCode).toBe(200);
    expect((await as(other, 'GET', '/api/wl')).statusCode).toBe(403);
  });
});
