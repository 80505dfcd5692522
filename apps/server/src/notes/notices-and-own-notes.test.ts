import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTE_MAX_LENGTH, NOTES_PER_CUSTOMER, type NotesList, type OwnNote } from '@kontor/domain/notes-contracts';
import { signedInCustomer, type SignedInCustomer } from '../../test/customer.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { withCheckDigit } from '../instruments/isin.ts';
import { customerSettingsStore } from '../customer-settings/store.ts';
import { ownNotes } from './tables.ts';

const SAP = 'DE0007164600';
const WORLD = 'IE00B4L5Y983';
const DAY = 24 * 3600 * 1000;

let t: TestApp;
let anna: SignedInCustomer;
let ben: SignedInCustomer;
beforeAll(async () => {
  t = await createTestApp();
  anna = await signedInCustomer(t.app, t.database.db, 'anna');
  ben = await signedInCustomer(t.app, t.database.db, 'ben');
});
afterAll(() => t.close());

const as = (who: SignedInCustomer, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });
const listOf = async (who: SignedInCustomer, query = '') => (await as(who, 'GET', `/api/notes${query}`)).json() as NotesList;

describe('notices from Kontor', () => {
  it('shows Kontor’s two notices on their pages, with the price list of the runtime config', async () => {
    const { notices } = await listOf(anna);
    expect(notices.map((n) => [n.title, n.level, n.pages])).toEqual(
      expect.arrayContaining([
        ['Bitte ergänzen Sie Ihre Steuer-ID', 'action', ['SETTINGS', 'DEPOT']],
        ['Neues Preis- und Leistungsverzeichnis ab 1.1.', 'info', ['ALL']],
      ]),
    );
    expect(notices.find((n) => n.id === 'steuer-id')?.link).toBe('/einstellungen');
    expect(notices.find((n) => n.id === 'preisverzeichnis')?.link).toBe('/preisverzeichnis');
  });

  it('dismisses a notice for this customer only; dismissing twice is fine', async () => {
    expect((await as(anna, 'POST', '/api/notes/dismiss', { id: 'steuer-id' })).statusCode).toBe(204);
    expect((await as(anna, 'POST', '/api/notes/dismiss', { id: 'steuer-id' })).statusCode).toBe(204);
    expect((await listOf(anna)).notices.map((n) => n.id)).not.toContain('steuer-id');
    expect((await listOf(ben)).notices.map((n) => n.id)).toContain('steuer-id');
  });

  it('no longer asks a customer for the Steuer-ID once one is on file (account opening or ticket)', async () => {
    const cara = await signedInCustomer(t.app, t.database.db, 'cara');
    expect((await listOf(cara)).notices.map((n) => n.id)).toContain('steuer-id');
    await customerSettingsStore(t.database.db).setTaxResidences(cara.sub, [{ country: 'DE', taxId: '86095742719' }], new Date());
    const ids = (await listOf(cara)).notices.map((n) => n.id);
    expect(ids).not.toContain('steuer-id');
    expect(ids).toContain('preisverzeichnis');
  });

  it('keeps a notice for one customer from every other: dismissing it or an unknown id is a 404', async () => {
    const id = await t.app.notes.issue({ sub: anna.sub, pages: ['INSTRUMENT'], level: 'info', title: 'Hauptversammlung', body: 'Ihre Einladung liegt im Posteingang.', isin: SAP });
    expect((await listOf(anna, `?isin=${SAP}`)).notices.map((n) => n.id)).toEqual([id]);
    expect((await listOf(anna, `?isin=${WORLD}`)).notices).toEqual([]);
    expect((await listOf(ben)).notices.map((n) => n.id)).not.toContain(id);
    const foreign = await as(ben, 'POST', '/api/notes/dismiss', { id });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('Diesen Hinweis gibt es nicht.');
    expect((await as(ben, 'POST', '/api/notes/dismiss', { id: 'gibt-es-nicht' })).statusCode).toBe(404);
    expect((await listOf(anna)).notices.map((n) => n.id)).toContain(id);
  });

  it('ends a notice at its end: 20 days on, a notice valid for 10 is gone and one valid for 40 stays', async () => {
    const carl = await signedInCustomer(t.app, t.database.db);
    const now = t.app.simulatedClock.now().getTime();
    const short = await t.app.notes.issue({ sub: carl.sub, pages: ['CORPORATE_ACTIONS'], level: 'action', title: 'Weisung möglich', body: 'Bis zur Frist.', validTo: new Date(now + 10 * DAY) });
    const long = await t.app.notes.issue({ sub: carl.sub, pages: ['TAX'], level: 'info', title: 'Freistellungsauftrag', body: 'Läuft bald ab.', validTo: new Date(now + 40 * DAY) });
    expect((await listOf(carl)).notices.map((n) => n.id)).toEqual(expect.arrayContaining([short, long]));
    t.app.simulatedClock.advance(20 * DAY);
    const after = (await listOf(carl)).notices.map((n) => n.id);
    expect(after).not.toContain(short);
    expect(after).toContain(long);
    expect((await as(carl, 'POST', '/api/notes/dismiss', { id: short })).statusCode).toBe(404);
  });
});

