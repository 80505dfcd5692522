import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newMobileNumberProofData, parseServiceRequest, ticketAuthorisationData } from '@kontor/domain/service-requests';
import type { Ticket } from '@kontor/domain/ticket-contracts';
import { authorised, requestTan } from '../../test/authorisation.ts';
import { signedInCustomer, type SignedInCustomer } from '../../test/customer.ts';
import { hoursLater, newNumberProof, ticketAuthorisation } from '../../test/ticket-kit.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { outboxStore } from '../outbox/store.ts';

/**
 * "Mobilnummer ändern" moves every later TAN to the new phone. Whoever holds only a customer's
 * access token (a stolen browser session) owns a phone of their own, but not the customer's: the
 * request needs the customer's current channel (a TAN to the verified number, or the app) and the
 * TAN sent to the new number, both.
 */

/** The phone the new number belongs to: the attacker's in the first scenario, the customer's new one in the second. */
const NEW_PHONE = '+491701234567';
const REQUEST = { newMobileNumber: '0170 1234567' };

let t: TestApp;
beforeAll(async () => {
  // Wednesday 25 November 2026, 11:00 in Berlin.
  t = await createTestApp({ now: '2026-11-25T10:00:00Z' });
});
afterAll(() => t?.close());

const as = (c: SignedInCustomer, method: 'GET' | 'POST', url: string, payload?: object) => t.call({ method, url, headers: c.headers, ...(payload ? { payload } : {}) });
const phoneOf = async (c: SignedInCustomer): Promise<string> => (await as(c, 'GET', '/api/user/me')).json().phoneNumber;
const ticketsOf = async (c: SignedInCustomer): Promise<Ticket[]> => [
  ...(await as(c, 'GET', '/api/ticket?view=open')).json().tickets,
  ...(await as(c, 'GET', '/api/ticket?view=closed')).json().tickets,
];
const parsed = (data: Record<string, unknown>) => {
  const p = parseServiceRequest('MOBILE_NUMBER', data);
  if (!p.ok) throw new Error(JSON.stringify(p.problems));
  return p.data;
};

describe('an attacker with only the access token tries to put their own mobile number on the account', () => {
  it('gets no TAN for the request (it goes to the customer’s phone), cannot submit with the TAN to their own phone, and the number stays', async () => {
    const anna = await signedInCustomer(t.app, t.database.db);

    // The request itself, as the form sends it: its TAN goes to Anna's phone and names the new number.
    const { message } = await requestTan(t, anna, { type: 'TICKET', data: ticketAuthorisationData('MOBILE_NUMBER', parsed(REQUEST)) });
    expect(message.recipient).toBe(anna.phone);
    expect(message.text).toContain('Serviceauftrag „Mobilnummer ändern“ auf +49 170 1234567');

    // The TAN to the new number reaches the attacker's phone: it proves that number, nothing more.
    const proof = await newNumberProof(t, anna, REQUEST);
    const onlyProof = await as(anna, 'POST', '/api/ticket', { type: 'MOBILE_NUMBER', data: REQUEST, authorisation: proof });
    expect(onlyProof.statusCode).toBe(400);
    expect(onlyProof.json().message).toBe('Bitte bestätigen Sie Ihre neue Mobilnummer zusätzlich mit der TAN, die wir an diese neue Nummer senden. Erst mit beiden Bestätigungen können wir die Nummer ändern.');
    const proofTwice = await as(anna, 'POST', '/api/ticket', { type: 'MOBILE_NUMBER', data: REQUEST, authorisation: proof, newNumberProof: proof });
    expect(proofTwice.statusCode).toBe(422);
    const draft = (await as(anna, 'POST', '/api/ticket', { type: 'MOBILE_NUMBER', data: REQUEST })).json() as Ticket;
    const draftWithProof = await as(anna, 'POST', `/api/ticket/${draft.id}/submit`, { data: REQUEST, authorisation: proof, newNumberProof: proof });
    expect(draftWithProof.statusCode).toBe(422);

    await hoursLater(t, 3);
    expect(await phoneOf(anna)).toBe(anna.phone);
    expect((await ticketsOf(anna)).map((x) => x.state)).toEqual(['PREPARED']);
    const log = (await as(anna, 'GET', '/api/security-log')).json();
    expect(log.events.filter((e: { kind: string }) => e.kind === 'MOBILE_NUMBER_CHANGED')).toEqual([]);
  });

  it('a TICKET challenge that merely names the new number sends its TAN to the customer’s phone, not to that number', async () => {
    const ben = await signedInCustomer(t.app, t.database.db);
    const { message, challenge } = await requestTan(t, ben, { type: 'TICKET', data: { mobileNumber: NEW_PHONE } });
    expect(message.recipient).toBe(ben.phone);
    const res = await as(ben, 'POST', '/api/ticket/verifychangedmobilenr', { ticket: challenge.ticket, tan: message.code });
    expect(res.statusCode).toBe(422);
  });
});

