import { formatEuro } from '@kontor/domain/numbers';
import { startPdf } from '../platform/pdf.ts';
import { machineNote, pdfTable } from './pdf-table.ts';

/** What a Verlustbescheinigung shows, as stored with the document. */
export type LossCertificateData = {
  year: number;
  customerName: string;
  /** ISO instant. */
  issuedAt: string;
  /** The certified loss of each pot as a positive decimal string ("1234.56"); null: that pot was not requested. */
  stocks: string | null;
  other: string | null;
};

const POTS = [
  { key: 'stocks', label: 'Verluste aus Aktienveräußerungen (§ 20 Abs. 2 Satz 1 Nr. 1 EStG)', name: 'Aktienverluste' },
  { key: 'other', label: 'Sonstige Verluste (ohne Verluste aus Aktienveräußerungen)', name: 'sonstige Verluste' },
] as const;

/**
 * The Verlustbescheinigung of a year (§ 43a Abs. 3 Satz 4 EStG): the losses of the requested pots,
 * which were reset to 0 at the year's end so that the tax return can use them.
 */
export function lossCertificate(d: LossCertificateData): Promise<Buffer> {
  const title = `Verlustbescheinigung ${d.year}`;
  const { doc, done, row } = startPdf({ heading: title, title, subject: `Verluste aus Kapitalerträgen ${d.year}`, now: new Date(d.issuedAt), dateLabel: 'Ausgestellt am', recipient: d });
  const left = doc.page.margins.left;
  doc.font('Helvetica-Bold').fontSize(11).text(`Bescheinigung über Verluste aus Kapitalerträgen (Verlustbescheinigung) ${d.year} nach § 43a Abs. 3 Satz 4 EStG`, left);
  doc.moveDown();
  row('Gläubiger der Kapitalerträge', d.customerName);
  row('Kalenderjahr', String(d.year));
  doc.moveDown();

  const requested = POTS.filter((p) => d[p.key] !== null);
  if (requested.length === 0) doc.font('Helvetica').fontSize(10).text('Es wurden keine Verluste bescheinigt.', left);
  else
    pdfTable(
      doc,
      [
        { label: 'Verlusttopf', width: 340 },
        { label: 'Nicht ausgeglichener Verlust', width: 143, align: 'right' },
      ],
      requested.map((p) => [p.label, formatEuro(d[p.key]!)]),
    );

  doc.font('Helvetica').fontSize(10).moveDown(0.5);
  const names = requested.map((p) => p.name).join(' und ');
  const notes = [
    ...(requested.length > 0
      ? [
          `Auf Ihren Antrag ${requested.length === 1 ? 'wurde der Verlustverrechnungstopf' : 'wurden die Verlustverrechnungstöpfe'} für ${names} zum Ende des Jahres ${d.year} auf 0 € gesetzt. Diese Verluste werden nicht in das Jahr ${d.year + 1} vorgetragen.`,
          `Sie können die bescheinigten Verluste in Ihrer Einkommensteuererklärung ${d.year} (Anlage KAP) geltend machen, etwa um sie mit Kapitalerträgen bei anderen Kreditinstituten zu verrechnen. Bewahren Sie diese Bescheinigung für Ihr Finanzamt auf.`,
        ]
      : []),
    ...POTS.filter((p) => d[p.key] === null).map((p) => `Für ${p.name} wurde keine Bescheinigung beantragt: Sie werden wie bisher ins nächste Jahr vorgetragen.`),
  ];
  for (const n of notes) doc.text(n, left).moveDown(0.4);
  machineNote(doc, 'Diese Bescheinigung wurde maschinell erstellt und ist ohne Unterschrift gültig.');
  doc.end();
  return done;
}
