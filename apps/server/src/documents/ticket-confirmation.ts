import type { SummaryLine } from '@kontor/domain/service-request-summary';
import { germanDateTime } from '@kontor/domain/service-request-summary';
import type { ServiceRequestType } from '@kontor/domain/service-requests';
import { shortReference } from '@kontor/domain/documents';
import { startPdf } from '../platform/pdf.ts';
import { drawExemptionOrderForm, type ExemptionOrderFormData } from './exemption-order-form.ts';
import { machineNote, pdfTable } from './pdf-table.ts';

/** What the confirmation of a processed service ticket shows, as stored with the document. */
export type TicketConfirmationData = {
  ticketId: string;
  requestType: ServiceRequestType;
  /** The request type's German name ("Adresse ändern"). */
  title: string;
  customerName: string;
  /** ISO instants. */
  submittedAt: string;
  closedAt: string;
  outcome: 'DONE' | 'REJECTED';
  /** What was requested (serviceRequestLines of the ticket's attributes). */
  lines: SummaryLine[];
  /** The agent's closing words; for REJECTED the reason. */
  message: string;
  notes?: string[];
  /** A Freistellungsauftrag put into effect: its form is appended, as given. */
  exemptionOrder?: ExemptionOrderFormData;
};

/** The letter that closes a service ticket: what was asked, when, and what was done (or why not). */
export function ticketConfirmation(d: TicketConfirmationData): Promise<Buffer> {
  const heading = `Bestätigung Ihres Serviceauftrags: ${d.title}`;
  const { doc, done, row } = startPdf({ heading, title: heading, subject: d.title, now: new Date(d.closedAt), dateLabel: 'Datum', recipient: d });
  const rejected = d.outcome === 'REJECTED';
  row('Kunde', d.customerName);
  row('Auftragsnummer', shortReference(d.ticketId));
  row('Eingegangen am', germanDateTime(d.submittedAt));
  row(rejected ? 'Abgeschlossen am' : 'Erledigt am', germanDateTime(d.closedAt));
  doc.moveDown();

  const text = (s: string, font = 'Helvetica') => doc.font(font).fontSize(11).text(s, doc.page.margins.left).moveDown(0.5);
  text(`Guten Tag ${d.customerName},`);
  if (rejected) {
    text('Ihr Auftrag konnte nicht ausgeführt werden.', 'Helvetica-Bold');
    text(`Grund: ${d.message}`);
  } else {
    text(`wir haben Ihren Auftrag „${d.title}“ ausgeführt.`);
  }
  doc.moveDown(0.3);
  pdfTable(
    doc,
    [
      { label: 'Ihr Auftrag', width: 170 },
      { label: '', width: 313 },
    ],
    d.lines.map((l) => [l.label, l.value]),
  );
  if (!rejected && d.message) {
    text('Nachricht unseres Service-Teams:', 'Helvetica-Bold');
    text(d.message);
  }
  for (const n of d.notes ?? []) doc.font('Helvetica').fontSize(10).text(`• ${n}`, doc.page.margins.left + 8).moveDown(0.3);
  doc.moveDown(0.5);
  text('Mit freundlichen Grüßen\nIhr Kontor-Service');
  machineNote(doc, 'Dieses Schreiben wurde maschinell erstellt und ist ohne Unterschrift gültig.');

  // Only an order put into effect is shown as given; a refused one was never in effect.
  if (d.exemptionOrder && !rejected) {
    doc.addPage();
    drawExemptionOrderForm(doc, d.exemptionOrder, { preview: false });
  }
  doc.end();
  return done;
}
