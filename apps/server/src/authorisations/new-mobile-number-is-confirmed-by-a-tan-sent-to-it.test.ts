import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newMobileNumberProofData } from '@kontor/domain/service-requests';
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

/** The second challenge of a MOBILE_NUMBER request, as the form sends it. */
const proofOf = (newMobileNumber: string) => ({ type: 'TICKET' as const, data: newMobileNumberProofData({ newMobileNumber }) });

describe('a new mobile number is confirmed by a TAN sent to it (verifychangedmobilenr)', () => {
  it('sends the TAN of the request’s proof to the new number and verifies it there', async () => {
    const { challenge, tan, message } = await requestTan(t, anna, proofOf('+491701234567'));
    expect(message.recipient).toBe('+491701234567');
    expect(challenge.summary).toBe('Neue Mobilnummer bestätigen');
    const res = await verifyChanged({ ticket: challenge.ticket, tan });
    expect(res.statusCode).toBe(200);
    expect(res.json().ticket).toBe(challenge.ticket);
  });

  it('refuses a number that is no mobile number before sending anything, at its field', async () => {
    const res = await t.call({ method: 'POST', url: '/api/ticket/requesttan', headers: anna.headers, payload: proofOf('030 1234567') });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('keine Mobilnummer');
    expect(res.json().errors).toEqual([{ field: 'newMobileNumber', message: res.json().message }]);
  });

  it('refuses the flag on anything but a change of mobile number', async () => {
    const data = { requestType: 'PORTFOLIO_REPORT_DUE_DATE', portfolioReportDueDate: '06-30', confirmNewNumber: true, mobileNumber: '+491701234567' };
    const res = await t.call({ method: 'POST', url: '/api/ticket/requesttan', headers: anna.headers, payload: { type: 'TICKET', data } });
    expect(res.statusCode).toBe(400);
  });

  it('does not verify a challenge whose TAN went to the known number: the answer of a wrong TAN', async () => {
    const { challenge, tan } = await requestTan(t, anna, { type: 'ENROLL_DEVICE', deviceName: 'Annas iPhone' });
    const res = await verifyChanged({ ticket: challenge.ticket, tan });
    expect(res.statusCode).toBe(422);
  });
});
