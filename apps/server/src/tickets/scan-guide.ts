import { newPdf } from '../platform/pdf.ts';

/** The file name of the leaflet the agent attaches to a question about an unreadable scan. */
export const SCAN_GUIDE_NAME = 'Merkblatt Ausweis-Scan.pdf';

const STEPS = [
  'Legen Sie den Ausweis auf eine dunkle, ruhige Fläche und fotografieren oder scannen Sie ihn bei gutem Licht, ohne Blitz.',
  'Vorderseite und Rückseite gehören dazu: als zwei Seiten einer PDF-Datei oder als zwei Bilder.',
  'Alle vier Ecken sind zu sehen, nichts ist abgedeckt, kein Schatten und keine Spiegelung liegt auf Foto oder Schrift.',
  'Die Schrift ist scharf und gut zu lesen; vergrößern Sie das Bild zur Probe, bevor Sie es senden.',
  'Senden Sie PDF, JPEG oder PNG bis 9 MB. Ein Bildschirmfoto des Scans reicht meist nicht aus.',
];

/** A one-page leaflet: how a readable scan of an identity document is made. */
export async function scanGuidePdf(now: Date): Promise<Buffer> {
  const { doc, done } = newPdf({ title: 'Merkblatt: So gelingt der Scan Ihres Ausweises', subject: 'Ausweisdokument erneuern', now });
  doc.font('Helvetica-Bold').fontSize(18).text('So gelingt der Scan Ihres Ausweises');
  doc.moveDown(0.5).font('Helvetica').fontSize(11).text('Damit wir Ihr neues Ausweisdokument schnell hinterlegen können, braucht unser Team einen gut lesbaren Scan:');
  doc.moveDown(0.5);
  STEPS.forEach((step, i) => doc.text(`${i + 1}. ${step}`, { paragraphGap: 6 }));
  doc.moveDown().fontSize(10).fillColor('#555').text('Kontor Kundenservice · Antworten Sie einfach im Dialog Ihres Serviceauftrags.').fillColor('black');
  doc.end();
  return done;
}
