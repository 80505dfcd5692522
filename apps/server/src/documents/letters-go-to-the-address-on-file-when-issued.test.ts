import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentPage } from '@kontor/domain/posteingang-contracts';
import { customerSettingsStore } from '../customer-settings/store.ts';
import { identityStore } from '../identity/store.ts';
import { customerWithCash } from '../../test/money-kit.ts';
import { pdfText } from '../../test/pdf-text.ts';
import type { SignedInCustomer } from '../../test/customer.ts';
import { hoursLater, submitTicket } from '../../test/ticket-kit.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { customerDocuments } from './tables.ts';

const SAP = 'DE0007164600';
const SENDER_LINE = 'Kontor · Musterstraße 1 · 10115 Berlin';
const IN_COLOGNE = ['Erika Mustermann', 'Heidestraße 17', '51147 Köln'];
const IN_VIENNA = ['Erika Mustermann', 'Mariahilfer Straße 12', '1060 Wien', 'ÖSTERREICH'];

let t: TestApp;
let erika: SignedInCustomer;

const documents = async () => ((await t.call({ method: 'GET', url: '/api/posteingang?limit=100', headers: erika.headers })).json() as DocumentPage).documents;
const pdf = async (id: string) => {
  const res = await t.call({ method: 'GET', url: `/api/posteingang/${id}/pdf`, headers: erika.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.rawPayload;
};
/** The lines of a letter from its sender line to its heading: what the envelope's window shows, and the heading below it. */
const addressField = (bytes: Buffer) => {
  const lines = pdfText(bytes).split('\n');
  const from = lines.indexOf(SENDER_LINE);
  return from === -1 ? [] : lines.slice(from, from + 6);
};
/** Ten SAP shares (above the small-order threshold), a minute after whatever came before (so the newest document is this one). */
const buy = async () => {
  t.app.simulatedClock.advance(60_000);
  const res = await t.call({ method: 'POST', url: '/api/trading', headers: { ...erika.headers, 'idempotency-key': randomUUID() }, payload: { isin: SAP, side: 'buy', kind: 'market', quantity: '10', validity: { type: 'day' } } });
  expect(res.statusCode, res.body).toBe(201);
};
const newest = async (kind: string) => (await documents()).find((d) => d.kind === kind)!;

beforeAll(async () => {
  // Monday 23 November 2026, 10:00 in Frankfurt: the market is open.
  t = await createTestApp({ now: '2026-11-23T09:00:00Z' });
  // Nothing is rendered before it is opened: a document waits, as behind a long queue of others.
  await t.app.documentRenderer.stop();
  erika = await customerWithCash(t, '20000');
  const users = identityStore(t.database.db);
  const user = await users.userBySub(erika.sub);
  await users.updateUser(erika.sub, { attributes: { ...user!.attributes, given_name: 'Erika', family_name: 'Mustermann' } });
  // The address given at account opening.
  await customerSettingsStore(t.database.db).setAddress(erika.sub, { street: 'Heidestraße', street2: null, houseNumber: '17', houseNumber2: null, postalCode: '51147', city: 'Köln', country: 'DE' }, t.clock.now());
}, 120_000);
afterAll(() => t.close());

describe('a letter from Kontor', () => {
  it('is addressed where the envelope’s window shows it: sender line, name, street and house number, postcode and city, no country at home', async () => {
    await buy();
    const note = await newest('contract_note');
    expect(addressField(await pdf(note.id))).toEqual([SENDER_LINE, ...IN_COLOGNE, 'Wertpapierabrechnung Kauf', expect.stringMatching(/^Ausführung: /)]);
  });

  it('keeps the address it was issued to after the customer moves; the next letter goes to the new address, with the country abroad', async () => {
    const opened = await newest('contract_note');
    const before = await pdf(opened.id);
    // Issued before the move, opened only after it.
    await buy();
    const waiting = await newest('contract_note');
    expect(waiting.id).not.toBe(opened.id);

    const ticket = await submitTicket(t, erika, 'ADDRESS', { newStreet: 'Mariahilfer Straße', newHouseNumber: '12', postalCode: '1060', city: 'Wien', country: 'AT' });
    await hoursLater(t, 1);
    expect((await t.call({ method: 'GET', url: `/api/ticket/${ticket.id}`, headers: erika.headers })).json()).toMatchObject({ state: 'CLOSED' });

    expect((await pdf(opened.id)).equals(before)).toBe(true);
    expect(addressField(await pdf(waiting.id)).slice(1, 4)).toEqual(IN_COLOGNE);
    // The confirmation of the move goes to the new address, and so does the next contract note.
    expect(addressField(await pdf((await newest('ticket_confirmation')).id)).slice(1, 5)).toEqual(IN_VIENNA);
    await buy();
    expect(addressField(await pdf((await newest('contract_note')).id)).slice(1, 5)).toEqual(IN_VIENNA);
  });

  it('issued before addresses were stored with letters, goes to the address on file when it is first opened', async () => {
    const note = await newest('contract_note');
    const [row] = await t.database.db.select().from(customerDocuments).where(eq(customerDocuments.id, note.id));
    const { recipientAddress, ...data } = row!.data;
    expect(recipientAddress).toMatchObject({ city: 'Wien' });
    const [old] = await t.database.db
      .insert(customerDocuments)
      .values({ ...row!, id: randomUUID(), dedupeKey: `contract_note:${randomUUID()}`, data, pdf: null, pdfSize: null })
      .returning({ id: customerDocuments.id });
    expect(addressField(await pdf(old!.id)).slice(1, 5)).toEqual(IN_VIENNA);
  });
});

describe('an instrument’s document', () => {
  it('a Basisinformationsblatt is no letter: no sender line, no name, no address', async () => {
    const res = await t.call({ method: 'GET', url: `/api/instrument/${SAP}/documents/kid.pdf`, headers: erika.headers });
    expect(res.statusCode).toBe(200);
    const text = pdfText(res.rawPayload);
    expect(text).toContain('Basisinformationsblatt');
    for (const absent of [SENDER_LINE, 'Erika Mustermann', 'Mariahilfer', 'Wien']) expect(text).not.toContain(absent);
  });
});
