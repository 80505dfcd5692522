import Decimal from 'decimal.js';
import { formatEuro, toWireAmount } from '@kontor/domain/numbers';
import { startPdf } from '../platform/pdf.ts';
import { machineNote, pdfTable } from './pdf-table.ts';

/** What the Jahressteuerbescheinigung shows (kind tax_certificate), as stored with the document. Euros, decimal strings. */
export type AnnualTaxCertificateData = {
  certificate: 'annual';
  customerName: string;
  year: number;
  /** ISO instant. */
  issuedAt: string;
  /** After the Teilfreistellung. */
  dividends: string;
  vorabpauschalen: string;
  shareGains: string;
  shareLosses: string;
  otherGains: string;
  otherLosses: string;
  carriedShares: string;
  carriedOther: string;
  /** Income after the loss pots, before the allowance. */
  income: string;
  allowanceUsed: string;
  taxable: string;
  capitalGainsTax: string;
  solidaritySurcharge: string;
  churchTax: string;
  foreignTax: string;
  withholdingTaxCredited: string;
  /** The pots at the year's end: carried into the next year unless certified. */
  lossPotShares: string;
  lossPotOther: string;
  /** What a Verlustbescheinigung certified (null: that pot was not certified). */
  certifiedShares: string | null;
  certifiedOther: string | null;
};

/**
 * The Jahressteuerbescheinigung (Steuerbescheinigung nach § 45a Abs. 2 EStG, simplified): the
 * year's capital income by kind, the losses, the allowance used, the taxes withheld, the foreign
 * tax credited and the loss pots carried forward.
 */
export function annualTaxCertificate(d: AnnualTaxCertificateData): Promise<Buffer> {
  const title = `Jahressteuerbescheinigung ${d.year}`;
  const { doc, done, row } = startPdf({ heading: title, title, subject: `Kapitalerträge ${d.year}`, now: new Date(d.issuedAt), dateLabel: 'Ausgestellt am', recipient: d });
  const left = doc.page.margins.left;
  doc.font('Helvetica-Bold').fontSize(11).text(`Steuerbescheinigung für Privatkunden ${d.year} (§ 45a Abs. 2 EStG)`, left);
  doc.moveDown();
  row('Gläubiger der Kapitalerträge', d.customerName);
  row('Kalenderjahr', String(d.year));
  doc.moveDown();
  const lines: [string, string][] = [
    ['Dividenden und Ausschüttungen (nach Teilfreistellung)', d.dividends],
    ['Vorabpauschalen (nach Teilfreistellung)', d.vorabpauschalen],
    ['Gewinne aus Aktienveräußerungen', d.shareGains],
    ['Verluste aus Aktienveräußerungen', toWireAmount(new Decimal(d.shareLosses).neg())],
    ['Sonstige Veräußerungsgewinne (nach Teilfreistellung)', d.otherGains],
    ['Sonstige Verluste', toWireAmount(new Decimal(d.otherLosses).neg())],
    ['Verlustvortrag Aktien aus dem Vorjahr', toWireAmount(new Decimal(d.carriedShares).neg())],
    ['Verlustvortrag sonstige aus dem Vorjahr', toWireAmount(new Decimal(d.carriedOther).neg())],
    ['Kapitalerträge nach Verlustverrechnung', d.income],
    ['In Anspruch genommener Sparerpauschbetrag', d.allowanceUsed],
    ['Bemessungsgrundlage der Kapitalertragsteuer', d.taxable],
    ['Kapitalertragsteuer', d.capitalGainsTax],
    ['Solidaritätszuschlag', d.solidaritySurcharge],
    ['Kirchensteuer', d.churchTax],
    ['Gezahlte ausländische Quellensteuer', d.foreignTax],
    ['Angerechnete ausländische Quellensteuer', d.withholdingTaxCredited],
  ];
  pdfTable(
    doc,
    [
      { label: 'Position', width: 340 },
      { label: 'Betrag', width: 143, align: 'right' },
    ],
    lines.map(([label, value]) => [label, formatEuro(value)]),
  );
  doc.moveDown(0.5);
  const pot = (name: string, left: string, certified: string | null) =>
    certified !== null ? `${name}: ${formatEuro(certified)} durch Verlustbescheinigung bescheinigt (nicht vorgetragen).` : `${name}: ${formatEuro(left)} werden in das Jahr ${d.year + 1} vorgetragen.`;
  doc.font('Helvetica').fontSize(10);
  doc.text(pot('Verlusttopf Aktien', d.lossPotShares, d.certifiedShares), left).moveDown(0.4);
  doc.text(pot('Verlusttopf sonstige', d.lossPotOther, d.certifiedOther), left).moveDown(0.4);
  doc.text(`Bewahren Sie diese Bescheinigung für Ihre Einkommensteuererklärung ${d.year} (Anlage KAP) auf.`, left);
  machineNote(doc, 'Diese Bescheinigung wurde maschinell erstellt und ist ohne Unterschrift gültig.');
  doc.end();
  return done;
}