describe('the customer changes her mobile number with both confirmations', () => {
  it('the TAN to her current number and the TAN to the new one: the back office sets it, the old number hears of it, the security log has it', async () => {
    const clara = await signedInCustomer(t.app, t.database.db);
    const authorisation = await ticketAuthorisation(t, clara, 'MOBILE_NUMBER', REQUEST);
    const proof = await newNumberProof(t, clara, REQUEST);
    const res = await as(clara, 'POST', '/api/ticket', { type: 'MOBILE_NUMBER', data: REQUEST, authorisation, newNumberProof: proof });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ state: 'OPEN', data: { newMobileNumber: NEW_PHONE } });

    // Both results are spent: the same pair submits nothing a second time.
    await hoursLater(t, 3);
    const again = await as(clara, 'POST', '/api/ticket', { type: 'MOBILE_NUMBER', data: REQUEST, authorisation, newNumberProof: proof });
    expect(again.statusCode).toBe(422);

    expect(await phoneOf(clara)).toBe(NEW_PHONE);
    const toOld = (await outboxStore(t.database.db).latest(20)).find((m) => m.recipient === clara.phone && m.text.includes('Mobilnummer Ihres Kontor-Kontos wurde geändert'));
    expect(toOld).toBeDefined();
    const log = (await as(clara, 'GET', '/api/security-log')).json();
    expect(log.events.filter((e: { kind: string }) => e.kind === 'MOBILE_NUMBER_CHANGED')).toHaveLength(1);
    const { message } = await requestTan(t, clara, { type: 'ENROLL_DEVICE', deviceName: 'Claras iPhone' });
    expect(message.recipient).toBe(NEW_PHONE);
  });

  it('a draft refused for want of the new number’s TAN spends nothing: submitted again with both, it goes through', async () => {
    const dora = await signedInCustomer(t.app, t.database.db);
    const draft = (await as(dora, 'POST', '/api/ticket', { type: 'MOBILE_NUMBER', data: REQUEST })).json() as Ticket;
    const authorisation = await ticketAuthorisation(t, dora, 'MOBILE_NUMBER', REQUEST);
    const refused = await as(dora, 'POST', `/api/ticket/${draft.id}/submit`, { data: REQUEST, authorisation });
    expect(refused.statusCode).toBe(400);
    // A proof of another number does not fit this request.
    const otherNumber = await newNumberProof(t, dora, { newMobileNumber: '0151 98765432' });
    expect((await as(dora, 'POST', `/api/ticket/${draft.id}/submit`, { data: REQUEST, authorisation, newNumberProof: otherNumber })).statusCode).toBe(422);
    const submitted = await as(dora, 'POST', `/api/ticket/${draft.id}/submit`, { data: REQUEST, authorisation, newNumberProof: await newNumberProof(t, dora, REQUEST) });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json()).toMatchObject({ state: 'OPEN' });
  });

  it('the request itself may be confirmed in the Kontor app on her enrolled phone', async () => {
    const emil = await signedInCustomer(t.app, t.database.db);
    const enrolment = await authorised(t, emil, { type: 'ENROLL_DEVICE', deviceName: 'Emils iPhone' });
    const serial = (await as(emil, 'POST', '/api/appenrollment', { deviceName: 'Emils iPhone', authorisation: enrolment })).json().serial as string;
    const payload = { type: 'TICKET', data: ticketAuthorisationData('MOBILE_NUMBER', parsed(REQUEST)) } as const;
    const ticket = (await as(emil, 'POST', '/api/ticket/requesttan', payload)).json().ticket as string;
    expect((await as(emil, 'POST', '/api/ticket/requestauth', { ticket, serialForAppAuth: serial })).statusCode).toBe(200);
    await t.call({ method: 'POST', url: `/api/dev/app/${serial}/${ticket}`, payload: { decision: 'APPROVE' } });
    const { authorizationId } = (await as(emil, 'GET', `/api/ticket/challenges/${ticket}`)).json();
    const authorisation = (await as(emil, 'POST', '/api/ticket/verify', { ticket, tan: '', authorizationId })).json();

    // The new number's TAN is not the app's to give.
    const proofChallenge = await requestTan(t, emil, { type: 'TICKET', data: newMobileNumberProofData(parsed(REQUEST)) });
    expect(proofChallenge.message.recipient).toBe(NEW_PHONE);
    const pushed = await as(emil, 'POST', '/api/ticket/requestauth', { ticket: proofChallenge.challenge.ticket, serialForAppAuth: serial });
    expect(pushed.statusCode).toBe(409);
    expect(pushed.json().message).toContain('nicht in der Kontor-App');

    const proof = (await as(emil, 'POST', '/api/ticket/verifychangedmobilenr', { ticket: proofChallenge.challenge.ticket, tan: proofChallenge.tan })).json();
    const res = await as(emil, 'POST', '/api/ticket', { type: 'MOBILE_NUMBER', data: REQUEST, authorisation, newNumberProof: proof });
    expect(res.statusCode, res.body).toBe(201);
  });
});
