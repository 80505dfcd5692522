import Decimal from 'decimal.js';
import { formatEuro, formatMoney, formatNumber, formatQuantity, toWireAmount, toWireDecimal } from '@kontor/domain/numbers';
import type { OrderTax } from '@kontor/domain/tax-contracts';
import { startPdf } from '../platform/pdf.ts';
import { taxRows } from './contract-note.ts';
import { machineNote, pdfTable } from './pdf-table.ts';
import { vorabpauschaleReport, type VorabpauschaleReportData } from './vorabpauschale-report.ts';

/** What a Dividendengutschrift shows, as stored with the document (kind tax_statement). */
export type DividendStatementData = {
  statement: 'dividend';
  customerName: string;
  isin: string;
  wkn: string | null;
  name: string;
  /** ISO dates. */
  exDate: string;
  payDate: string;
  quantity: string;
  /** Per share in the dividend's currency. */
  perShare: string;
  currency: string;
  /** Euros per unit of the currency. */
  fxRate: string;
  gross: string;
  foreignTax: string;
  /** The treaty rate of the foreign tax, "0.15". */
  foreignTaxRate: string;
  /** Null when tax is disabled. */
  tax: (OrderTax & { withholdingTaxCredited: string }) | null;
  /** Credited to the cash account (before any arrears it paid). */
  net: string;
};

/** What the notice of a Vorabpauschale shows (kind tax_statement). */
export type VorabpauschaleNoticeData = {
  statement: 'vorabpauschale';
  customerName: string;
  /** The year the Vorabpauschale is for (it is taxed on the first banking day of the next). */
  year: number;
  isin: string;
  wkn: string | null;
  name: string;
  /** ISO date it was booked. */
  bookedOn: string;
  basiszins: string;
  /** Euros per piece on the first and last trading day of the year. */
  startPrice: string;
  endPrice: string;
  lots: { openedOn: string; quantity: string; monthsBefore: number; amount: string }[];
  amount: string;
  tax: OrderTax & { withholdingTaxCredited: string };
  /** Taken from the cash account. */
  fromCash: string;
  /** What the cash did not cover: the customer is asked to provide it by `deadline` (ISO date). */
  shortfall: string;
  deadline: string | null;
  /** Notices issued before the shortfall procedure: what put the account in debit. */
  toArrears?: string;
};

export type TaxStatementData = DividendStatementData | VorabpauschaleNoticeData | VorabpauschaleReportData;

const percent = (rate: string) => `${formatNumber(toWireDecimal(new Decimal(rate).mul(100)), { min: 0, max: 2 })} %`;
const date = (iso: string) => new Intl.DateTimeFormat('de-DE', { timeZone: 'UTC', dateStyle: 'medium' }).format(new Date(`${iso}T00:00:00Z`));

function dividendStatement(d: DividendStatementData): Promise<Buffer> {
  const heading = 'Dividendengutschrift';
  const { doc, done, row } = startPdf({ heading, title: `${heading} ${d.isin}`, subject: d.name, now: new Date(`${d.payDate}T12:00:00Z`), dateLabel: 'Zahltag', recipient: d });
  row('Depotinhaber', d.customerName);
  row('Wertpapier', d.name);
  row('ISIN', d.isin);
  if (d.wkn) row('WKN', d.wkn);
  row('Ex-Tag', date(d.exDate));
  row('Zahltag', date(d.payDate));
  doc.moveDown();
  row('Stück', formatQuantity(d.quantity));
  row('Dividende je Stück', formatMoney(d.perShare, d.currency));
  if (d.currency !== 'EUR') row('Devisenkurs', `1 ${d.currency} = ${formatNumber(d.fxRate, 6)} EUR`);
  row('Bruttobetrag', formatEuro(d.gross));
  if (!new Decimal(d.foreignTax).isZero()) row(`Quellensteuer ${percent(d.foreignTaxRate)}`, formatEuro(toWireAmount(new Decimal(d.foreignTax).neg())));
  if (d.tax) {
    doc.moveDown();
    taxRows(row, d.tax, { amountLabel: 'Kapitalertrag', withholdingTaxCredited: d.tax.withholdingTaxCredited });
  }
  doc.moveDown();
  row('Ausmachender Betrag (Gutschrift)', formatEuro(d.net));
  machineNote(doc, 'Diese Abrechnung wurde maschinell erstellt und ist ohne Unterschrift gültig.');
  doc.end();
  return done;
}

