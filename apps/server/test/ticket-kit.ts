import { randomUUID } from 'node:crypto';
import type { TicketState } from '@kontor/domain/enums';
import type { Db } from '../src/platform/db.ts';
import { tickets } from '../src/tickets/tables.ts';

/**
 * A ticket of `sub` written straight into its table, for tests of what hangs off a ticket
 * (attachments) without going through the ticket forms and their TAN.
 */
export async function insertTicket(db: Db, sub: string, opts: { state?: TicketState; at?: Date } = {}): Promise<string> {
  const id = randomUUID();
  const at = opts.at ?? new Date('2026-11-23T09:00:00Z');
  await db.insert(tickets).values({
    id,
    sub,
    type: 'ID_DOCUMENT',
    state: opts.state ?? 'OPEN',
    data: {},
    createdAt: at,
    updatedAt: at,
    submittedAt: opts.state === 'PREPARED' ? null : at,
    closedAt: opts.state === 'CLOSED' ? at : null,
  });
  return id;
}

/** A multipart/form-data body with one file part (and any extra parts), as a browser's FormData sends it. */
export function multipartBody(parts: { field?: string; filename: string; bytes: Buffer; type?: string }[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----KontorTest${randomUUID().replaceAll('-', '')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${p.field ?? 'file'}"; filename="${p.filename}"\r\nContent-Type: ${p.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      p.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A small valid PDF (one empty page), optionally padded with a trailing comment to exactly `size` bytes. */
export function pdfBytes(size?: number): Buffer {
  const pdf = Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
      '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  );
  if (size === undefined) return pdf;
  // Bytes after %%EOF are ignored by readers; a comment line keeps it a PDF.
  return Buffer.concat([pdf, Buffer.from('%'), Buffer.alloc(size - pdf.length - 2, 0x20), Buffer.from('\n')]);
}

/** A 1×1 PNG. */
export const PNG_BYTES = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
