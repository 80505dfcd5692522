import { randomUUID } from 'node:crypto';
import type { AuthorisationPayload, AuthorisationResult } from '@kontor/domain/auth-contracts';
import { berlinDate } from '@kontor/domain/banking-days';
import { SERVICE_REQUEST_KEYS } from '@kontor/domain/enums';
import {
  newMobileNumberProofData,
  parseServiceRequest,
  serviceRequestLabel,
  serviceRequestProblems,
  ticketAuthorisationData,
  type FieldProblem,
  type ServiceRequestType,
} from '@kontor/domain/service-requests';
import {
  TICKET_PROCESSING_DELAY_MS,
  type CreateTicket,
  type SubmitTicket,
  type Ticket,
  type TicketDialog,
  type TicketList,
  type TicketReply,
  type TicketView,
} from '@kontor/domain/ticket-contracts';
import type { Clock } from '../platform/clock.ts';
import type { Db } from '../platform/db.ts';
import { AppError, fieldErrors, notFound } from '../platform/errors.ts';
import { isUuid } from '../platform/ids.ts';
import type { Scheduler } from '../scheduler/scheduler.ts';
import type { AttachmentService } from './attachments.ts';
import { preview, ticketStore as store, type TicketRow } from './store.ts';
import { defineJob } from '../scheduler/job-kind.ts';
import { z } from 'zod';

export const TICKET_JOB = defineJob({
  kind: 'ticket.process',
  payload: z.object({ ticketId: z.string().min(1), version: z.number().int() }),
  when: 'an hour after a service request is filed or answered (the back office carries it out)',
});

export const ticketMessages = {
  notFound: 'Diesen Auftrag gibt es nicht.',
  notDraft: 'Dieser Auftrag ist bereits eingereicht und kann nicht mehr geändert werden.',
  closed: 'Dieser Auftrag ist abgeschlossen. Für ein neues Anliegen stellen Sie bitte einen neuen Auftrag.',
  draftNoReply: 'Ein Entwurf hat noch keinen Dialog. Bitte reichen Sie den Auftrag zuerst ein.',
  pendingOfType: 'Sie haben bereits einen Auftrag dieser Art in Bearbeitung. Bitte warten Sie, bis er erledigt ist.',
  draftTooLarge: 'Der Entwurf ist zu groß. Bitte kürzen Sie Ihre Angaben.',
  newNumberProofMissing:
    'Bitte bestätigen Sie Ihre neue Mobilnummer zusätzlich mit der TAN, die wir an diese neue Nummer senden. Erst mit beiden Bestätigungen können wir die Nummer ändern.',
} as const;

/** The keys a draft may hold: the spec's attribute keys and the comment of a Kündigung. */
const DRAFT_KEYS = new Set<string>([...SERVICE_REQUEST_KEYS, 'terminationComment']);
const DRAFT_MAX_CHARS = 16_000;

export const CUSTOMER_SYSTEM_AUTHOR = 'Kontor';

export { fieldErrors };

export function ticketView(row: TicketRow): Ticket {
  return {
    id: row.id,
    type: row.type as ServiceRequestType,
    state: row.state as Ticket['state'],
    title: serviceRequestLabel(row.type),
    data: row.data,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    submittedAt: row.submittedAt?.toISOString() ?? null,
    closedAt: row.closedAt?.toISOString() ?? null,
    outcome: (row.outcome as Ticket['outcome']) ?? null,
    unread: row.unread,
    lastEntry: row.lastEntry,
  };
}

export type TicketDeps = {
  db: Db;
  clock: Clock;
  scheduler: Scheduler;
  /** Takes a verified authorisation once, inside the caller's transaction (authorisations area). */
  redeem: (tx: Db, sub: string, payload: AuthorisationPayload, result: AuthorisationResult) => Promise<void>;
  customerName: (sub: string) => Promise<string>;
  /** The dialog's files (attachments.ts): binding uploads, listing them, discarding a draft's. */
  attachments: Pick<AttachmentService, 'bind' | 'listForTicket' | 'discardForTicket'>;
  /** Rules that need another area's data (a loss certificate already issued this year); none by default. */
  contextProblems?: (tx: Db, sub: string, type: ServiceRequestType, data: Record<string, unknown>, today: string) => Promise<FieldProblem[]>;
};

