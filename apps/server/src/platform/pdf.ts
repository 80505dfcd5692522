import PDFDocument from 'pdfkit';
import { formatLongDate } from '@kontor/domain/dates';

/** An empty A4 PDF in Kontor's margins; the caller draws and calls `doc.end()`; `done` resolves with the bytes. */
export function newPdf(info: { title: string; subject: string; now: Date }) {
  const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: info.title, Author: 'Kontor', Subject: info.subject, CreationDate: info.now } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  return { doc, done };
}

/**
 * An A4 PDF in Kontor's layout: a title, the date it was made, then label/value rows. The caller
 * writes the body and calls `doc.end()`; `done` resolves with the bytes.
 */
export function startPdf(opts: { heading: string; title: string; subject: string; now: Date; dateLabel?: string }) {
  const { doc, done } = newPdf(opts);
  const date = formatLongDate(opts.now);
  doc.font('Helvetica-Bold').fontSize(20).text(opts.heading);
  doc.moveDown(0.3).font('Helvetica').fontSize(10).fillColor('#555').text(`${opts.dateLabel ?? 'Stand'}: ${date}`).fillColor('black');
  doc.moveDown();
  const row = (label: string, value: string) => {
    doc.font('Helvetica-Bold').fontSize(11).text(`${label}: `, { continued: true }).font('Helvetica').text(value);
  };
  return { doc, done, row };
}