function vorabpauschaleNotice(d: VorabpauschaleNoticeData): Promise<Buffer> {
  const heading = `Vorabpauschale ${d.year}`;
  const { doc, done, row } = startPdf({ heading, title: `${heading} ${d.isin}`, subject: d.name, now: new Date(`${d.bookedOn}T12:00:00Z`), dateLabel: 'Buchungstag', recipient: d });
  row('Depotinhaber', d.customerName);
  row('Wertpapier', d.name);
  row('ISIN', d.isin);
  if (d.wkn) row('WKN', d.wkn);
  row('Basiszins', percent(d.basiszins));
  row(`Rücknahmepreis Jahresanfang ${d.year}`, formatEuro(d.startPrice));
  row(`Rücknahmepreis Jahresende ${d.year}`, formatEuro(d.endPrice));
  doc.moveDown();
  pdfTable(
    doc,
    [
      { label: 'Erworben am', width: 110 },
      { label: 'Stück', width: 110, align: 'right' },
      { label: 'Volle Monate vor Erwerb', width: 130, align: 'right' },
      { label: 'Vorabpauschale', width: 133, align: 'right' },
    ],
    d.lots.map((l) => [date(l.openedOn), formatQuantity(l.quantity), String(l.monthsBefore), formatEuro(l.amount)]),
  );
  taxRows(row, d.tax, { amountLabel: 'Vorabpauschale' });
  doc.moveDown();
  row('Belastung Verrechnungskonto', formatEuro(toWireAmount(new Decimal(d.fromCash).neg())));
  if (d.toArrears && new Decimal(d.toArrears).gt(0)) row('Nicht gedeckt (Sollsaldo)', formatEuro(toWireAmount(new Decimal(d.toArrears).neg())));
  if (d.deadline && new Decimal(d.shortfall).gt(0)) {
    row('Nicht gedeckt, bitte bereitstellen', formatEuro(d.shortfall));
    row('Frist', date(d.deadline));
  }
  doc.moveDown();
  doc
    .font('Helvetica')
    .fontSize(10)
    .text(
      `Die Vorabpauschale (§ 18 InvStG) gilt als am ersten Werktag des Jahres ${d.year + 1} zugeflossen. Sie wird bei einem späteren Verkauf der Anteile vom Veräußerungsgewinn abgezogen, damit sie nicht zweimal versteuert wird.` +
        (d.deadline && new Decimal(d.shortfall).gt(0)
          ? ` Ihr Guthaben deckte die Steuer nicht. Bitte stellen Sie den Fehlbetrag bis zum ${date(d.deadline)} auf Ihrem Verrechnungskonto bereit (§ 44 Abs. 1b i. V. m. Abs. 1 Satz 7 EStG); wir behalten ihn dann ein. Andernfalls müssen wir ihn Ihrem Finanzamt melden, das ihn bei Ihnen nachfordert (Satz 10).`
          : ''),
      doc.page.margins.left,
    );
  machineNote(doc, 'Diese Mitteilung wurde maschinell erstellt und ist ohne Unterschrift gültig.');
  doc.end();
  return done;
}

/** The statement of a taxed event other than a sale: a Dividendengutschrift, the notice of a Vorabpauschale or the report of its unpaid tax. */
export function taxStatement(d: TaxStatementData): Promise<Buffer> {
  if (d.statement === 'dividend') return dividendStatement(d);
  return d.statement === 'vorabpauschale' ? vorabpauschaleNotice(d) : vorabpauschaleReport(d);
}
