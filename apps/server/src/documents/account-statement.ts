import { formatEuro } from '@kontor/domain/numbers';
import { startPdf } from '../platform/pdf.ts';
import { machineNote, pdfTable } from './pdf-table.ts';

/** What a Kontoauszug shows, as stored with the document. */
export type AccountStatementData = {
  customerName: string;
  /** "2026-10" and "Oktober 2026". */
  period: string;
  periodLabel: string;
  first: string;
  last: string;
  opening: string;
  closing: string;
  entries: { date: string; valueDate: string; text: string; amount: string }[];
};

const date = (iso: string) => iso.split('-').reverse().join('.');

/** The monthly Kontoauszug: the cash bookings of the month between opening and closing balance. */
export function accountStatement(d: AccountStatementData, issuedAt: Date): Promise<Buffer> {
  const { doc, done, row } = startPdf({ heading: 'Kontoauszug', title: `Kontoauszug ${d.periodLabel}`, subject: d.periodLabel, now: issuedAt, dateLabel: 'Erstellt am', recipient: d });
  row('Kontoinhaber', d.customerName);
  row('Zeitraum', `${date(d.first)} – ${date(d.last)}`);
  row(`Alter Kontostand am ${date(d.first)}`, formatEuro(d.opening));
  doc.moveDown();
  if (d.entries.length === 0) doc.font('Helvetica').fontSize(10).text('In diesem Monat gab es keine Buchungen.');
  else
    pdfTable(
      doc,
      [
        { label: 'Buchungstag', width: 70 },
        { label: 'Valuta', width: 70 },
        { label: 'Buchungstext', width: 250 },
        { label: 'Betrag EUR', width: 93, align: 'right' },
      ],
      d.entries.map((e) => [date(e.date), date(e.valueDate), e.text, formatEuro(e.amount)]),
    );
  row(`Neuer Kontostand am ${date(d.last)}`, formatEuro(d.closing));
  machineNote(doc, 'Bitte prüfen Sie die Buchungen. Einwendungen gegen den Auszug sind innerhalb von sechs Wochen zu erheben. Dieser Kontoauszug wurde maschinell erstellt und ist ohne Unterschrift gültig.');
  doc.end();
  return done;
}
