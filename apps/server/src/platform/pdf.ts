import PDFDocument from 'pdfkit';
import { formatLongDate } from '@kontor/domain/dates';
import { KONTOR_BANK_ACCOUNT } from '@kontor/domain/money-contracts';
import { letterAddressLines, type AddressParts } from '@kontor/domain/postal-address';

/** Kontor's colour and the grey of secondary text, as on screen. */
const BRAND = '#0b4f8a';
const MUTED = '#555555';
const RULE = '#c8ced6';

/** Kontor's postal address: the letterhead's and every letter's sender line. */
const KONTOR_STREET = 'Musterstraße 1';
const KONTOR_PLACE = '10115 Berlin';

const mm = (v: number) => (v * 72) / 25.4;
/**
 * DIN 5008 form B, where a window envelope (DL, C5/6) shows the address: from 20 mm left, the
 * sender line at the foot of the 45 mm–62.7 mm zone, the address from 62.7 mm to 90 mm.
 */
const SENDER_LINE_TOP = mm(57.5);
const ADDRESS_TOP = mm(63.5);
const BELOW_ADDRESS = mm(98.5);

/**
 * An empty A4 PDF in Kontor's margins and letterhead: Kontor and its sender line at the top of every
 * page, the bank details and "Seite n von m" at its foot. The caller draws and calls `doc.end()`;
 * `done` resolves with the bytes.
 */
export function newPdf(info: { title: string; subject: string; now: Date }) {
  // Pages are kept until the end, so each foot can say how many there are.
  const doc = new PDFDocument({ size: 'A4', margins: { top: 96, bottom: 72, left: 56, right: 56 }, bufferPages: true, info: { Title: info.title, Author: 'Kontor', Subject: info.subject, CreationDate: info.now } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  const end = doc.end.bind(doc);
  doc.end = () => {
    frame(doc);
    end();
  };
  return { doc, done };
}

/** The letterhead and the foot of every page. */
function frame(doc: PDFKit.PDFDocument): void {
  const range = doc.bufferedPageRange();
  const { left, right } = doc.page.margins;
  const width = doc.page.width - left - right;
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // Drawing in the margins must not start a new page.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.font('Helvetica-Bold').fontSize(18).fillColor(BRAND).text('Kontor', left, 40, { lineBreak: false });
    doc.font('Helvetica').fontSize(8).fillColor(MUTED).text(`${KONTOR_BANK_ACCOUNT.holder} · ${KONTOR_STREET} · ${KONTOR_PLACE}`, left, 46, { width, align: 'right', lineBreak: false });
    doc.moveTo(left, 68).lineTo(left + width, 68).lineWidth(0.5).strokeColor(RULE).stroke();
    const foot = doc.page.height - 48;
    doc.moveTo(left, foot - 8).lineTo(left + width, foot - 8).lineWidth(0.5).strokeColor(RULE).stroke();
    doc.font('Helvetica').fontSize(8).fillColor(MUTED);
    doc.text(`${KONTOR_BANK_ACCOUNT.holder} · IBAN ${KONTOR_BANK_ACCOUNT.iban.replace(/(.{4})/g, '$1 ').trim()} · BIC ${KONTOR_BANK_ACCOUNT.bic}`, left, foot, { width: width - 80, lineBreak: false });
    doc.text(`Seite ${i - range.start + 1} von ${range.count}`, left, foot, { width, align: 'right', lineBreak: false });
    doc.page.margins.bottom = bottom;
  }
  doc.fillColor('black');
}

/** Whom a letter is addressed to: the holder's name and the address on file when it was issued (none: no address block). */
export type LetterRecipient = { customerName: string; recipientAddress?: AddressParts | null };

/** The sender line and the address where the envelope's window shows them; the text goes on below. */
function addressBlock(doc: PDFKit.PDFDocument, name: string, address: AddressParts): void {
  const left = doc.page.margins.left;
  const width = mm(85);
  doc.font('Helvetica').fontSize(7).fillColor(MUTED).text(`Kontor · ${KONTOR_STREET} · ${KONTOR_PLACE}`, left, SENDER_LINE_TOP, { width, lineBreak: false });
  doc.font('Helvetica').fontSize(10).fillColor('black').text(letterAddressLines(name, address).join('\n'), left, ADDRESS_TOP, { width, lineGap: 1 });
  doc.x = left;
  doc.y = BELOW_ADDRESS;
}

/**
 * An A4 PDF in Kontor's layout: the letterhead, the customer's address where a window envelope
 * shows it (when the document is a letter to a customer with an address), a title, the date it
 * was made, then label/value rows as a table (values aligned right). The caller writes the body
 * and calls `doc.end()`; `done` resolves with the bytes.
 */
export function startPdf(opts: { heading: string; title: string; subject: string; now: Date; dateLabel?: string; recipient?: LetterRecipient }) {
  const { doc, done } = newPdf(opts);
  const date = formatLongDate(opts.now);
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const to = opts.recipient;
  if (to?.recipientAddress) addressBlock(doc, to.customerName, to.recipientAddress);
  doc.font('Helvetica-Bold').fontSize(18).fillColor('black').text(opts.heading, left);
  doc.moveDown(0.3).font('Helvetica').fontSize(10).fillColor(MUTED).text(`${opts.dateLabel ?? 'Stand'}: ${date}`).fillColor('black');
  doc.moveDown();
  const row = (label: string, value: string) => {
    if (doc.y > doc.page.height - doc.page.margins.bottom - 20) doc.addPage();
    const y = doc.y;
    doc.font('Helvetica').fontSize(10).fillColor(MUTED).text(label, left, y, { width: width * 0.4 });
    const labelBottom = doc.y;
    doc.font('Helvetica').fontSize(10).fillColor('black').text(value, left + width * 0.4, y, { width: width * 0.6, align: 'right' });
    const bottom = Math.max(labelBottom, doc.y) + 3;
    doc.moveTo(left, bottom - 1).lineTo(left + width, bottom - 1).lineWidth(0.25).strokeColor(RULE).stroke();
    doc.x = left;
    doc.y = bottom + 2;
  };
  return { doc, done, row };
}
