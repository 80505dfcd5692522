import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestTan, verifyTan } from '../../test/authorisation.ts';
import { signedInCustomer, type SignedInCustomer } from '../../test/customer.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let anna: SignedInCustomer;
beforeAll(async () => {
  t = await createTestApp();
  anna = await signedInCustomer(t.app, t.database.db, 'anna-single');
});
afterAll(() => t?.close());

describe('a TAN is single use', () => {
  it('verifies once, and its result enrols one device once', async () => {
    const { challenge, tan } = await requestTan(t, anna, { type: 'ENROLL_DEVICE', deviceName: 'Annas iPhone' });
    const verified = await verifyTan(t, anna, { ticket: challenge.ticket, tan });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({ ticket: challenge.ticket, tan });

    const again = await verifyTan(t, anna, { ticket: challenge.ticket, tan });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Diese TAN wurde bereits verwendet. Bitte fordern Sie eine neue TAN an.');

    const enrol = () => t.call({ method: 'POST', url: '/api/appenrollment', headers: anna.headers, payload: { deviceName: 'Annas iPhone', authorisation: verified.json() } });
    expect((await enrol()).statusCode).toBe(201);
    const second = await enrol();
    expect(second.statusCode).toBe(422);
    expect((await t.call({ method: 'GET', url: '/api/appenrollment', headers: anna.headers })).json().devices).toHaveLength(1);
    expect((await t.call({ method: 'GET', url: `/api/ticket/challenges/${challenge.ticket}`, headers: anna.headers })).json().state).toBe('USED');
  });

  it('a result for one device name does not enrol another', async () => {
    const { challenge, tan } = await requestTan(t, anna, { type: 'ENROLL_DEVICE', deviceName: 'Annas iPhone' });
    const verified = await verifyTan(t, anna, { ticket: challenge.ticket, tan });
    const res = await t.call({ method: 'POST', url: '/api/appenrollment', headers: anna.headers, payload: { deviceName: 'Fremdes Handy', authorisation: verified.json() } });
    expect(res.statusCode).toBe(422);
  });
});
