import zlib from 'node:zlib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { READABLE_SCAN_MIN_BYTES } from '@kontor/domain/ticket-contracts';
import {
  type Customer,
  VIEWPORTS,
  api,
  confirmMobileNumber,
  createCustomer,
  launch,
  newContext,
  outboxMark,
  screenshot,
  expectAccessible,
  signInWithTotpSetup,
  uniquePhone,
  waitForCode,
} from './browser';

/**
 * Ticket dialogs (issue 18): the back office cannot read a small ID scan and asks; the customer
 * sees "bitte lesen" with an unread marker, answers with a better scan, and the ticket closes
 * with the new validity in the settings — at 1280 px, then resized to 360 px.
 */

let browser: Browser;
let context: BrowserContext;
let customer: Customer;
let page: Page;
const SOON = { timeout: 30_000 };

beforeAll(async () => {
  browser = await launch();
  customer = await createCustomer('ticket-dialog', { phone: uniquePhone() });
  context = await newContext(browser, 'desktop');
  page = await context.newPage();
  await signInWithTotpSetup(page, customer);
  await confirmMobileNumber(page, customer.phone!);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

/** A PNG chunk: length, type, data, CRC. */
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real PNG (one grey pixel) of about this many bytes: a text chunk makes up the size, as a scan's would. */
function png(bytes: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0);
  header.writeUInt32BE(1, 4);
  header.set([8, 0, 0, 0, 0], 8);
  const pixels = zlib.deflateSync(Buffer.from([0, 0x80]));
  const fixed = 8 + 25 + (12 + pixels.length) + 12 + 12 + 'Comment'.length + 1;
  const text = Buffer.concat([Buffer.from('Comment\0', 'latin1'), Buffer.alloc(Math.max(0, bytes - fixed), 0x41)]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('tEXt', text),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A file to a ticket's dialog with the page's session (multipart, as the web app sends it). */
async function upload(ticketId: string, name: string, file: Buffer): Promise<string> {
  const result = await page.evaluate(
    async ({ ticketId, name, base64 }) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const form = new FormData();
      form.append('file', new File([bytes], name, { type: 'image/png' }));
      const xsrf = document.cookie.split('; ').find((c) => c.startsWith('XSRF-TOKEN='))?.slice('XSRF-TOKEN='.length);
      const res = await fetch(`/api/ticketdialog/${ticketId}/attachments`, {
        method: 'POST',
        credentials: 'include',
        headers: xsrf ? { 'x-xsrf-token': decodeURIComponent(xsrf) } : {},
        body: form,
      });
      return { status: res.status, json: (await res.json()) as { attachmentId: string } };
    },
    { ticketId, name, base64: file.toString('base64') },
  );
  expect(result.status).toBe(201);
  return result.json.attachmentId;
}

/** The server's today (Berlin) plus some years: a valid-until date the rules accept. */
async function validUntilInYears(years: number): Promise<string> {
  const now = (await api(page, 'GET', '/api/dev/clock')).json as { now: string };
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date(now.now));
  return `${Number(today.slice(0, 4)) + years}${today.slice(4)}`;
}

/**
 * "Ausweisdokument erneuern" through the API, as the form does it: a draft, the scan uploaded to
 * it, then submitted with an SMS TAN bound to the request.
 */
async function submitIdDocument(validUntil: string, scanBytes: number): Promise<string> {
  const draft = await api(page, 'POST', '/api/ticket', { type: 'ID_DOCUMENT', data: { idDocumentNewValidUntil: validUntil, idDocumentConfirmValid: true, attachmentFileReferences: [] } });
  expect(draft.status).toBe(201);
  const ticketId = (draft.json as { id: string }).id;
  const scan = await upload(ticketId, 'ausweis-scan.png', png(scanBytes));
  const data = { idDocumentNewValidUntil: validUntil, idDocumentConfirmValid: true, attachmentFileReferences: [scan] };
  const mark = await outboxMark(customer.phone!);
  const challenge = await api(page, 'POST', '/api/ticket/requesttan?useSpeech=false', { type: 'TICKET', data: { requestType: 'ID_DOCUMENT', ...data } });
  expect(challenge.status).toBe(200);
  const ticket = (challenge.json as { ticket: string }).ticket;
  const verified = await api(page, 'POST', '/api/ticket/verify', { ticket, tan: await waitForCode(customer.phone!, mark) });
  expect(verified.status).toBe(200);
  const submitted = await api(page, 'POST', `/api/ticket/${ticketId}/submit`, { data, authorisation: verified.json });
  expect(submitted.status).toBe(200);
  expect((submitted.json as { state: string }).state).toBe('OPEN');
  return ticketId;
}

/** The back office takes up a ticket (or a reply) an hour after it came in. */
async function moveClock(hours: number) {
  expect((await api(page, 'POST', '/api/dev/clock/advance', { hours })).status).toBe(200);
}

describe('Ticket dialogs', () => {
  it('answer an agent\'s question with an attachment: "bitte lesen" and unread, the reply with a scan opens it again, then it closes and the settings show the new ID validity', async () => {
    await page.setViewportSize(VIEWPORTS.desktop);
    const validUntil = await validUntilInYears(8);
    const ticketId = await submitIdDocument(validUntil, READABLE_SCAN_MIN_BYTES - 1024);
    await moveClock(2);

    // The list: the agent asked; the ticket stands out and is marked unread.
    await page.goto('/service');
    const item = page.locator(`[data-ticket-id="${ticketId}"]`);
    await item.getByText('bitte lesen').waitFor(SOON);
    await item.getByText('Neue Antwort').waitFor();
    expect(await item.getAttribute('data-unread')).not.toBeNull();
    await page.getByRole('tab', { name: /^Offen\s?1\s?mit neuer Antwort$/ }).waitFor();
    await screenshot(page, 'tickets-dialog-list-desktop');
    await expectAccessible(page, 'tickets-dialog-list');

    // The ticket: the agent's question, the notice, and the reply with a better scan.
    await item.getByRole('link').click();
    await page.getByRole('heading', { level: 1, name: 'Ausweisdokument erneuern' }).waitFor(SOON);
    await page.getByText('Bitte beantworten Sie die Rückfrage.', { exact: false }).waitFor();
    const agent = page.locator('[data-entry-type="AGENT"]').first();
    await agent.waitFor();
    expect((await agent.textContent())?.length).toBeGreaterThan(20);
    // The agent's leaflet on a readable scan opens from its entry.
    await agent.getByRole('link', { name: /Merkblatt Ausweis-Scan\.pdf/ }).waitFor();
    await screenshot(page, 'tickets-dialog-question-desktop');
    await expectAccessible(page, 'tickets-dialog-question');

    await page.setViewportSize(VIEWPORTS.mobile);
    const reply = page.getByRole('form', { name: 'Antworten' });
    await reply.locator('input[type="file"]').setInputFiles({ name: 'ausweis-besser.png', mimeType: 'image/png', buffer: png(READABLE_SCAN_MIN_BYTES + 10 * 1024) });
    await reply.locator('[data-upload-status="done"]').waitFor(SOON);
    await reply.getByRole('textbox', { name: 'Ihre Nachricht' }).fill('Anbei ein besserer Scan meines Ausweises.');
    await screenshot(page, 'tickets-dialog-reply-mobile');
    await expectAccessible(page, 'tickets-dialog-reply');
    await reply.getByRole('button', { name: 'Antwort senden' }).click();
    await page.getByText('Ihre Antwort ist angekommen.').waitFor(SOON);
    const mine = page.locator('[data-entry-type="CUSTOMER"]').last();
    await mine.getByText('Anbei ein besserer Scan meines Ausweises.').waitFor();
    await mine.getByRole('link', { name: 'ausweis-besser.png' }).waitFor();
    expect(await page.locator('[data-ticket-state]').first().textContent()).toBe('Offen');
    await screenshot(page, 'tickets-dialog-answered-mobile');

    // An hour on, the back office carries it out: closed, and the settings show the new validity.
    await moveClock(2);
    await page.goto('/service?ansicht=geschlossen');
    await page.locator(`[data-ticket-id="${ticketId}"] [data-ticket-state="CLOSED"]`).getByText('Geschlossen', { exact: true }).waitFor(SOON);
    await screenshot(page, 'tickets-dialog-closed-mobile');
    await page.goto('/einstellungen');
    const expected = `gültig bis ${validUntil.split('-').reverse().join('.')}`;
    await page.locator('[data-id-valid-until]').getByText(expected).waitFor(SOON);
    await screenshot(page, 'tickets-dialog-settings-mobile');
    await expectAccessible(page, 'tickets-dialog-settings');
  });
});
