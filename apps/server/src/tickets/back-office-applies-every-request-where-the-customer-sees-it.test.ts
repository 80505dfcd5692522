import { randomUUID } from 'node:crypto';
import { outboxStore } from '../outbox/store.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { berlinDate } from '@kontor/domain/banking-days';
import type { CustomerSettings } from '@kontor/domain/customer-settings-contracts';
import type { Payout, ReferenceAccount } from '@kontor/domain/money-contracts';
import { parseServiceRequest, type ServiceRequestType } from '@kontor/domain/service-requests';
import { authorised, requestTan } from '../../test/authorisation.ts';
import { signedInCustomer, type SignedInCustomer } from '../../test/customer.ts';
import { ANNAS_IBAN, customerWithCash, customerWithMandate, overview, payout, payoutAuthorisation } from '../../test/money-kit.ts';
import { hoursLater, submitTicket } from '../../test/ticket-kit.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { embeddedPhoneNumbers } from '../identity/store.ts';
import type { Db } from '../platform/db.ts';
import { taxStore } from '../tax/store.ts';
import { MANDATE_RENEWAL_NOTE, serviceRequestAppliers } from './apply.ts';
import type { Applied } from './apply-types.ts';

const NEW_IBAN = 'DE02120300000000202051';

let t: TestApp;
let apply: (c: SignedInCustomer, type: ServiceRequestType, attributes: Record<string, unknown>) => Promise<Applied>;
beforeAll(async () => {
  // Wednesday 25 November 2026, 11:00 in Berlin.
  t = await createTestApp({ now: '2026-11-25T10:00:00Z' });
  const appliers = serviceRequestAppliers({
    phoneNumbers: embeddedPhoneNumbers(t.app.simulatedClock),
    directDebitEnabled: true,
    smsInTransaction: (tx, recipient, text) => outboxStore(tx).insert({ recipient, channel: 'sms', text, code: null, createdAt: t.clock.now() }),
  });
  // What the back office's job does when it closes a ticket: the normalised attributes, in its transaction.
  apply = async (c, type, attributes) => {
    const parsed = parseServiceRequest(type, attributes);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
    const now = t.app.simulatedClock.now();
    return t.database.db.transaction((tx) =>
      appliers[type]({ tx: tx as unknown as Db, sub: c.sub, ticketId: randomUUID(), now, today: berlinDate(now), customerName: 'Anna Muster' }, parsed.data),
    );
  };
});
afterAll(async () => t.close());

