import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorised } from '../../test/authorisation.ts';
import { signedInCustomer, type SignedInCustomer } from '../../test/customer.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let anna: SignedInCustomer;
let ben: SignedInCustomer;
let serial: string;
beforeAll(async () => {
  t = await createTestApp();
  anna = await signedInCustomer(t.app, t.database.db, 'anna-app');
  ben = await signedInCustomer(t.app, t.database.db, 'ben-app');
  const authorisation = await authorised(t, anna, { type: 'ENROLL_DEVICE', deviceName: 'Annas iPhone' });
  serial = (await t.call({ method: 'POST', url: '/api/appenrollment', headers: anna.headers, payload: { deviceName: 'Annas iPhone', authorisation } })).json().serial;
});
afterAll(() => t?.close());

const payout = { type: 'MONEY_TRANSACTION', data: { kind: 'PAYOUT', amount: '250.00', iban: 'DE89370400440532013000' } } as const;
const as = (c: SignedInCustomer, method: 'GET' | 'POST', url: string, payload?: object) => t.call({ method, url, headers: c.headers, ...(payload ? { payload } : {}) });

/** requesttan, then requestauth to the app: the web app's sequence. */
async function askApp(c: SignedInCustomer) {
  const ticket = (await as(c, 'POST', '/api/ticket/requesttan', payout)).json().ticket as string;
  const pushed = await as(c, 'POST', '/api/ticket/requestauth', { ticket, serialForAppAuth: serial });
  return { ticket, pushed };
}

describe('a payout approved in the Kontor app (the companion page plays the phone)', () => {
  it('shows the amount and IBAN on the device; approved, the browser polls, verifies with the authorizationId and the result redeems', async () => {
    const { ticket, pushed } = await askApp(anna);
    expect(pushed.statusCode).toBe(200);
    expect(pushed.json()).toMatchObject({ ticket, channel: 'APP', sentTo: 'Annas iPhone' });

    const waiting = await t.call({ method: 'GET', url: `/api/dev/app/${serial}` });
    expect(waiting.json()).toEqual([expect.objectContaining({ ticket, type: 'MONEY_TRANSACTION', summary: expect.stringMatching(/^Auszahlung 250,00\s€ an DE89 •••• 3000$/) })]);
    expect((await as(anna, 'GET', `/api/ticket/challenges/${ticket}`)).json()).toMatchObject({ state: 'PENDING' });
    expect((await as(anna, 'GET', `/api/ticket/challenges/${ticket}`)).json().authorizationId).toBeUndefined();

    expect((await t.call({ method: 'POST', url: `/api/dev/app/${serial}/${ticket}`, payload: { decision: 'APPROVE' } })).statusCode).toBe(204);
    const status = (await as(anna, 'GET', `/api/ticket/challenges/${ticket}`)).json();
    expect(status).toMatchObject({ state: 'APPROVED', channel: 'APP' });
    const verified = await as(anna, 'POST', '/api/ticket/verify', { ticket, tan: '', authorizationId: status.authorizationId });
    expect(verified.statusCode).toBe(200);
    await t.database.db.transaction((tx) => t.app.authorisations.redeem(tx, anna.sub, payout, verified.json()));
    expect((await t.call({ method: 'GET', url: `/api/dev/app/${serial}` })).json()).toEqual([]);
    expect((await as(anna, 'GET', '/api/appenrollment')).json().devices[0].lastUsedAt).not.toBeNull();
  });

  it('denied in the app, the verify says so', async () => {
    const { ticket } = await askApp(anna);
    await t.call({ method: 'POST', url: `/api/dev/app/${serial}/${ticket}`, payload: { decision: 'DENY' } });
    expect((await as(anna, 'GET', `/api/ticket/challenges/${ticket}`)).json().state).toBe('DENIED');
    const res = await as(anna, 'POST', '/api/ticket/verify', { ticket, tan: '', authorizationId: 'irgendwas' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('abgelehnt');
  });

  it('the companion page shows the request with buttons, and its forms approve without JavaScript', async () => {
    const { ticket } = await askApp(anna);
    const list = await t.app.inject({ method: 'GET', url: '/dev/app' });
    expect(list.body).toContain(`href="/dev/app/${serial}"`);
    const page = await t.app.inject({ method: 'GET', url: `/dev/app/${serial}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toMatch(/Auszahlung 250,00\s€ an DE89 •••• 3000/);
    expect(page.body).toContain('Noch 5:00 min gültig');
    expect(page.body).toContain(`action="/dev/app/${serial}/${ticket}"`);
    expect(page.body).toContain('Freigeben');
    expect(page.body).toContain('Ablehnen');
    const posted = await t.app.inject({
      method: 'POST',
      url: `/dev/app/${serial}/${ticket}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'decision=APPROVE',
    });
    expect(posted.statusCode).toBe(303);
    expect(posted.headers.location).toBe(`/dev/app/${serial}`);
    expect((await as(anna, 'GET', `/api/ticket/challenges/${ticket}`)).json().state).toBe('APPROVED');
  });

  it('another customer cannot see or push Anna’s ticket, nor ask Anna’s device: 404', async () => {
    const { ticket } = await askApp(anna);
    expect((await as(ben, 'GET', `/api/ticket/challenges/${ticket}`)).statusCode).toBe(404);
    expect((await as(ben, 'POST', '/api/ticket/requestauth', { ticket, serialForAppAuth: serial })).statusCode).toBe(404);
    const bens = (await as(ben, 'POST', '/api/ticket/requesttan', payout)).json().ticket;
    expect((await as(ben, 'POST', '/api/ticket/requestauth', { ticket: bens, serialForAppAuth: serial })).statusCode).toBe(404);
    expect((await as(anna, 'GET', `/api/ticket/challenges/${ticket}`)).json().state).toBe('PENDING');
  });

  it('retiring the device denies what waited for it', async () => {
    const { ticket } = await askApp(anna);
    const retire = { type: 'RETIRE_DEVICE', customerDeviceName: 'Annas iPhone', serial } as const;
    const res = await as(anna, 'POST', '/api/appenrollment/retire', { customerDeviceName: 'Annas iPhone', serial, authorisation: await authorised(t, anna, retire) });
    expect(res.statusCode).toBe(204);
    expect((await as(anna, 'GET', `/api/ticket/challenges/${ticket}`)).json().state).toBe('DENIED');
    expect((await t.call({ method: 'GET', url: `/api/dev/app/${serial}` })).statusCode).toBe(404);
  });
});
