import { formatEuro, formatMoney, formatNumber, formatQuantity } from '@kontor/domain/numbers';
import { startPdf } from '../platform/pdf.ts';
import { machineNote, pdfTable } from './pdf-table.ts';

/** What a Depotauszug shows, as stored with the document. */
export type DepotStatementData = {
  customerName: string;
  /** "2026-Q3" and "3. Quartal 2026". */
  period: string;
  periodLabel: string;
  /** The day the positions are valued at (the quarter's last day). */
  asOf: string;
  positions: { isin: string; name: string; quantity: string; currency: string; price: string; fxRate: string; value: string }[];
  /** Euros on the account (free and held for orders) at the end of that day. */
  cash: string;
  /** Positions' value plus cash. */
  total: string;
};

const date = (iso: string) => iso.split('-').reverse().join('.');

/** The quarterly Depotauszug: positions at the quarter's end with their valuation. */
export function depotStatement(d: DepotStatementData, issuedAt: Date): Promise<Buffer> {
  const { doc, done, row } = startPdf({ heading: 'Depotauszug', title: `Depotauszug ${d.periodLabel}`, subject: d.periodLabel, now: issuedAt, dateLabel: 'Erstellt am', recipient: d });
  row('Depotinhaber', d.customerName);
  row('Zeitraum', d.periodLabel);
  row('Bewertungsstichtag', date(d.asOf));
  doc.moveDown();
  if (d.positions.length === 0) doc.font('Helvetica').fontSize(10).text('Zum Stichtag befanden sich keine Wertpapiere im Depot.');
  else
    pdfTable(
      doc,
      [
        { label: 'Wertpapier / ISIN', width: 170 },
        { label: 'Stück', width: 70, align: 'right' },
        { label: 'Kurs', width: 85, align: 'right' },
        { label: 'Devisenkurs', width: 70, align: 'right' },
        { label: 'Kurswert EUR', width: 88, align: 'right' },
      ],
      d.positions.map((p) => [`${p.name}\n${p.isin}`, formatQuantity(p.quantity), formatMoney(p.price, p.currency), p.currency === 'EUR' ? '' : formatNumber(p.fxRate, { min: 0, max: 20 }), formatEuro(p.value)]),
    );
  row('Kontostand (Verrechnungskonto)', formatEuro(d.cash));
  row('Depot- und Kontowert gesamt', formatEuro(d.total));
  machineNote(doc, 'Bewertung zum letzten Kurs des Stichtags (Kontor Market Maker, außerbörslich). Dieser Depotauszug wurde maschinell erstellt und ist ohne Unterschrift gültig.');
  doc.end();
  return done;
}
