import Decimal from 'decimal.js';
import { formatEuro, formatPercent, toWireDecimal } from '@kontor/domain/numbers';
import { startPdf } from '../platform/pdf.ts';
import { machineNote, pdfTable } from './pdf-table.ts';

/** What the ex-post cost report shows, as stored with the document. */
export type CostReportData = {
  customerName: string;
  year: string;
  /** Per instrument: traded volume (Kurswert), order fees paid, and their effect on return in % of the volume. */
  lines: { isin: string; name: string; volume: string; fees: string; effectPercent: string }[];
  totalVolume: string;
  totalFees: string;
  totalEffectPercent: string;
};

/** Costs lower the return: shown with a minus. */
const lessReturn = (percent: string) => formatPercent(toWireDecimal(new Decimal(percent).neg()));

/** The yearly ex-post cost information of MiFID II Art. 50 (Delegated Regulation 2017/565). */
export function costReport(d: CostReportData, issuedAt: Date): Promise<Buffer> {
  const { doc, done, row } = startPdf({ heading: 'Ex-post-Kosteninformation', title: `Ex-post-Kosteninformation ${d.year}`, subject: d.year, now: issuedAt, dateLabel: 'Erstellt am', recipient: d });
  row('Depotinhaber', d.customerName);
  row('Berichtsjahr', d.year);
  doc.moveDown(0.5);
  doc.font('Helvetica').fontSize(10).text('Kosten und Nebenkosten Ihrer Wertpapierdienstleistungen im Berichtsjahr nach Art. 50 der Delegierten Verordnung (EU) 2017/565. Produktkosten (etwa laufende Kosten von Fonds) fallen bei den Emittenten an und sind hier nicht enthalten.');
  doc.moveDown();
  pdfTable(
    doc,
    [
      { label: 'Wertpapier / ISIN', width: 190 },
      { label: 'Kurswert gehandelt', width: 100, align: 'right' },
      { label: 'Dienstleistungskosten', width: 100, align: 'right' },
      { label: 'Renditeminderung', width: 93, align: 'right' },
    ],
    d.lines.map((l) => [`${l.name}\n${l.isin}`, formatEuro(l.volume), formatEuro(l.fees), lessReturn(l.effectPercent)]),
  );
  row('Kurswert gesamt', formatEuro(d.totalVolume));
  row('Dienstleistungskosten gesamt (Ordergebühren)', formatEuro(d.totalFees));
  row('Auswirkung auf die Rendite', `${formatEuro(d.totalFees)} (${lessReturn(d.totalEffectPercent)})`);
  machineNote(doc, 'Zuwendungen (Rückvergütungen) hat Kontor im Berichtsjahr nicht erhalten. Diese Kosteninformation wurde maschinell erstellt und ist ohne Unterschrift gültig.');
  doc.end();
  return done;
}
