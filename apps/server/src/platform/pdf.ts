import PDFDocument from 'pdfkit';
import { formatLongDate } from '@kontor/domain/dates';
import { KONTOR_BANK_ACCOUNT } from '@kontor/domain/money-contracts';

/** Kontor's colour and the grey of secondary text, as on screen. */
const BRAND = '#0b4f8a';
const MUTED = '#555555';
const RULE = '#c8ced6';

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
    doc.font('Helvetica').fontSize(8).fillColor(MUTED).text(`${KONTOR_BANK_ACCOUNT.holder} · Musterstraße 1 · 10115 Berlin`, left, 46, { width, align: 'right', lineBreak: false });
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

/**
 * An A4 PDF in Kontor's layout: the letterhead, the customer's name where a letter's address
 * stands, a title, the date it was made, then label/value rows as a table (values aligned right).
 * The caller writes the body and calls `doc.end()`; `done` resolves with the bytes.
 */
export function startPdf(opts: { heading: string; title: string; subject: string; now: Date; dateLabel?: string; recipient?: string }) {
  const { doc, done } = newPdf(opts);
  const date = formatLongDate(opts.now);
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  if (opts.recipient) {
    doc.font('Helvetica').fontSize(11).fillColor('black').text(opts.recipient, left, doc.page.margins.top);
    doc.moveDown(1.5);
  }
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
