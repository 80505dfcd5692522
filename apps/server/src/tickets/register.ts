import type { AreaBase } from '../platform/area-context.ts';
import type { FastifyInstance } from 'fastify';
import type { AuthorisationService } from '../authorisations/service.ts';
import { renderExemptionOrderForm } from '../documents/exemption-order-form.ts';
import type { DocumentStore } from '../documents/store.ts';
import { embeddedPhoneNumbers, type IdentityStore, type PhoneNumberPool } from '../identity/store.ts';
import { outboxStore } from '../outbox/store.ts';
import type { Db } from '../platform/db.ts';
import type { Scheduler } from '../scheduler/scheduler.ts';
import { taxStore } from '../tax/store.ts';
import { serviceRequestAppliers } from './apply.ts';
import { ticketAttachmentRoutes } from './attachment-routes.ts';
import { databaseAttachmentStorage } from './attachment-storage.ts';
import { attachmentService } from './attachments.ts';
import { ticketBackOffice } from './back-office.ts';
import { lossCertificateIssued } from './context-rules.ts';
import { exemptionAttributes, exemptionFormData } from './exemption-form.ts';
import { ticketRoutes } from './routes.ts';
import { ticketService } from './service.ts';

/** Service requests (tickets) confirmed by TAN, and the back office that carries them out on the simulated clock. */
export async function registerTickets(
  app: FastifyInstance,
  ctx: AreaBase & {
    scheduler: Scheduler;
    idStore: IdentityStore | null;
    authorisations: AuthorisationService;
    documents: DocumentStore;
    customerName: (sub: string) => Promise<string>;
    customerNameIn: (tx: Db, sub: string) => Promise<string>;
  },
): Promise<void> {
  const { config, db, clock, marketClock, scheduler, authorisations, customerName } = ctx;
  // A provider's pool would take the number by AdminUpdateUserAttributes, which has no credentials here:
  // the job fails (and is retried) rather than closing the ticket with the old number still in place.
  const phoneNumbers: PhoneNumberPool = ctx.idStore
    ? embeddedPhoneNumbers(clock)
    : { setVerifiedPhoneNumber: async () => Promise.reject(new Error('no admin access to the user pool: the mobile number cannot be changed')) };
  const smsInTransaction = (tx: Db, recipient: string, text: string) => outboxStore(tx).insert({ recipient, channel: 'sms', text, code: null, createdAt: clock.now() });
  // Ticket attachments: the bytes in the database (production: an object store), no virus scanner embedded.
  const attachments = attachmentService({ db, clock: marketClock, storage: databaseAttachmentStorage(db, marketClock) });
  const tickets = ticketService({
    db,
    attachments,
    clock: marketClock,
    scheduler,
    redeem: (tx, sub, payload, result) => authorisations.redeem(tx, sub, payload, result),
    customerName,
    contextProblems: lossCertificateIssued(taxStore),
  });
  ticketBackOffice({
    clock: marketClock,
    scheduler,
    documents: ctx.documents,
    appliers: serviceRequestAppliers({ phoneNumbers, directDebitEnabled: config.featureFlags.directDebit, smsInTransaction }),
    attachments,
    customerName: ctx.customerNameIn,
  });
  await app.register(ticketRoutes, {
    service: tickets,
    fsaPreview: async (sub, data) =>
      renderExemptionOrderForm(await exemptionFormData(db, sub, await customerName(sub), exemptionAttributes(data)), { preview: true, now: marketClock.now() }),
  });
  await app.register(ticketAttachmentRoutes, { service: attachments });
}
