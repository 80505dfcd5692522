import { count } from 'drizzle-orm';
import { UPLOAD_MAX_BYTES } from '@kontor/domain/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInCustomer, type SignedInCustomer } from '../../test/customer.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { insertTicket, multipartBody, pdfBytes } from '../../test/ticket-kit.ts';
import { ticketAttachmentBlobs, ticketAttachments } from './tables.ts';

let t: TestApp;
let anna: SignedInCustomer;
beforeAll(async () => {
  t = await createTestApp();
  anna = await signedInCustomer(t.app, t.database.db, 'anna-attachments');
});
afterAll(() => t?.close());

const upload = (ticketId: string, parts: Parameters<typeof multipartBody>[0]) => {
  const { payload, headers } = multipartBody(parts);
  return t.call({ method: 'POST', url: `/api/ticketdialog/${ticketId}/attachments`, headers: { ...anna.headers, ...headers }, payload });
};
const stored = async () => ({
  rows: (await t.database.db.select({ n: count() }).from(ticketAttachments))[0]!.n,
  blobs: (await t.database.db.select({ n: count() }).from(ticketAttachmentBlobs))[0]!.n,
});

describe('the size limit of a ticket attachment (9 MiB = 9437184 bytes)', () => {
  it('stores a PDF of exactly 9437184 bytes and gives it back identical; one byte more is a 413 and stores nothing', async () => {
    const ticketId = await insertTicket(t.database.db, anna.sub);
    const exact = pdfBytes(UPLOAD_MAX_BYTES);
    expect(exact.length).toBe(9437184);

    const res = await upload(ticketId, [{ filename: 'Kontoauszug.pdf', bytes: exact, type: 'application/pdf' }]);
    expect(res.statusCode, res.body).toBe(201);
    const attachment = res.json();
    expect(attachment).toEqual({ name: 'Kontoauszug.pdf', attachmentId: expect.any(String), attachmentSize: 9437184, threadId: ticketId, isAgentAttachment: false });

    const back = await t.call({ method: 'GET', url: `/api/ticketdialog/${ticketId}/attachments/${attachment.attachmentId}`, headers: anna.headers });
    expect(back.statusCode).toBe(200);
    expect(back.headers['content-type']).toBe('application/pdf');
    expect(back.headers['content-disposition']).toBe(`attachment; filename="Kontoauszug.pdf"; filename*=UTF-8''Kontoauszug.pdf`);
    expect(back.headers['x-content-type-options']).toBe('nosniff');
    expect(back.headers['cache-control']).toBe('private, no-store');
    expect(back.rawPayload.equals(exact)).toBe(true);
    expect(await stored()).toEqual({ rows: 1, blobs: 1 });

    const oneMore = await upload(ticketId, [{ filename: 'Kontoauszug.pdf', bytes: pdfBytes(UPLOAD_MAX_BYTES + 1), type: 'application/pdf' }]);
    expect(oneMore.statusCode).toBe(413);
    expect(oneMore.json()).toEqual({ message: 'Die Datei ist größer als 9 MB.', status: 413, errors: [] });
    expect(await stored()).toEqual({ rows: 1, blobs: 1 });
  });

  it('refuses an empty file, a closed ticket, no file, two files and a file in another field, storing nothing', async () => {
    const open = await insertTicket(t.database.db, anna.sub);
    const closed = await insertTicket(t.database.db, anna.sub, { state: 'CLOSED' });
    const before = await stored();
    const pdf = pdfBytes();

    const empty = await upload(open, [{ filename: 'leer.pdf', bytes: Buffer.alloc(0) }]);
    expect([empty.statusCode, empty.json().message]).toEqual([400, 'Die Datei ist leer.']);
    const late = await upload(closed, [{ filename: 'spät.pdf', bytes: pdf }]);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/geschlossen/);
    expect((await upload(open, [])).statusCode).toBe(400);
    const two = await upload(open, [{ filename: 'a.pdf', bytes: pdf }, { filename: 'b.pdf', bytes: pdf }]);
    expect(two.statusCode).toBe(400);
    expect((await upload(open, [{ field: 'anhang', filename: 'a.pdf', bytes: pdf }])).statusCode).toBe(400);
    const json = await t.call({ method: 'POST', url: `/api/ticketdialog/${open}/attachments`, headers: anna.headers, payload: { file: 'JVBERi0=' } });
    expect(json.statusCode).toBe(400);
    expect(await stored()).toEqual(before);
  });
});
