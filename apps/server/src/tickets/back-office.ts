import { randomUUID } from 'node:crypto';
import { berlinDate } from '@kontor/domain/banking-days';
import { parseServiceRequest, serviceRequestLabel, type ExemptionOrderAttributes, type ServiceRequestType } from '@kontor/domain/service-requests';
import { serviceRequestLines } from '@kontor/domain/service-request-summary';
import { READABLE_SCAN_MIN_BYTES } from '@kontor/domain/ticket-contracts';
import type { Clock } from '../platform/clock.ts';
import type { Db } from '../platform/db.ts';
import type { DocumentStore, DocumentToIssue } from '../documents/store.ts';
import { insertMessages } from '../messages/store.ts';
import { addNotification } from '../notifications/store.ts';
import type { Scheduler } from '../scheduler/scheduler.ts';
import type { Applied, ServiceRequestAppliers } from './apply-types.ts';
import type { AttachmentService } from './attachments.ts';
import { exemptionFormData } from './exemption-form.ts';
import { SCAN_GUIDE_NAME, scanGuidePdf } from './scan-guide.ts';
import { TICKET_JOB } from './service.ts';
import { preview, ticketStore as store, type TicketRow } from './store.ts';

/** The simulated agents sign with the team's name and their own (spec §6: agents appear only as authors). */
export const AGENT_AUTHOR = 'Kundenservice (Lena Hoffmann)';

/** The question an agent asks before carrying out a request, with the file it attaches, or null (the back office's rules). */
async function agentQuestion(tx: Db, row: TicketRow, now: Date): Promise<{ text: string; file?: { name: string; bytes: Buffer } } | null> {
  if (row.asked) return null;
  if (row.type === 'ID_DOCUMENT') {
    const files = Array.isArray(row.data.attachmentFileReferences) ? (row.data.attachmentFileReferences as string[]) : [];
    const sizes = await store(tx).sizes(row.id, files);
    if (sizes.some((s) => s < READABLE_SCAN_MIN_BYTES))
      return {
        text: 'Guten Tag, leider können wir Ihren Ausweis-Scan nicht lesen: Die Datei ist zu klein oder zu unscharf. Bitte laden Sie hier im Dialog einen gut lesbaren Scan (Vorder- und Rückseite) als PDF, JPEG oder PNG hoch. Wie er gelingt, steht in unserem Merkblatt im Anhang. Vielen Dank!',
        file: { name: SCAN_GUIDE_NAME, bytes: await scanGuidePdf(now) },
      };
  }
  return null;
}

export type BackOfficeDeps = {
  clock: Clock;
  scheduler: Scheduler;
  documents: DocumentStore;
  appliers: ServiceRequestAppliers;
  /** The agent's files, kept with its entry. */
  attachments: Pick<AttachmentService, 'addAgentAttachment'>;
  /** Read through the job's transaction. */
  customerName: (tx: Db, sub: string) => Promise<string>;
};

/**
 * The simulated back office (DESIGN "The back office"): a scheduler job per submission or reply
 * takes the ticket up. An agent may first ask a question (CUSTOMER_REPLY until the customer
 * answers); otherwise the request is carried out by its applier, the ticket is CLOSED, a
 * confirmation goes to the Posteingang, and a message of kind ticket tells the customer — all in
 * the job's one transaction.
 */
export function ticketBackOffice(d: BackOfficeDeps) {
  async function tell(tx: Db, row: TicketRow, title: string, body: string, now: Date) {
    await insertMessages(tx, [{ sub: row.sub, textForm: 'TICKET', title, body, createdAt: now.toISOString(), ticketId: row.id }]);
    await addNotification(tx, { sub: row.sub, kind: 'TICKET_ANSWERED', title, body, isin: null, key: `ticket:${row.id}:${row.version}:${row.state}` }, now);
  }

  async function process(tx: Db, ticketId: string, version: number): Promise<void> {
    const row = await store(tx).byId(ticketId, true);
    // A later reply scheduled a newer run, or the ticket moved on: nothing to do.
    if (!row || row.version !== version || row.state !== 'OPEN') return;
    const now = d.clock.now();
    const title = serviceRequestLabel(row.type);

    const question = await agentQuestion(tx, row, now);
    if (question) {
      const entryId = randomUUID();
      await store(tx).addEntry({ id: entryId, ticketId: row.id, sub: row.sub, dateTime: now, content: question.text, author: AGENT_AUTHOR, entryType: 'AGENT' });
      if (question.file) await d.attachments.addAgentAttachment(tx, { sub: row.sub, ticketId: row.id, entryId, ...question.file, mediaType: 'application/pdf' });
      const asked = await store(tx).update(row.id, { state: 'CUSTOMER_REPLY', asked: true, unread: true, updatedAt: now, lastEntry: preview(question.text) });
      await tell(tx, asked, `Rückfrage zu Ihrem Auftrag „${title}“`, 'Unser Kundenservice hat eine Rückfrage. Bitte lesen Sie sie und antworten Sie im Verlauf Ihres Serviceauftrags.', now);
      return;
    }

    const type = row.type as ServiceRequestType;
    const parsed = parseServiceRequest(type, row.data);
    const customerName = await d.customerName(tx, row.sub);
    const applied: Applied = parsed.ok
      ? await d.appliers[type]({ tx, sub: row.sub, ticketId: row.id, now, today: berlinDate(now), customerName }, parsed.data)
      : { outcome: 'REJECTED', message: 'Die Angaben des Auftrags sind unvollständig. Bitte stellen Sie einen neuen Auftrag.', documents: [] };

    await store(tx).addEntry({ id: randomUUID(), ticketId: row.id, sub: row.sub, dateTime: now, content: applied.message, author: AGENT_AUTHOR, entryType: 'AGENT' });
    const closed = await store(tx).update(row.id, { state: 'CLOSED', outcome: applied.outcome, closedAt: now, updatedAt: now, unread: true, lastEntry: preview(applied.message) });
    const confirmation: DocumentToIssue = {
      kind: 'ticket_confirmation',
      dedupeKey: `ticket:${row.id}`,
      title: applied.outcome === 'DONE' ? `Bestätigung: ${title}` : `Ablehnung: ${title}`,
      pdfTitle: null,
      pdfIsin: null,
      notify: false,
      data: {
        ticketId: row.id,
        requestType: type,
        title,
        customerName,
        submittedAt: (row.submittedAt ?? now).toISOString(),
        closedAt: now.toISOString(),
        outcome: applied.outcome,
        lines: parsed.ok ? serviceRequestLines(type, parsed.data) : [],
        message: applied.message,
        ...(applied.notes?.length ? { notes: applied.notes } : {}),
        // A Freistellungsauftrag in effect is confirmed with the form as it was signed.
        ...(type === 'EXEMPTION_ORDER' && parsed.ok && applied.outcome === 'DONE'
          ? { exemptionOrder: await exemptionFormData(tx, row.sub, customerName, parsed.data as ExemptionOrderAttributes, (row.submittedAt ?? now).toISOString()) }
          : {}),
      },
    };
    for (const doc of [confirmation, ...applied.documents]) await d.documents.issue(tx, row.sub, now, doc);
    await tell(
      tx,
      closed,
      applied.outcome === 'DONE' ? `Ihr Auftrag „${title}“ ist erledigt` : `Ihr Auftrag „${title}“ wurde abgelehnt`,
      applied.message,
      now,
    );
  }

  d.scheduler.handle(TICKET_JOB, async (tx, job) => {
    await process(tx, job.payload.ticketId, job.payload.version);
  });

  return { process };
}

export type TicketBackOffice = ReturnType<typeof ticketBackOffice>;
