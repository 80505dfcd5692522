import Decimal from 'decimal.js';
import { formatEuro, formatMoney, formatQuantity } from '@kontor/domain/money';
import { startPdf } from '../platform/pdf.ts';

export type ContractNoteData = {
  executionId: string;
  orderId: string;
  customerName: string;
  side: 'buy' | 'sell';
  isin: string;
  wkn: string | null;
  name: string;
  quantity: string;
  price: string;
  currency: string;
  fxRate: string;
  value: string;
  fee: string;
  realisedPnl: string | null;
  /** ISO instant. */
  executedAt: string;
};

type Trade = Pick<ContractNoteData, 'name' | 'isin' | 'wkn' | 'quantity' | 'price' | 'currency' | 'fxRate'>;

/** What was bought or sold, at which price (and exchange rate): the same on every confirmation of a trade. */
export function tradeRows(row: (label: string, value: string) => void, d: Trade & { amount?: string }): void {
  row('Wertpapier', d.name);
  row('ISIN', d.isin);
  if (d.wkn) row('WKN', d.wkn);
  if (d.amount) row('Sparrate', formatEuro(d.amount));
  row('Stück', formatQuantity(d.quantity));
  row('Ausführungskurs', formatMoney(d.price, d.currency));
  if (d.currency !== 'EUR') row('Devisenkurs', `1 ${d.currency} = ${new Decimal(d.fxRate).toFixed(6).replace('.', ',')} EUR`);
}

/** The Wertpapierabrechnung of one execution, as a PDF (from the document's stored data). */
/**
 * The first part of every confirmation of an execution: holder, numbers, time and venue, then what
 * was traded. `before` rows come after the holder (a savings plan's number).
 */
export function startExecutionPdf(
  heading: string,
  d: Trade & { customerName: string; orderId: string; executionId: string; executedAt: string },
  o: { venue: string; before?: readonly [string, string][] },
) {
  const executedAt = new Date(d.executedAt);
  const pdf = startPdf({ heading, title: `${heading} ${d.isin}`, subject: d.name, now: executedAt, dateLabel: 'Ausführung' });
  const { doc, row } = pdf;
  const time = new Intl.DateTimeFormat('de-DE', { timeZone: 'Europe/Berlin', dateStyle: 'medium', timeStyle: 'medium' }).format(executedAt);
  row('Depotinhaber', d.customerName);
  for (const [label, value] of o.before ?? []) row(label, value);
  row('Auftragsnummer', d.orderId);
  row('Ausführungsnummer', d.executionId);
  row('Handelszeit', time);
  row('Handelsplatz', o.venue);
  doc.moveDown();
  tradeRows(row, d);
  doc.moveDown();
  return pdf;
}

export function contractNote(d: ContractNoteData): Promise<Buffer> {
  const kind = d.side === 'buy' ? 'Kauf' : 'Verkauf';
  const { doc, done, row } = startExecutionPdf(`Wertpapierabrechnung ${kind}`, d, { venue: 'Kontor Market Maker (außerbörslich)' });
  row('Kurswert', formatEuro(d.value));
  row('Ordergebühr', formatEuro(d.fee));
  const total = d.side === 'buy' ? new Decimal(d.value).plus(d.fee) : new Decimal(d.value).minus(d.fee);
  row(d.side === 'buy' ? 'Ausmachender Betrag (Belastung)' : 'Ausmachender Betrag (Gutschrift)', formatEuro(total.toFixed(2)));
  if (d.realisedPnl !== null) row('Veräußerungsergebnis (FIFO)', formatEuro(d.realisedPnl));
  doc.moveDown();
  doc.font('Helvetica-Oblique').fontSize(9).fillColor('#555').text('Diese Abrechnung wurde maschinell erstellt und ist ohne Unterschrift gültig. Steuerliche Angaben folgen mit der Steuerabrechnung.');
  doc.end();
  return done;
}
