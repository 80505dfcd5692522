import { randomUUID } from 'node:crypto';
import type { AuthorisationResult } from '@kontor/domain/auth-contracts';
import { parseServiceRequest, ticketAuthorisationData, type ServiceRequestType } from '@kontor/domain/service-requests';
import type { Ticket } from '@kontor/domain/ticket-contracts';
import { ticketAttachmentBlobs, ticketAttachments } from '../src/tickets/tables.ts';
import { authorised } from './authorisation.ts';
import type { SignedInCustomer } from './customer.ts';
import type { TestApp } from './test-app.ts';

/** The TAN authorisation of exactly this request, as the web app gets it (requesttan, SMS, verify). */
export function ticketAuthorisation(t: TestApp, c: SignedInCustomer, type: ServiceRequestType, data: Record<string, unknown>): Promise<AuthorisationResult> {
  const parsed = parseServiceRequest(type, data);
  if (!parsed.ok) throw new Error(`not a valid ${type}: ${JSON.stringify(parsed.problems)}`);
  return authorised(t, c, { type: 'TICKET', data: ticketAuthorisationData(type, parsed.data) });
}

/** Files a request with its TAN; the answer as the API gives it. */
export async function submitTicket(t: TestApp, c: SignedInCustomer, type: ServiceRequestType, data: Record<string, unknown>): Promise<Ticket> {
  const authorisation = await ticketAuthorisation(t, c, type, data);
  const res = await t.call({ method: 'POST', url: '/api/ticket', headers: c.headers, payload: { type, data, authorisation } });
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