const settingsOf = async (c: SignedInCustomer): Promise<CustomerSettings> => {
  const res = await t.call({ method: 'GET', url: '/api/usersettings', headers: c.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('the settings page', () => {
  it('shows the defaults until a request changed something, then the new address, tax residences, due date and confirmations', async () => {
    const anna = await signedInCustomer(t.app, t.database.db);
    expect(await settingsOf(anna)).toEqual({
      address: null,
      taxResidences: [],
      exemptionOrders: [],
      portfolioReportDueDate: '12-31',
      cryptoAddressConfirmedAt: null,
      idDocumentValidUntil: null,
      lombardDocumentsConfirmedAt: null,
      lombardConfirmedDocuments: [],
      termination: null,
      lossCertificateYears: [],
      preferences: { theme: 'SYSTEM', defaultOrderValidity: 'day', language: null, adAgree: false, adAgreeChangedAt: null },
    });

    const moved = await apply(anna, 'ADDRESS', { newStreet: 'Hauptstraße', newHouseNumber: '5', newHouseNumber2: 'a', postalCode: '10115', city: 'Berlin', country: 'de' });
    expect(moved).toMatchObject({ outcome: 'DONE', message: expect.stringMatching(/neue Adresse/), documents: [] });
    await apply(anna, 'TAX_RESIDENCE', { taxCountry1: 'DE', taxId1: '86095742719', taxCountry2: 'AT', taxId2: 'AT123456' });
    await apply(anna, 'PORTFOLIO_REPORT_DUE_DATE', { portfolioReportDueDate: '06-30' });
    await apply(anna, 'CRYPTO_ADDRESS', { cryptoAddressConfirmedDateTime: '2026-11-25T09:58:00.000Z' });
    await apply(anna, 'ID_DOCUMENT', { idDocumentNewValidUntil: '2034-05-31', idDocumentConfirmValid: true, attachmentFileReferences: [randomUUID()] });
    await apply(anna, 'LOMBARD_DOCUMENTS', { lombardConfirmedDocuments: ['RISK_INFORMATION', 'CREDIT_AGREEMENT', 'PRE_CONTRACTUAL_INFORMATION'] });
    await apply(anna, 'TERMINATION', { terminationReason: 'FEES' });

    expect(await settingsOf(anna)).toEqual({
      address: { street: 'Hauptstraße', street2: null, houseNumber: '5', houseNumber2: 'a', postalCode: '10115', city: 'Berlin', country: 'DE' },
      taxResidences: [
        { country: 'DE', taxId: '86095742719' },
        { country: 'AT', taxId: 'AT123456' },
      ],
      exemptionOrders: [],
      portfolioReportDueDate: '06-30',
      cryptoAddressConfirmedAt: '2026-11-25T09:58:00.000Z',
      idDocumentValidUntil: '2034-05-31',
      lombardDocumentsConfirmedAt: '2026-11-25T10:00:00.000Z',
      lombardConfirmedDocuments: ['CREDIT_AGREEMENT', 'RISK_INFORMATION', 'PRE_CONTRACTUAL_INFORMATION'],
      termination: { requestedAt: '2026-11-25T10:00:00.000Z', reason: 'FEES' },
      lossCertificateYears: [],
      // The customer's own choices: no ticket changes them.
      preferences: { theme: 'SYSTEM', defaultOrderValidity: 'day', language: null, adAgree: false, adAgreeChangedAt: null },
    });

    // A second address replaces the first; nobody else's settings change.
    await apply(anna, 'ADDRESS', { newStreet: 'Marktplatz', newHouseNumber: '1', postalCode: '1010', city: 'Wien', country: 'AT' });
    expect((await settingsOf(anna)).address).toMatchObject({ street: 'Marktplatz', postalCode: '1010', city: 'Wien', country: 'AT', houseNumber2: null });
    expect((await settingsOf(await signedInCustomer(t.app, t.database.db))).address).toBeNull();
  });
});

describe('a new reference account', () => {
  it('is shown at once, ends the mandate of the old account, and the next payout goes to it while an ordered one keeps the old IBAN', async () => {
    const ben = await customerWithMandate(t);
    await t.call({ method: 'POST', url: '/api/dev/deposit', headers: ben.headers, payload: { amount: '500.00' } });
    const before = (await (await payout(t, ben, '100.00', await payoutAuthorisation(t, ben, '100.00'))).json()) as Payout;
    expect(before.ibanMasked).toBe('DE89 •••• 3000');

    const applied = await apply(ben, 'REFERENCE_ACCOUNT', { newReferenceAccountIban: 'DE02 1203 0000 0000 2020 51' });
    expect(applied).toMatchObject({ outcome: 'DONE', notes: [MANDATE_RENEWAL_NOTE] });
    expect(applied.message).toContain(MANDATE_RENEWAL_NOTE);

    const account = (await t.call({ method: 'GET', url: '/api/user/account/iban', headers: ben.headers })).json() as ReferenceAccount;
    expect(account).toMatchObject({ iban: NEW_IBAN, ibanMasked: 'DE02 •••• 2051', holder: 'Anna Muster' });
    const money = await overview(t, ben);
    expect(money.directDebit.mandate).toBeNull();
    expect(money.payouts.find((p) => p.id === before.id)!.ibanMasked).toBe('DE89 •••• 3000');
    // The security log shows the change, made by the back office: no browser, no place.
    const log = (await t.call({ method: 'GET', url: '/api/security-log', headers: ben.headers })).json() as { events: { kind: string; detail: string; device: string | null; network: string | null }[] };
    expect(log.events[0]).toMatchObject({ kind: 'REFERENCE_ACCOUNT_CHANGED', detail: 'DE02 •••• 2051', device: null, network: null });

    // A TAN for the old account does not pay out any more; one for the new account does, to it.
    const stale = await payout(t, ben, '50.00', await payoutAuthorisation(t, ben, '50.00'));
    expect(stale.statusCode).toBeGreaterThanOrEqual(400);
    expect(stale.statusCode).toBeLessThan(500);
    const fresh = await payout(t, ben, '50.00', await authorised(t, ben, { type: 'MONEY_TRANSACTION', data: { kind: 'PAYOUT', amount: '50.00', iban: NEW_IBAN } }));
    expect(fresh.statusCode, fresh.body).toBe(201);
    expect((fresh.json() as Payout).ibanMasked).toBe('DE02 •••• 2051');
  });

  it('the same IBAN again keeps the mandate', async () => {
    const cara = await customerWithMandate(t);
    const applied = await apply(cara, 'REFERENCE_ACCOUNT', { newReferenceAccountIban: ANNAS_IBAN });
    expect(applied.notes).toBeUndefined();
    expect((await overview(t, cara)).directDebit.mandate).not.toBeNull();
  });
});

describe('the direct debit mandate', () => {
  it('is granted for the reference account and revoked, each once; without a reference account there is none to grant', async () => {
    const dora = await customerWithCash(t, '0');
    const granted = await apply(dora, 'DIRECT_DEBIT_MANDATE', { directDebitMandate: 'GRANT' });
    expect(granted).toMatchObject({ outcome: 'DONE', message: expect.stringMatching(/Mandatsreferenz KONTOR-[0-9A-F]{12}/) });
    expect((await overview(t, dora)).directDebit.mandate).toMatchObject({ mandateReference: expect.stringMatching(/^KONTOR-/), ibanMasked: 'DE89 •••• 3000', signedAt: '2026-11-25T10:00:00.000Z' });
    expect(await apply(dora, 'DIRECT_DEBIT_MANDATE', { directDebitMandate: 'GRANT' })).toMatchObject({ outcome: 'REJECTED', message: 'Sie haben bereits ein Lastschriftmandat erteilt.' });

    expect(await apply(dora, 'DIRECT_DEBIT_MANDATE', { directDebitMandate: 'REVOKE' })).toMatchObject({ outcome: 'DONE', message: expect.stringMatching(/widerrufen/) });
    expect((await overview(t, dora)).directDebit.mandate).toBeNull();
    expect(await apply(dora, 'DIRECT_DEBIT_MANDATE', { directDebitMandate: 'REVOKE' })).toMatchObject({ outcome: 'REJECTED', message: expect.stringMatching(/kein SEPA-Lastschriftmandat/) });

    const emil = await signedInCustomer(t.app, t.database.db);
    expect(await apply(emil, 'DIRECT_DEBIT_MANDATE', { directDebitMandate: 'GRANT' })).toMatchObject({ outcome: 'REJECTED', message: expect.stringMatching(/zuerst ein Referenzkonto/) });
  });
});

describe('a new mobile number', () => {
  it('replaces the old one in the user pool, tells the old number, logs it, and the next TAN goes to it', async () => {
    const finn = await customerWithCash(t, '0');
    const applied = await apply(finn, 'MOBILE_NUMBER', { newMobileNumber: '0151 23456789' });
    expect(applied).toMatchObject({ outcome: 'DONE', message: expect.stringContaining('+4915123456789') });
    const [toOld] = await outboxStore(t.database.db).latest(1);
    expect(toOld).toMatchObject({ recipient: finn.phone, channel: 'sms', text: expect.stringContaining('Mobilnummer Ihres Kontor-Kontos wurde geändert') });
    const log = (await t.call({ method: 'GET', url: '/api/security-log', headers: finn.headers })).json();
    expect(log.events.filter((e: { kind: string }) => e.kind === 'MOBILE_NUMBER_CHANGED')).toMatchObject([{ detail: '+49 •••• •••••89' }]);
    const me = (await t.call({ method: 'GET', url: '/api/user/me', headers: finn.headers })).json();
    expect(me.phoneNumber).toBe('+4915123456789');
    const { message } = await requestTan(t, finn, { type: 'MONEY_TRANSACTION', data: { kind: 'MANDATE', iban: ANNAS_IBAN } });
    expect(message.recipient).toBe('+4915123456789');
  });
});

describe('a Freistellungsauftrag', () => {
  it('ends the one it overlaps on the day before, replaces one that starts on the same day, and the tax area finds the one in effect', async () => {
    const gina = await signedInCustomer(t.app, t.database.db);
    await apply(gina, 'EXEMPTION_ORDER', { taxExemptionOrderAmount: '801', validFrom: '2026-01-01', preconditionYear: 2026 });
    const next = await apply(gina, 'EXEMPTION_ORDER', {
      taxExemptionOrderAmount: '2000.00',
      validFrom: '2027-01-01',
      preconditionYear: 2027,
      jointExemptionData: { givenName: 'Hans', familyName: 'Muster', birthDate: '1980-02-29', taxId: '86095742719' },
    });
    expect(next.message).toBe('Ihr Freistellungsauftrag über 2.000,00\u00a0€ gilt ab dem 01.01.2027 bis auf Widerruf. Ein bisheriger Auftrag endet am Vortag.');
    let orders = (await settingsOf(gina)).exemptionOrders;
    expect(orders).toEqual([
      expect.objectContaining({ amount: '801.00', validFrom: '2026-01-01', validTo: '2026-12-31', preconditionYear: 2026, joint: null }),
      expect.objectContaining({ amount: '2000.00', validFrom: '2027-01-01', validTo: null, joint: { givenName: 'Hans', familyName: 'Muster' } }),
    ]);

    // Another order from the same day replaces it; the 2026 one keeps its end.
    await apply(gina, 'EXEMPTION_ORDER', { taxExemptionOrderAmount: '500.00', validFrom: '2027-01-01', validTo: '2027-12-31', preconditionYear: 2027 });
    orders = (await settingsOf(gina)).exemptionOrders;
    expect(orders.map((o) => [o.amount, o.validFrom, o.validTo])).toEqual([
      ['801.00', '2026-01-01', '2026-12-31'],
      ['500.00', '2027-01-01', '2027-12-31'],
    ]);
    expect((await taxStore(t.database.db).exemptionInEffect(gina.sub, '2026-12-31'))?.amount).toBe('801.00');
    expect((await taxStore(t.database.db).exemptionInEffect(gina.sub, '2027-06-30'))?.amount).toBe('500.00');
    expect(await taxStore(t.database.db).exemptionInEffect(gina.sub, '2028-01-01')).toBeNull();

    // In 2027 the ended order is no longer listed.
    expect((await taxStore(t.database.db).exemptionOrdersOf(gina.sub, '2027-01-01')).map((o) => o.amount)).toEqual(['500.00']);
  });
});

// Last: it moves the clock on.
describe('through a ticket', () => {
  it('an address submitted with a TAN is carried out by the back office: the ticket closes and the settings show it', async () => {
    const hana = await signedInCustomer(t.app, t.database.db);
    const ticket = await submitTicket(t, hana, 'ADDRESS', { newStreet: 'Lindenallee', newHouseNumber: '12', postalCode: '80331', city: 'München', country: 'DE' });
    expect((await settingsOf(hana)).address).toBeNull();
    await hoursLater(t, 1);
    expect((await t.call({ method: 'GET', url: `/api/ticket/${ticket.id}`, headers: hana.headers })).json()).toMatchObject({ state: 'CLOSED' });
    expect((await settingsOf(hana)).address).toMatchObject({ street: 'Lindenallee', houseNumber: '12', postalCode: '80331', city: 'München', country: 'DE' });
  });
});
