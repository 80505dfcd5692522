import { randomUUID } from 'node:crypto';
import type { AuthorisationResult } from '@kontor/domain/auth-contracts';
import type { TicketState } from '@kontor/domain/enums';
import { newMobileNumberProofData, parseServiceRequest, ticketAuthorisationData, type ServiceRequestType } from '@kontor/domain/service-requests';
import type { Ticket } from '@kontor/domain/ticket-contracts';
import type { Db } from '../src/platform/db.ts';
import { ticketAttachmentBlobs, ticketAttachments, tickets } from '../src/tickets/tables.ts';
import { authorised, requestTan } from './authorisation.ts';
import type { SignedInCustomer } from './customer.ts';
import type { TestApp } from './test-app.ts';

/** The TAN authorisation of exactly this request, as the web app gets it (requesttan, SMS, verify). */
export function ticketAuthorisation(t: TestApp, c: SignedInCustomer, type: ServiceRequestType, data: Record<string, unknown>): Promise<AuthorisationResult> {
  const parsed = parseServiceRequest(type, data);
  if (!parsed.ok) throw new Error(`not a valid ${type}: ${JSON.stringify(parsed.problems)}`);
  return authorised(t, c, { type: 'TICKET', data: ticketAuthorisationData(type, parsed.data) });
}

/**
 * The proof that a new mobile number is the customer's, as the web app gets it: the TAN sent to the
 * new number (read from the outbox as its owner reads the SMS), answered at verifychangedmobilenr.
 */
export async function newNumberProof(t: TestApp, c: SignedInCustomer, data: Record<string, unknown>): Promise<AuthorisationResult> {
  const parsed = parseServiceRequest('MOBILE_NUMBER', data);
  if (!parsed.ok) throw new Error(`not a valid MOBILE_NUMBER: ${JSON.stringify(parsed.problems)}`);
  const { challenge, tan } = await requestTan(t, c, { type: 'TICKET', data: newMobileNumberProofData(parsed.data) });
  const res = await t.call({ method: 'POST', url: '/api/ticket/verifychangedmobilenr', headers: c.headers, payload: { ticket: challenge.ticket, tan } });
  if (res.statusCode !== 200) throw new Error(`verifychangedmobilenr answered ${res.statusCode}: ${res.body}`);
  return res.json() as AuthorisationResult;
}

/** Files a request with its TAN (a new mobile number also with the TAN sent to it); the answer as the API gives it. */
export async function submitTicket(t: TestApp, c: SignedInCustomer, type: ServiceRequestType, data: Record<string, unknown>): Promise<Ticket> {
  const authorisation = await ticketAuthorisation(t, c, type, data);
  const proof = type === 'MOBILE_NUMBER' ? { newNumberProof: await newNumberProof(t, c, data) } : {};
  const res = await t.call({ method: 'POST', url: '/api/ticket', headers: c.headers, payload: { type, data, authorisation, ...proof } });
  if (res.statusCode !== 201) throw new Error(`POST /api/ticket answered ${res.statusCode}: ${res.body}`);
  return res.json() as Ticket;
}

/** Moves the simulated clock on by hours and runs the back office's due jobs. */
export async function hoursLater(t: TestApp, hours: number): Promise<number> {
  t.app.simulatedClock.advance(hours * 3_600_000);
  return t.app.scheduler.runDue();
}

/** An upload of `size` bytes on a ticket, as stored after the upload route checked it. */
export async function storedUpload(t: TestApp, c: SignedInCustomer, ticketId: string, size: number, name = 'ausweis.png'): Promise<string> {
  const id = randomUUID();
  const now = t.app.simulatedClock.now();
  await t.database.db.insert(ticketAttachmentBlobs).values({ key: id, bytes: Buffer.alloc(size, 1), createdAt: now });
  await t.database.db.insert(ticketAttachments).values({ id, ticketId, sub: c.sub, entryId: null, name, size, mediaType: 'image/png', isAgentAttachment: false, storageKey: id, createdAt: now });
  return id;
}

/**
 * A ticket of `sub` written straight into its table, for tests of what hangs off a ticket
 * (attachments) without going through the ticket forms and their TAN.
 */
export async function insertTicket(db: Db, sub: string, opts: { state?: TicketState; at?: Date } = {}): Promise<string> {
  const id = randomUUID();
  const at = opts.at ?? new Date('2026-11-23T09:00:00Z');
  await db.insert(tickets).values({
    id,
    sub,
    type: 'ID_DOCUMENT',
    state: opts.state ?? 'OPEN',
    data: {},
    createdAt: at,
    updatedAt: at,
    submittedAt: opts.state === 'PREPARED' ? null : at,
    closedAt: opts.state === 'CLOSED' ? at : null,
  });
  return id;
}

/** A multipart/form-data body with one file part (and any extra parts), as a browser's FormData sends it. */
export function multipartBody(parts: { field?: string; filename: string; bytes: Buffer; type?: string }[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----KontorTest${randomUUID().replaceAll('-', '')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${p.field ?? 'file'}"; filename="${p.filename}"\r\nContent-Type: ${p.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      p.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A small valid PDF (one empty page), optionally padded with a trailing comment to exactly `size` bytes. */
export function pdfBytes(size?: number): Buffer {
  const pdf = Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
      '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  );
  if (size === undefined) return pdf;
  // Bytes after %%EOF are ignored by readers; a comment line keeps it a PDF.
  return Buffer.concat([pdf, Buffer.from('%'), Buffer.alloc(size - pdf.length - 2, 0x20), Buffer.from('\n')]);
}

/** A 1×1 PNG. */
export const PNG_BYTES = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
