import Decimal from 'decimal.js';
import { formatEuro } from '@kontor/domain/numbers';
import { KONTOR_BANK_ACCOUNT } from '@kontor/domain/money-contracts';
import { formatTaxId, germanDate, germanDateTime } from '@kontor/domain/service-request-summary';
import { EXEMPTION_LIMIT_JOINT, EXEMPTION_LIMIT_SINGLE, type ExemptionOrderAttributes } from '@kontor/domain/service-requests';
import { newPdf } from '../platform/pdf.ts';

/** What a Freistellungsauftrag form shows: the customer as on file, the order's attributes, and when it was confirmed. */
export type ExemptionOrderFormData = {
  customer: {
    name: string;
    /** The address as letter lines ("Musterweg 1", "10115 Berlin", "Deutschland"); may be empty. */
    address: string[];
    /** The German Steuer-ID (11 digits), null when none is on file. */
    taxId: string | null;
  };
  attributes: ExemptionOrderAttributes;
  /** ISO instant the customer confirmed the order with a TAN; absent on a preview. */
  signedAt?: string;
};

export const EXEMPTION_ORDER_FORM_TITLE = 'Freistellungsauftrag für Kapitalerträge und Antrag auf ehegatten-/lebenspartnerübergreifende Verlustverrechnung';

type Doc = PDFKit.PDFDocument;
type Cell = { label: string; value: string; width: number };

const GREY = '#555';
const LINE = '#888';

/** A row of labelled boxes as on the amtliches Muster: small label on top, the entry below. */
function boxes(doc: Doc, cells: readonly Cell[]): void {
  const left = doc.page.margins.left;
  const height = Math.max(
    ...cells.map((c) => doc.font('Helvetica').fontSize(7).heightOfString(c.label, { width: c.width - 8 }) + doc.fontSize(10).heightOfString(c.value || ' ', { width: c.width - 8 }) + 8),
  );
  if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
  const y = doc.y;
  let x = left;
  for (const c of cells) {
    doc.rect(x, y, c.width, height).lineWidth(0.5).strokeColor(LINE).stroke();
    doc.font('Helvetica').fontSize(7).fillColor(GREY).text(c.label, x + 4, y + 3, { width: c.width - 8 });
    doc.fontSize(10).fillColor('black').text(c.value, x + 4, doc.y + 1, { width: c.width - 8 });
    x += c.width;
  }
  doc.x = left;
  doc.y = y + height + 6;
}

/** A ticked box and its wording (only the option chosen is printed). */
function ticked(doc: Doc, wording: string): void {
  const left = doc.page.margins.left;
  const y = doc.y;
  doc.rect(left + 8, y + 1, 8, 8).lineWidth(0.7).strokeColor('black').stroke();
  doc.moveTo(left + 9.5, y + 2.5).lineTo(left + 14.5, y + 7.5).moveTo(left + 14.5, y + 2.5).lineTo(left + 9.5, y + 7.5).stroke();
  doc.font('Helvetica').fontSize(10).fillColor('black').text(wording, left + 24, y, { width: doc.page.width - doc.page.margins.right - left - 24 });
  doc.x = left;
  doc.moveDown(0.4);
}

function section(doc: Doc, title: string): void {
  doc.moveDown(0.3).font('Helvetica-Bold').fontSize(9).fillColor('black').text(title, doc.page.margins.left);
  doc.moveDown(0.2);
}

/** "VORSCHAU" across the page, faint, behind nothing: the form is not signed. */
function previewWatermark(doc: Doc): void {
  const { x, y } = doc;
  doc.save();
  doc.rotate(-35, { origin: [doc.page.width / 2, doc.page.height / 2] });
  doc.font('Helvetica-Bold').fontSize(90).fillColor('#c00').fillOpacity(0.12).text('VORSCHAU', 0, doc.page.height / 2 - 45, { width: doc.page.width, align: 'center', lineBreak: false });
  doc.restore();
  doc.fillColor('black').fillOpacity(1);
  doc.x = x;
  doc.y = y;
}

/** The amount clause: the Muster's three choices, the one that applies. */
function amountWording(a: ExemptionOrderAttributes): string {
  const limit = a.jointExemptionData ? EXEMPTION_LIMIT_JOINT : EXEMPTION_LIMIT_SINGLE;
  const amount = new Decimal(a.taxExemptionOrderAmount);
  if (amount.eq(limit)) return `bis zur Höhe des für mich/uns geltenden Sparer-Pauschbetrages von insgesamt ${formatEuro(limit)}.`;
  if (amount.isZero() && a.jointExemptionData) return 'über 0 € (sofern lediglich eine ehegatten-/lebenspartnerübergreifende Verlustverrechnung beantragt werden soll).';
  return `bis zu einem Betrag von ${formatEuro(a.taxExemptionOrderAmount)} (bei Verteilung des Sparer-Pauschbetrages auf mehrere Kreditinstitute).`;
}

/**
 * Draws the Freistellungsauftrag after the amtliches Muster (BMF) into `doc`, from where it stands
 * (the caller starts a page for it). `preview`: marked "VORSCHAU – nicht unterschrieben" (fsapreview);
 * otherwise the order as given, "erteilt am" its TAN confirmation.
 */
