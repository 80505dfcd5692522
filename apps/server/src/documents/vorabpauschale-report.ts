import { formatEuro, toWireAmount } from '@kontor/domain/numbers';
import { startPdf } from '../platform/pdf.ts';
import { machineNote } from './pdf-table.ts';

/** The "Meldung an das Finanzamt" of a Vorabpauschale's tax the customer did not provide (kind tax_statement). */
export type VorabpauschaleReportData = {
  statement: 'vorabpauschale_report';
  customerName: string;
  year: number;
  isin: string;
  name: string;
  /** ISO dates: booked, the deadline to provide the rest, reported. */
  bookedOn: string;
  deadline: string;
  reportedOn: string;
  /** The tax on the Vorabpauschale, what was withheld of it, and what was reported. */
  tax: string;
  withheld: string;
  reported: string;
};

const date = (iso: string) => new Intl.DateTimeFormat('de-DE', { timeZone: 'UTC', dateStyle: 'medium' }).format(new Date(`${iso}T00:00:00Z`));

export function vorabpauschaleReport(d: VorabpauschaleReportData): Promise<Buffer> {
  const heading = 'Meldung an das Finanzamt';
  const { doc, done, row } = startPdf({ heading, title: `${heading} ${d.isin}`, subject: `Vorabpauschale ${d.year} ${d.name}`, now: new Date(`${d.reportedOn}T12:00:00Z`), dateLabel: 'Gemeldet am', recipient: d });
  row('Depotinhaber', d.customerName);
  row('Wertpapier', d.name);
  row('ISIN', d.isin);
  row('Vorabpauschale', `${d.year}, gebucht am ${date(d.bookedOn)}`);
  doc.moveDown();
  row('Steuer auf die Vorabpauschale', formatEuro(d.tax));
  row('Einbehalten', formatEuro(d.withheld));
  row('Frist zur Bereitstellung', date(d.deadline));
  row('Nicht bereitgestellt, dem Finanzamt gemeldet', formatEuro(toWireAmount(d.reported)));
  doc.moveDown();
  doc
    .font('Helvetica')
    .fontSize(10)
    .text(
      `Das Guthaben Ihres Verrechnungskontos deckte die Steuer auf die Vorabpauschale nicht, und der Fehlbetrag wurde bis zum ${date(d.deadline)} nicht bereitgestellt (§ 44 Abs. 1b i. V. m. Abs. 1 Satz 7 EStG). ` +
        'Wir haben ihn deshalb unserem Betriebsstättenfinanzamt angezeigt (§ 44 Abs. 1b i. V. m. Abs. 1 Satz 10 EStG); das Finanzamt fordert die Steuer bei Ihnen nach. ' +
        'Ihr Verrechnungskonto wird dafür nicht belastet, und wir führen keinen Rückstand.',
      doc.page.margins.left,
    );
  machineNote(doc, 'Diese Mitteilung wurde maschinell erstellt und ist ohne Unterschrift gültig.');
  doc.end();
  return done;
}