/** What submits a request: its authorisation and, for MOBILE_NUMBER, the proof of the new number. */
type Proofs = { authorisation: AuthorisationResult; newNumberProof?: AuthorisationResult | undefined };

/** What a customer does with tickets: drafts, submitting with a TAN, the dialog. */
export function ticketService(d: TicketDeps) {
  const { db, clock, scheduler } = d;

  async function own(sub: string, id: string, tx: Db = db, lock = false): Promise<TicketRow> {
    const row = isUuid(id) ? await store(tx).own(sub, id, lock) : undefined;
    if (!row) throw notFound(ticketMessages.notFound);
    return row;
  }

  /** A draft keeps what was typed, of the known keys only: it is checked when it is submitted. */
  function draftData(data: Record<string, unknown>): Record<string, unknown> {
    const kept = Object.fromEntries(Object.entries(data).filter(([k]) => DRAFT_KEYS.has(k)));
    if (JSON.stringify(kept).length > DRAFT_MAX_CHARS) throw new AppError(400, ticketMessages.draftTooLarge);
    return kept;
  }

  /** The checked attributes, or a 400 with a message per field. */
  async function checked(tx: Db, sub: string, type: ServiceRequestType, data: Record<string, unknown>, ticketId: string | null) {
    const parsed = parseServiceRequest(type, data);
    if (!parsed.ok) throw fieldErrors(parsed.problems);
    const today = berlinDate(clock.now());
    const problems = [...serviceRequestProblems(type, parsed.data, today), ...((await d.contextProblems?.(tx, sub, type, parsed.data, today)) ?? [])];
    if (problems.length > 0) throw fieldErrors(problems);
    if (await store(tx).pendingOfType(sub, type, ticketId)) throw new AppError(409, ticketMessages.pendingOfType);
    return parsed.data;
  }

  /**
   * OPEN now, with the TAN's authorisation redeemed, the submission in the dialog and the back
   * office's job due. A new mobile number takes two results, both redeemed here or neither: the
   * request authorised by the current number or the app, and the proof by the TAN sent to the new number.
   */
  async function open(tx: Db, sub: string, row: TicketRow, data: Record<string, unknown>, proofs: Proofs): Promise<TicketRow> {
    const type = row.type as ServiceRequestType;
    if (type === 'MOBILE_NUMBER' && !proofs.newNumberProof) throw new AppError(400, ticketMessages.newNumberProofMissing);
    await d.redeem(tx, sub, { type: 'TICKET', data: ticketAuthorisationData(type, data) }, proofs.authorisation);
    if (type === 'MOBILE_NUMBER') await d.redeem(tx, sub, { type: 'TICKET', data: newMobileNumberProofData(data) }, proofs.newNumberProof!);
    const now = clock.now();
    const content = 'Auftrag mit TAN bestätigt und eingereicht.';
    const entryId = randomUUID();
    await store(tx).addEntry({ id: entryId, ticketId: row.id, sub, dateTime: now, content, author: CUSTOMER_SYSTEM_AUTHOR, entryType: 'SYSTEM' });
    // The request's own files (an ID scan) show in the dialog with its submission.
    const files = Array.isArray(data.attachmentFileReferences) ? (data.attachmentFileReferences as string[]) : [];
    await d.attachments.bind(tx, sub, row.id, files, entryId);
    const version = row.version + 1;
    const updated = await store(tx).update(row.id, { state: 'OPEN', data, version, submittedAt: now, updatedAt: now, lastEntry: content });
    await scheduler.schedule(tx, TICKET_JOB, { key: `${row.id}:${version}`, dueAt: new Date(now.getTime() + TICKET_PROCESSING_DELAY_MS), payload: { ticketId: row.id, version } });
    return updated;
  }

  return {
    async list(sub: string, view: TicketView): Promise<TicketList> {
      const [rows, unread] = await Promise.all([store(db).list(sub, view), store(db).unreadCount(sub)]);
      return { tickets: rows.map(ticketView), unread };
    },

    get: async (sub: string, id: string): Promise<Ticket> => ticketView(await own(sub, id)),

    /** A draft (no authorisation) or a submitted request. */
    async create(sub: string, body: CreateTicket): Promise<Ticket> {
      const now = clock.now();
      const id = randomUUID();
      const base = { id, sub, type: body.type, state: 'PREPARED', createdAt: now, updatedAt: now };
      if (!body.authorisation) return ticketView(await store(db).insert({ ...base, data: draftData(body.data) }));
      const proofs = { authorisation: body.authorisation, newNumberProof: body.newNumberProof };
      return db.transaction(async (tx) => {
        const data = await checked(tx, sub, body.type, body.data, null);
        const row = await store(tx).insert({ ...base, data });
        return ticketView(await open(tx, sub, row, data, proofs));
      });
    },

    async update(sub: string, id: string, data: Record<string, unknown>): Promise<Ticket> {
      return db.transaction(async (tx) => {
        const row = await own(sub, id, tx, true);
        if (row.state !== 'PREPARED') throw new AppError(409, ticketMessages.notDraft);
        return ticketView(await store(tx).update(id, { data: draftData(data), updatedAt: clock.now() }));
      });
    },

    async discard(sub: string, id: string): Promise<void> {
      await db.transaction(async (tx) => {
        const row = await own(sub, id, tx, true);
        if (row.state !== 'PREPARED') throw new AppError(409, ticketMessages.notDraft);
        await d.attachments.discardForTicket(tx, id);
        await store(tx).deleteDraft(id);
      });
    },

    async submit(sub: string, id: string, body: SubmitTicket): Promise<Ticket> {
      return db.transaction(async (tx) => {
        const row = await own(sub, id, tx, true);
        if (row.state !== 'PREPARED') throw new AppError(409, ticketMessages.notDraft);
        const data = await checked(tx, sub, row.type as ServiceRequestType, body.data ?? row.data, id);
        return ticketView(await open(tx, sub, row, data, body));
      });
    },

    /** The ticket with its dialog, oldest entry first; reading it clears the unread marker. */
    async dialog(sub: string, id: string): Promise<TicketDialog> {
      let row = await own(sub, id);
      if (row.unread) row = await store(db).update(id, { unread: false });
      const [entries, files] = await Promise.all([store(db).entries(id), d.attachments.listForTicket(db, id)]);
      return {
        ticket: ticketView(row),
        entries: entries.map((e) => ({
          id: e.id,
          dateTime: e.dateTime.toISOString(),
          content: e.content,
          author: e.author,
          entryType: e.entryType as TicketDialog['entries'][number]['entryType'],
          attachments: files.filter((f) => f.entryId === e.id).map((f) => f.attachment),
        })),
      };
    },

    /** The customer's answer; a ticket waiting for it goes back to the back office. */
    async reply(sub: string, id: string, reply: { content: string; attachmentIds: string[] }): Promise<void> {
      const name = await d.customerName(sub);
      await db.transaction(async (tx) => {
        const row = await own(sub, id, tx, true);
        if (row.state === 'PREPARED') throw new AppError(409, ticketMessages.draftNoReply);
        if (row.state === 'CLOSED') throw new AppError(409, ticketMessages.closed);
        const now = clock.now();
        const entryId = randomUUID();
        const content = reply.content;
        await store(tx).addEntry({ id: entryId, ticketId: id, sub, dateTime: now, content, author: name, entryType: 'CUSTOMER' });
        await d.attachments.bind(tx, sub, id, reply.attachmentIds, entryId);
        const lastEntry = preview(content) || (reply.attachmentIds.length === 1 ? '1 Anhang' : `${reply.attachmentIds.length} Anhänge`);
        if (row.state === 'CUSTOMER_REPLY') {
          const version = row.version + 1;
          await store(tx).update(id, { state: 'OPEN', version, updatedAt: now, lastEntry });
          await scheduler.schedule(tx, TICKET_JOB, { key: `${id}:${version}`, dueAt: new Date(now.getTime() + TICKET_PROCESSING_DELAY_MS), payload: { ticketId: id, version } });
        } else await store(tx).update(id, { updatedAt: now, lastEntry });
      });
    },
  };
}

export type TicketService = ReturnType<typeof ticketService>;
export type { TicketReply };