export function drawExemptionOrderForm(doc: Doc, d: ExemptionOrderFormData, opts: { preview: boolean }): void {
  const a = d.attributes;
  const joint = a.jointExemptionData;
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  if (opts.preview) previewWatermark(doc);

  doc.font('Helvetica-Bold').fontSize(13).fillColor('black').text(EXEMPTION_ORDER_FORM_TITLE, left, doc.y, { width });
  doc.font('Helvetica').fontSize(8).fillColor(GREY).text('(Gilt nicht für Betriebseinnahmen und Einnahmen aus Vermietung und Verpachtung) – nach amtlichem Muster').fillColor('black');
  if (opts.preview) doc.moveDown(0.4).font('Helvetica-Bold').fontSize(12).fillColor('#c00').text('VORSCHAU – nicht unterschrieben').fillColor('black');
  doc.moveDown(0.6);

  section(doc, 'Gläubiger der Kapitalerträge');
  boxes(doc, [
    { label: 'Name, Vorname', value: d.customer.name, width: width - 160 },
    { label: 'Steuer-Identifikationsnummer', value: d.customer.taxId ? formatTaxId(d.customer.taxId) : 'nicht hinterlegt', width: 160 },
  ]);
  boxes(doc, [{ label: 'Straße, Hausnummer, Postleitzahl, Ort', value: d.customer.address.join(', '), width }]);
  if (joint) {
    section(doc, 'Ehegatte / Lebenspartner (gemeinsamer Freistellungsauftrag)');
    boxes(doc, [
      { label: 'Name, Vorname', value: `${joint.familyName}, ${joint.givenName}`, width: width - 250 },
      { label: 'Geburtsdatum', value: germanDate(joint.birthDate), width: 90 },
      { label: 'Steuer-Identifikationsnummer', value: formatTaxId(joint.taxId), width: 160 },
    ]);
  }
  section(doc, 'An das Kreditinstitut');
  boxes(doc, [{ label: 'Name des Kreditinstituts, BIC', value: `${KONTOR_BANK_ACCOUNT.holder}, BIC ${KONTOR_BANK_ACCOUNT.bic}`, width }]);

  doc.moveDown(0.3).font('Helvetica').fontSize(10);
  doc.text(
    'Hiermit erteile ich/erteilen wir Ihnen den Auftrag, meine/unsere bei Ihrem Institut anfallenden Kapitalerträge vom Steuerabzug freizustellen und/oder bei Dividenden und ähnlichen Kapitalerträgen die Erstattung von Kapitalertragsteuer zu beantragen, und zwar',
    left,
    doc.y,
    { width },
  );
  doc.moveDown(0.4);
  ticked(doc, amountWording(a));
  doc.font('Helvetica').fontSize(10).text(`Dieser Auftrag gilt ab dem ${germanDate(a.validFrom)}`, left, doc.y, { width });
  doc.moveDown(0.4);
  ticked(doc, a.validTo ? `bis zum ${germanDate(a.validTo)}.` : 'bis auf Widerruf (so lange, bis Sie einen anderen Auftrag von mir/uns erhalten).');
  doc.font('Helvetica').fontSize(10).text(`Kalenderjahr: ${a.preconditionYear}`, left, doc.y, { width });
  doc.moveDown(0.6);

  const total = formatEuro(joint ? EXEMPTION_LIMIT_JOINT : EXEMPTION_LIMIT_SINGLE, { fractionDigits: 0 });
  const notes = [
    `Ich versichere/Wir versichern, dass mein/unser Freistellungsauftrag zusammen mit Freistellungsaufträgen an andere Kreditinstitute, Bausparkassen usw. den für mich/uns geltenden Sparer-Pauschbetrag von insgesamt ${total} nicht übersteigt (§ 44a Abs. 2 EStG).`,
    'Die Daten dieses Auftrags und die Höhe der freigestellten Kapitalerträge werden dem Bundeszentralamt für Steuern mitgeteilt (§ 45d EStG); es prüft damit, dass der Sparer-Pauschbetrag nicht mehrfach in Anspruch genommen wird.',
    'Ohne Steuer-Identifikationsnummer kann ein Freistellungsauftrag nicht erteilt werden (§ 44a Abs. 2a EStG).',
    ...(joint ? ['Ein gemeinsamer Auftrag setzt voraus, dass Sie nicht dauernd getrennt leben; er gilt auch als Antrag auf ehegatten-/lebenspartnerübergreifende Verlustverrechnung (§ 43a Abs. 3 EStG).'] : []),
  ];
  doc.font('Helvetica').fontSize(8).fillColor(GREY);
  for (const n of notes) doc.text(n, left, doc.y, { width }).moveDown(0.3);
  doc.fillColor('black').moveDown(0.5);

  if (opts.preview) {
    doc.font('Helvetica-Bold').fontSize(10).fillColor('#c00').text('VORSCHAU – nicht unterschrieben: Der Auftrag wird erst mit Ihrer TAN erteilt.', left, doc.y, { width }).fillColor('black');
  } else if (d.signedAt) {
    boxes(doc, [{ label: 'Datum, Unterschrift', value: `erteilt am ${germanDateTime(d.signedAt)}, bestätigt mit TAN – elektronisch übermittelt, ohne Unterschrift gültig`, width }]);
  }
}

/**
 * The Freistellungsauftrag alone as a PDF: the preview before signing (POST /api/ticket/fsapreview)
 * or a copy of a given one. `now` stamps the file (the caller's clock); without it, signedAt or the first day.
 */
export function renderExemptionOrderForm(data: ExemptionOrderFormData, opts: { preview: boolean; now?: Date }): Promise<Buffer> {
  const now = opts.now ?? new Date(data.signedAt ?? `${data.attributes.validFrom}T00:00:00Z`);
  const { doc, done } = newPdf({ title: opts.preview ? 'Freistellungsauftrag (Vorschau)' : 'Freistellungsauftrag', subject: `Freistellungsauftrag ${data.attributes.preconditionYear}`, now });
  drawExemptionOrderForm(doc, data, opts);
  doc.end();
  return done;
}
