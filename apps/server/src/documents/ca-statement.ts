import Decimal from 'decimal.js';
import type { CaType } from '@kontor/domain/enums';
import { formatEuro, formatQuantity, toWireAmount } from '@kontor/domain/numbers';
import type { OrderTax } from '@kontor/domain/tax-contracts';
import { startPdf } from '../platform/pdf.ts';
import { taxRows } from './contract-note.ts';
import { machineNote, pdfTable } from './pdf-table.ts';

/** What the statement of a corporate action's booking shows (kind corporate_action_statement), as stored with it. */
export type CaStatementData = {
  customerName: string;
  /** "Abrechnung Kapitalerhöhung", "Einbuchung Bezugsrechte", … */
  title: string;
  eventId: string;
  type: CaType;
  typeLabel: string;
  /** The instruction carried out, as labelled; null for a mandatory event. */
  option: string | null;
  isin: string;
  wkn: string | null;
  name: string;
  /** ISO dates of the event, and the instant it was booked. */
  exDate: string;
  payDate: string;
  bookedAt: string;
  /** Shares and rights booked in and out. */
  positions: { label: string; isin: string; name: string; quantity: string; direction: 'in' | 'out' }[];
  /** The cash lines in euros (credits positive), before the net amount. */
  amounts: { label: string; amount: string }[];
  fraction: { isin: string; quantity: string; amount: string; side: 'sell' | 'buy' } | null;
  /** The tax of a sale or a dividend; null when none was computed. */
  tax: OrderTax | null;
  /** What the cash account was credited (positive) or debited (negative) in all. */
  net: string;
};

const date = (iso: string) => new Intl.DateTimeFormat('de-DE', { timeZone: 'UTC', dateStyle: 'medium' }).format(new Date(`${iso}T00:00:00Z`));

/** The PDF of a corporate action's statement: the event, what was booked in and out of the depot, the cash, the tax. */
export function caStatement(d: CaStatementData): Promise<Buffer> {
  const { doc, done, row } = startPdf({ heading: d.title, title: `${d.title} ${d.isin}`, subject: d.name, now: new Date(d.bookedAt), dateLabel: 'Buchungstag', recipient: d });
  row('Depotinhaber', d.customerName);
  row('Kapitalmaßnahme', d.typeLabel);
  row('Wertpapier', d.name);
  row('ISIN', d.isin);
  if (d.wkn) row('WKN', d.wkn);
  row('Ex-Tag', date(d.exDate));
  row('Zahltag', date(d.payDate));
  if (d.option) row('Weisung', d.option);
  doc.moveDown();
  if (d.positions.length > 0) {
    pdfTable(
      doc,
      [
        { label: 'Buchung', width: 150 },
        { label: 'Wertpapier', width: 190 },
        { label: 'Stück', width: 143, align: 'right' },
      ],
      d.positions.map((p) => [p.label, `${p.name} (${p.isin})`, `${p.direction === 'in' ? '+' : '−'} ${formatQuantity(p.quantity)}`]),
    );
  }
  if (d.fraction) {
    row(d.fraction.side === 'sell' ? 'Bruchteil verkauft' : 'Bruchteil zugekauft', `${formatQuantity(d.fraction.quantity)} Stück, ${formatEuro(d.fraction.amount)}`);
    doc.moveDown(0.5);
  }
  for (const a of d.amounts) row(a.label, formatEuro(a.amount));
  if (d.tax) {
    doc.moveDown();
    taxRows(row, d.tax, { amountLabel: d.title.includes('Dividende') || d.type === 'WDIV' || d.type === 'WDIF' ? 'Kapitalertrag' : undefined });
  }
  doc.moveDown();
  const net = new Decimal(d.net);
  row(net.lt(0) ? 'Ausmachender Betrag (Belastung)' : 'Ausmachender Betrag (Gutschrift)', formatEuro(toWireAmount(net.abs())));
  machineNote(doc, 'Diese Abrechnung wurde maschinell erstellt und ist ohne Unterschrift gültig.');
  doc.end();
  return done;
}
