import Decimal from 'decimal.js';
import { formatEuro, formatMoney, formatNumber, formatQuantity, toWireAmount, toWireDecimal } from '@kontor/domain/numbers';
import { taxTotal } from '@kontor/domain/tax';
import type { OrderTax } from '@kontor/domain/tax-contracts';
import { startPdf, type LetterRecipient } from '../platform/pdf.ts';
import { formatDateTime } from '@kontor/domain/dates';
import { shortReference } from '@kontor/domain/documents';

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
  /** A sale's tax (absent for a buy, or when tax is disabled). */
  tax?: OrderTax;
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
  if (d.currency !== 'EUR') row('Devisenkurs', `1 ${d.currency} = ${formatNumber(d.fxRate, 6)} EUR`);
}

/** The Wertpapierabrechnung of one execution, as a PDF (from the document's stored data). */
/**
 * The first part of every confirmation of an execution: holder, numbers, time and venue, then what
 * was traded. `before` rows come after the holder (a savings plan's number).
 */
export function startExecutionPdf(
  heading: string,
  d: Trade & LetterRecipient & { orderId: string; executionId: string; executedAt: string },
  o: { venue: string; before?: readonly [string, string][] },
) {
  const executedAt = new Date(d.executedAt);
  const pdf = startPdf({ heading, title: `${heading} ${d.isin}`, subject: d.name, now: executedAt, dateLabel: 'Ausführung', recipient: d });
  const { doc, row } = pdf;
  const time = formatDateTime(executedAt, { seconds: true });
  row('Depotinhaber', d.customerName);
  for (const [label, value] of o.before ?? []) row(label, value);
  row('Auftragsnummer', shortReference(d.orderId));
  row('Ausführungsnummer', shortReference(d.executionId));
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
  if (d.realisedPnl !== null) row('Veräußerungsergebnis (FIFO)', formatEuro(d.realisedPnl));
  const tax = d.tax;
  if (tax) {
    doc.moveDown();
    taxRows(row, tax);
  }
  const paid = tax ? total.minus(taxTotal(tax)) : total;
  doc.moveDown();
  row(d.side === 'buy' ? 'Ausmachender Betrag (Belastung)' : 'Ausmachender Betrag (Gutschrift)', formatEuro(toWireAmount(paid)));
  doc.moveDown();
  doc.font('Helvetica-Oblique').fontSize(9).fillColor('#555').text(
    tax || d.side === 'buy'
      ? 'Diese Abrechnung wurde maschinell erstellt und ist ohne Unterschrift gültig.'
      : 'Diese Abrechnung wurde maschinell erstellt und ist ohne Unterschrift gültig. Steuern werden nicht berechnet.',
  );
  doc.end();
  return done;
}

/**
 * The tax lines of a taxed event: its income (a sale's gain, a dividend, a Vorabpauschale), its
 * taxable part, the allowance, each tax (negative: refunded), foreign tax credited, and the pots.
 */
export function taxRows(row: (label: string, value: string) => void, t: OrderTax, o: { amountLabel?: string; withholdingTaxCredited?: string } = {}): void {
  row(o.amountLabel ?? 'Steuerlicher Veräußerungsgewinn', formatEuro(t.gain));
  if (new Decimal(t.teilfreistellung).gt(0)) {
    row(`Teilfreistellung ${toWireDecimal(new Decimal(t.teilfreistellung).mul(100), 0)} %`, formatEuro(toWireAmount(new Decimal(t.gain).minus(t.taxablePart).neg())));
    row('Steuerpflichtiger Teil', formatEuro(t.taxablePart));
  }
  row('Sparerpauschbetrag genutzt', formatEuro(t.allowanceUsed));
  row('Kapitalertragsteuer', formatEuro(t.capitalGainsTax));
  row('Solidaritätszuschlag', formatEuro(t.solidaritySurcharge));
  row('Kirchensteuer', formatEuro(t.churchTax));
  if (o.withholdingTaxCredited && !new Decimal(o.withholdingTaxCredited).isZero()) row('Angerechnete Quellensteuer', formatEuro(o.withholdingTaxCredited));
  row('Verlusttopf Aktien danach', formatEuro(t.lossPotSharesAfter));
  row('Verlusttopf sonstige danach', formatEuro(t.lossPotOtherAfter));
}
