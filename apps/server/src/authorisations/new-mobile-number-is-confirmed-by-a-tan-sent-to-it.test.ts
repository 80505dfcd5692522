import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestTan } from '../../test/authorisation.ts';
import { signedInCustomer, type SignedInCustomer } from '../../test/customer.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let anna: SignedInCustomer;
beforeAll(async () => {
  t = await createTestApp();
  anna = await signedInCustomer(t.app, t.database.db, 'anna-new-number');
});
afterAll(() => t?.close());

const verifyChanged = (body: object) => t.call({ method: 'POST', url: '/api/ticket/verifychangedmobilenr', headers: anna.headers, payload: body });

describe('a new mobile number is confirmed by a TAN sent to it (verifychangedmobilenr)', () => {
  it('sends the TAN to the new number and verifies it there', async () => {
    const { challenge, tan, message } = await requestTan(t, anna, { type: 'TICKET', data: { mobileNumber: '0170 1234567' } });
    expect(message.recipient).toBe('+491701234567');
    expect(challenge.summary).toBe('Neue Mobilfunknummer bestätigen');
    const res = await verifyChanged({ ticket: challenge.ticket, tan });
    expect(res.statusCode).toBe(200);
    expect(res.json().ticket).toBe(challenge.ticket);
  });

  it('refuses a number that is no mobile number before sending anything', async () => {
    const res = await t.call({ method: 'POST', url: '/api/ticket/requesttan', headers: anna.headers, payload: { type: 'TICKET', data: { mobileNumber: '030 1234567' } } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('keine Mobilfunknummer');
  });

  it('does not verify a challenge whose TAN went to the known number: the answer of a wrong TAN', async () => {
    const { challenge, tan } = await requestTan(t, anna, { type: 'ENROLL_DEVICE', deviceName: 'Annas iPhone' });
    const res = await verifyChanged({ ticket: challenge.ticket, tan });
    expect(res.statusCode).toBe(422);
  });
});
