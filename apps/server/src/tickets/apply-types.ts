import type { Db } from '../platform/db.ts';
import type { DocumentToIssue } from '../documents/store.ts';
import type { ServiceRequestType } from '@kontor/domain/service-requests';

/**
 * How the simulated back office carries out a service request: one applier per request type,
 * called inside the transaction that closes the ticket. It changes what the request asks for
 * (through the owning area's store), and says how it went.
 */
export type ApplyContext = {
  tx: Db;
  sub: string;
  ticketId: string;
  now: Date;
  /** The Berlin calendar day of `now`. */
  today: string;
  /** "Max Mustermann", for documents. */
  customerName: string;
};

export type Applied = {
  outcome: 'DONE' | 'REJECTED';
  /** The agent's closing entry in the dialog, in German ("Ihre neue Adresse ist ab sofort hinterlegt."). */
  message: string;
  /** Documents besides the ticket confirmation (the loss certificate). */
  documents: DocumentToIssue[];
  /** Extra lines for the confirmation document ("Lastschriftmandat: bitte neu erteilen"). */
  notes?: string[];
};

export type ServiceRequestApplier = (ctx: ApplyContext, data: Record<string, unknown>) => Promise<Applied>;
export type ServiceRequestAppliers = Record<ServiceRequestType, ServiceRequestApplier>;