describe('own notes', () => {
  it('writes, lists (all and by ISIN, with the instrument’s name), edits and deletes a note', async () => {
    const created = await as(anna, 'POST', '/api/notes', { subject: 'INSTRUMENT', isin: SAP, text: '  Nachkaufen unter 150 €  ' });
    expect(created.statusCode).toBe(201);
    const note = created.json() as OwnNote;
    expect(note).toMatchObject({ subject: 'INSTRUMENT', isin: SAP, text: 'Nachkaufen unter 150 €' });
    expect(note.name).toMatch(/SAP/i);
    t.app.simulatedClock.advance(1000);
    await as(anna, 'POST', '/api/notes', { subject: 'POSITION', isin: WORLD, text: 'Sparplan läuft' });

    expect((await listOf(anna)).notes.map((n) => n.isin)).toEqual([WORLD, SAP]);
    expect((await listOf(anna, `?isin=${SAP}`)).notes.map((n) => n.id)).toEqual([note.id]);

    const edited = await as(anna, 'PUT', `/api/notes/${note.id}`, { text: 'Gehalten' });
    expect(edited.json()).toMatchObject({ id: note.id, text: 'Gehalten', createdAt: note.createdAt });
    expect((await as(anna, 'DELETE', `/api/notes/${note.id}`)).statusCode).toBe(204);
    expect((await as(anna, 'DELETE', `/api/notes/${note.id}`)).statusCode).toBe(404);
    expect((await listOf(anna, `?isin=${SAP}`)).notes).toEqual([]);
  });

  it(`takes up to ${NOTE_MAX_LENGTH} characters and refuses more, empty text and unknown instruments`, async () => {
    expect((await as(anna, 'POST', '/api/notes', { subject: 'INSTRUMENT', isin: SAP, text: 'ä'.repeat(NOTE_MAX_LENGTH) })).statusCode).toBe(201);
    const long = await as(anna, 'POST', '/api/notes', { subject: 'INSTRUMENT', isin: SAP, text: 'a'.repeat(NOTE_MAX_LENGTH + 1) });
    expect(long.statusCode).toBe(400);
    expect(JSON.stringify(long.json().errors)).toContain(`höchstens ${NOTE_MAX_LENGTH} Zeichen`);
    const empty = await as(anna, 'POST', '/api/notes', { subject: 'INSTRUMENT', isin: SAP, text: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(JSON.stringify(empty.json().errors)).toContain('Bitte schreiben Sie etwas');
    const unknown = await as(anna, 'POST', '/api/notes', { subject: 'INSTRUMENT', isin: withCheckDigit('XS999999999'), text: 'x' });
    expect(unknown.statusCode).toBe(404);
  });

  it('writes a note once when the same request is sent again with its Idempotency-Key (a lost answer)', async () => {
    const carl = await signedInCustomer(t.app, t.database.db);
    const send = () =>
      t.app.inject({ method: 'POST', url: '/api/notes', headers: { ...carl.headers, 'idempotency-key': 'note-retry-1' }, payload: { subject: 'INSTRUMENT', isin: SAP, text: 'Dividende prüfen' } });
    const first = await send();
    const again = await send();
    expect([first.statusCode, again.statusCode]).toEqual([201, 201]);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().id).toBe(first.json().id);
    expect((await listOf(carl)).notes.map((n) => n.text)).toEqual(['Dividende prüfen']);
  });

  it('keeps a note to its writer: another customer does not see it and gets 404 on edit and delete', async () => {
    const note = (await as(anna, 'POST', '/api/notes', { subject: 'INSTRUMENT', isin: WORLD, text: 'Privat' })).json() as OwnNote;
    expect((await listOf(ben)).notes).toEqual([]);
    expect((await as(ben, 'PUT', `/api/notes/${note.id}`, { text: 'Meins' })).statusCode).toBe(404);
    expect((await as(ben, 'DELETE', `/api/notes/${note.id}`)).statusCode).toBe(404);
    expect((await listOf(anna)).notes.find((n) => n.id === note.id)?.text).toBe('Privat');
  });

  it(`allows at most ${NOTES_PER_CUSTOMER} notes per customer (409 beyond)`, async () => {
    const dora = await signedInCustomer(t.app, t.database.db, 'dora');
    const at = t.app.simulatedClock.now();
    await t.database.db.insert(ownNotes).values(
      Array.from({ length: NOTES_PER_CUSTOMER - 1 }, (_, i) => ({ sub: dora.sub, subject: 'INSTRUMENT', isin: SAP, text: `Notiz ${i}`, createdAt: at, updatedAt: at })),
    );
    expect((await as(dora, 'POST', '/api/notes', { subject: 'INSTRUMENT', isin: SAP, text: 'die letzte' })).statusCode).toBe(201);
    const over = await as(dora, 'POST', '/api/notes', { subject: 'INSTRUMENT', isin: SAP, text: 'eine zu viel' });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toMatch(`höchstens ${NOTES_PER_CUSTOMER} Notizen`);
  });
});
