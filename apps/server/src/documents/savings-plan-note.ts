import Decimal from 'decimal.js';
import { formatEuro, toWireAmount } from '@kontor/domain/numbers';
import { startExecutionPdf } from './contract-note.ts';

/** What a savings-plan execution's confirmation shows; written in SQL by the block execution (savings-plans/execution.ts). */
export type SavingsPlanNoteData = {
  planId: string;
  orderId: string;
  executionId: string;
  customerName: string;
  isin: string;
  wkn: string | null;
  name: string;
  /** The execution day. */
  date: string;
  /** The plan's rate that day. */
  amount: string;
  quantity: string;
  price: string;
  currency: string;
  fxRate: string;
  value: string;
  fee: string;
  /** ISO instant. */
  executedAt: string;
};

/** The Ausführungsbestätigung of one savings-plan execution, as a PDF. */
export function savingsPlanNote(d: SavingsPlanNoteData): Promise<Buffer> {
  const { doc, done, row } = startExecutionPdf('Sparplanausführung', d, {
    venue: 'Kontor Market Maker (außerbörslich), Blockorder zu einem Kurs',
    before: [['Sparplan', d.planId]],
  });
  row('Kurswert', formatEuro(d.value));
  row('Ordergebühr', formatEuro(d.fee));
  row('Ausmachender Betrag (Belastung)', formatEuro(toWireAmount(new Decimal(d.value).plus(d.fee))));
  const rest = new Decimal(d.amount).minus(d.value).minus(d.fee);
  if (rest.gt(0)) row('Nicht angelegt (bleibt auf dem Verrechnungskonto)', formatEuro(toWireAmount(rest)));
  doc.moveDown();
  doc.font('Helvetica-Oblique').fontSize(9).fillColor('#555').text('Bruchstücke werden auf die kleinste handelbare Einheit abgerundet. Diese Bestätigung wurde maschinell erstellt und ist ohne Unterschrift gültig.');
  doc.end();
  return done;
}
