import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInCustomer, type SignedInCustomer } from '../../test/customer.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { insertTicket, multipartBody, PNG_BYTES } from '../../test/ticket-kit.ts';
import { attachmentFileName } from './attachments.ts';
import { ticketAttachmentBlobs, ticketAttachments } from './tables.ts';

let t: TestApp;
let anna: SignedInCustomer;
let ticketId: string;
beforeAll(async () => {
  t = await createTestApp();
  anna = await signedInCustomer(t.app, t.database.db, 'anna-disguise');
  ticketId = await insertTicket(t.database.db, anna.sub);
});
afterAll(() => t?.close());

const upload = (filename: string, bytes: Buffer, type = 'application/pdf') => {
  const { payload, headers } = multipartBody([{ filename, bytes, type }]);
  return t.call({ method: 'POST', url: `/api/ticketdialog/${ticketId}/attachments`, headers: { ...anna.headers, ...headers }, payload });
};
const download = (attachmentId: string) => t.call({ method: 'GET', url: `/api/ticketdialog/${ticketId}/attachments/${attachmentId}`, headers: anna.headers });
const stored = async () => [
  (await t.database.db.select({ n: count() }).from(ticketAttachments))[0]!.n,
  (await t.database.db.select({ n: count() }).from(ticketAttachmentBlobs))[0]!.n,
];
const padded = (head: number[] | string, size = 512) => Buffer.concat([Buffer.from(head as never), Buffer.alloc(size)]);

describe('an attachment is taken by its bytes, never by its name or the browser’s type', () => {
  it.each([
    ['a Linux program (ELF)', padded([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00])],
    ['a Windows program (PE, "MZ")', padded('MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff')],
    ['a ZIP archive', padded([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x00, 0x00, 0x08, 0x00])],
    ['a plain text', Buffer.from('Mein Ausweis liegt bei.\nMit freundlichen Grüßen\n')],
    ['an HTML page with a script', Buffer.from('<!DOCTYPE html><html><script>alert(1)</script></html>')],
  ])('refuses %s named "ausweis.pdf" with 415, storing nothing', async (_what, bytes) => {
    const before = await stored();
    const res = await upload('ausweis.pdf', bytes);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ message: 'Bitte laden Sie eine PDF-, JPEG- oder PNG-Datei hoch.', status: 415, errors: [] });
    expect(await stored()).toEqual(before);
  });

  it('accepts a PNG named "ausweis.pdf" as image/png, under a name that says so', async () => {
    const res = await upload('ausweis.pdf', PNG_BYTES);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ name: 'ausweis.pdf.png', attachmentSize: PNG_BYTES.length, isAgentAttachment: false });
    const back = await download(res.json().attachmentId);
    expect(back.headers['content-type']).toBe('image/png');
    expect(back.rawPayload.equals(PNG_BYTES)).toBe(true);
  });

  it('accepts a JPEG sent as application/octet-stream and keeps its name', async () => {
    const jpeg = padded([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01], 256);
    const res = await upload('Rückseite.jpeg', jpeg, 'application/octet-stream');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().name).toBe('Rückseite.jpeg');
    const back = await download(res.json().attachmentId);
    expect(back.headers['content-type']).toBe('image/jpeg');
    expect(back.headers['content-disposition']).toBe(`attachment; filename="R_ckseite.jpeg"; filename*=UTF-8''R%C3%BCckseite.jpeg`);
  });
});

describe('the name an attachment is kept under', () => {
  it('is the base name without path, control or direction characters, ending in its real type, at most 120 characters', () => {
    expect(attachmentFileName('C:\\Users\\anna\\Scans\\ausweis.pdf', 'application/pdf')).toBe('ausweis.pdf');
    expect(attachmentFileName('../../etc/passwd', 'application/pdf')).toBe('passwd.pdf');
    expect(attachmentFileName('rechnung\u202Efdp.exe', 'application/pdf')).toBe('rechnungfdp.exe.pdf');
    expect(attachmentFileName('a\u0000b\r\nc\ud800.PNG', 'image/png')).toBe('abc.PNG');
    expect(attachmentFileName('', 'image/jpeg')).toBe('Anhang.jpg');
    expect(attachmentFileName('.pdf', 'application/pdf')).toBe('pdf.pdf');
    const long = attachmentFileName(`${'ä'.repeat(200)}.pdf`, 'application/pdf');
    expect(Array.from(long)).toHaveLength(120);
    expect(long.endsWith('ää.pdf')).toBe(true);
  });
});
