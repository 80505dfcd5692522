/** A plain table for the statements: a bold header line, then one line per row, columns at fixed widths. */
export type Column = { label: string; width: number; align?: 'left' | 'right' };

type Doc = PDFKit.PDFDocument;

export function pdfTable(doc: Doc, columns: readonly Column[], rows: readonly (readonly string[])[]): void {
  const left = doc.page.margins.left;
  const line = (cells: readonly string[], bold: boolean) => {
    if (doc.y > doc.page.height - doc.page.margins.bottom - 30) doc.addPage();
    const y = doc.y;
    let x = left;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
    let height = 0;
    columns.forEach((c, i) => {
      doc.text(cells[i] ?? '', x, y, { width: c.width - 6, align: c.align ?? 'left' });
      height = Math.max(height, doc.y - y);
      x += c.width;
    });
    doc.x = left;
    doc.y = y + height + 3;
  };
  line(
    columns.map((c) => c.label),
    true,
  );
  for (const r of rows) line(r, false);
  doc.moveDown(0.5);
}

/** The closing line every statement carries. */
export function machineNote(doc: Doc, text: string): void {
  doc.moveDown();
  doc.font('Helvetica-Oblique').fontSize(9).fillColor('#555').text(text, doc.page.margins.left).fillColor('black');
}
