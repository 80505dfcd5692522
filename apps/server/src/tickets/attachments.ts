import { randomUUID } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import { UPLOAD_MAX_BYTES } from '@kontor/domain/constants';
import { ATTACHMENT_MEDIA_TYPES, type AttachmentMediaType } from '@kontor/domain/service-requests';
import type { Attachment } from '@kontor/domain/ticket-contracts';
import type { Clock } from '../platform/clock.ts';
import type { Db } from '../platform/db.ts';
import { AppError } from '../platform/errors.ts';
import { isUuid } from '../platform/ids.ts';
import { acceptAllScanner, type AttachmentStorage, type VirusScanner } from './attachment-storage.ts';
import { type AttachmentRow, attachmentStore as store } from './attachment-store.ts';

/** What a customer is told when an attachment is refused (the routes answer a too large multipart part with `tooLarge` too). */
export const ATTACHMENT_MESSAGES = {
  ticketNotFound: 'Diesen Auftrag gibt es nicht.',
  ticketClosed: 'Dieser Auftrag ist geschlossen. Sie können keine Dateien mehr anhängen.',
  empty: 'Die Datei ist leer.',
  tooLarge: 'Die Datei ist größer als 9 MB.',
  wrongType: 'Bitte laden Sie eine PDF-, JPEG- oder PNG-Datei hoch.',
  infected: 'Die Datei wurde bei der Virenprüfung abgewiesen und nicht gespeichert.',
  gone: 'Eine angehängte Datei gibt es nicht (mehr).',
  fileNotFound: 'Diese Datei gibt es nicht.',
} as const;

/** File name endings of each media type; the first is added when a name has none of them. */
const EXTENSIONS: Record<AttachmentMediaType, string[]> = {
  'application/pdf': ['.pdf'],
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/png': ['.png'],
};
export const ATTACHMENT_NAME_MAX = 120;

/**
 * The name an attachment is kept under: the base name of what the browser sent (no path), without
 * control, format (bidi overrides that make "fdp.exe" read as "exe.pdf") or broken surrogate
 * characters, ending in an extension of its real media type ("scan.pdf" that is a PNG becomes
 * "scan.pdf.png", so it opens with the right program), at most 120 characters.
 */
export function attachmentFileName(raw: string, mediaType: AttachmentMediaType): string {
  const base = raw.split(/[/\\]/).pop() ?? '';
  let name = base
    .replace(/[\p{Cc}\p{Cf}\p{Cs}]/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '');
  const extensions = EXTENSIONS[mediaType];
  let ext = extensions.find((e) => name.toLowerCase().endsWith(e));
  if (!ext || name.length === ext.length) {
    ext = extensions[0]!;
    name = `${name || 'Anhang'}${ext}`;
  }
  const chars = Array.from(name);
  if (chars.length <= ATTACHMENT_NAME_MAX) return name;
  return `${chars.slice(0, ATTACHMENT_NAME_MAX - ext.length).join('').trimEnd()}${name.slice(-ext.length)}`;
}

/** The media type by the file's magic bytes, if it is one a ticket takes; the name and the browser's type are not asked. */
export async function attachmentMediaType(bytes: Buffer): Promise<AttachmentMediaType | undefined> {
  const found = await fileTypeFromBuffer(bytes);
  return ATTACHMENT_MEDIA_TYPES.find((t) => t === found?.mime);
}

export const attachmentOf = (r: AttachmentRow): Attachment => ({
  name: r.name,
  attachmentId: r.id,
  attachmentSize: r.size,
  threadId: r.ticketId,
  isAgentAttachment: r.isAgentAttachment,
});

export type AttachmentView = { entryId: string | null; attachment: Attachment; mediaType: AttachmentMediaType; size: number };

export type AttachmentServiceDeps = {
  db: Db;
  clock: Clock;
  storage: AttachmentStorage;
  /** Every customer upload passes it; default: accepts all (the embedded set-up). */
  scanner?: VirusScanner;
};

/**
 * Files of ticket dialogs (issue 18 §3): a customer uploads first (entry_id null), a reply or a
 * ticket's attachmentFileReferences binds the upload later (`bind`, in the ticket core's
 * transaction). Another customer's ticket or file is "not found", never "forbidden".
 */
export function attachmentService(d: AttachmentServiceDeps) {
  const scanner = d.scanner ?? acceptAllScanner;
  const gone = () => new AppError(400, ATTACHMENT_MESSAGES.gone);

  /** The row and its bytes, together: in the caller's transaction, or in one of its own. */
  async function save(row: AttachmentRow, bytes: Buffer, tx: Db | undefined): Promise<void> {
    const write = async (w: Db) => {
      await d.storage.put(row.storageKey, bytes, w);
      await store(w).insert(row);
    };
    if (tx) return write(tx);
    try {
      await d.db.transaction(write);
    } catch (err) {
      // An object store is outside the transaction: take back what was put. (After a rollback of a
      // caller's transaction an object store keeps a blob no row names; housekeeping sweeps those.)
      await d.storage.delete(row.storageKey).catch(() => undefined);
      throw err;
    }
  }

  const rowOf = (sub: string, ticketId: string, entryId: string | null, name: string, bytes: Buffer, mediaType: AttachmentMediaType, isAgentAttachment: boolean): AttachmentRow => {
    const id = randomUUID();
    return {
      id,
      ticketId,
      sub,
      entryId,
      name: attachmentFileName(name, mediaType),
      size: bytes.length,
      mediaType,
      isAgentAttachment,
      storageKey: `tickets/${ticketId}/${id}`,
      createdAt: d.clock.now(),
    };
  };

  return {
    /**
     * A file for the dialog of the customer's ticket. Refused, with nothing stored: another's or no
     * ticket 404, a closed one 409, empty 400, over 9 MiB 413, not PDF/JPEG/PNG by its bytes 415,
     * infected 422.
     */
    async upload(sub: string, ticketId: string, file: { filename: string; bytes: Buffer }, opts: { isAgent?: boolean; entryId?: string; tx?: Db } = {}): Promise<Attachment> {
      const state = isUuid(ticketId) ? await store(opts.tx ?? d.db).ticketState(sub, ticketId) : undefined;
      if (!state) throw new AppError(404, ATTACHMENT_MESSAGES.ticketNotFound);
      if (state === 'CLOSED') throw new AppError(409, ATTACHMENT_MESSAGES.ticketClosed);
      const { bytes } = file;
      if (bytes.length === 0) throw new AppError(400, ATTACHMENT_MESSAGES.empty);
      if (bytes.length > UPLOAD_MAX_BYTES) throw new AppError(413, ATTACHMENT_MESSAGES.tooLarge);
      const mediaType = await attachmentMediaType(bytes);
      if (!mediaType) throw new AppError(415, ATTACHMENT_MESSAGES.wrongType);
      if ((await scanner.scan(bytes, file.filename)) !== 'clean') throw new AppError(422, ATTACHMENT_MESSAGES.infected);
      const row = rowOf(sub, ticketId, opts.entryId ?? null, file.filename, bytes, mediaType, opts.isAgent ?? false);
      await save(row, bytes, opts.tx);
      return attachmentOf(row);
    },

    /**
     * Binds the customer's uploads to an entry (a reply), inside the caller's transaction: each id
     * must be the customer's upload on this ticket, not yet bound. With entryId null (the ticket's
     * attachmentFileReferences) only ownership is checked. Otherwise a 400, and the caller's
     * transaction rolls back whatever was bound.
     */
    async bind(tx: Db, sub: string, ticketId: string, ids: string[], entryId: string | null): Promise<Attachment[]> {
      const unique = [...new Set(ids)];
      if (unique.length === 0) return [];
      if (!isUuid(ticketId) || !unique.every(isUuid)) throw gone();
      const rows = entryId === null ? await store(tx).ownUploads(sub, ticketId, unique) : await store(tx).bindToEntry(sub, ticketId, unique, entryId);
      if (rows.length !== unique.length) throw gone();
      const byId = new Map(rows.map((r) => [r.id, r]));
      return unique.map((id) => attachmentOf(byId.get(id)!));
    },

    /** Every file of a ticket, oldest first, with the entry it belongs to (null: not bound, or the ticket's attributes). */
    async listForTicket(db: Db, ticketId: string): Promise<AttachmentView[]> {
      if (!isUuid(ticketId)) return [];
      return (await store(db).ofTicket(ticketId)).map((r) => ({ entryId: r.entryId, attachment: attachmentOf(r), mediaType: r.mediaType as AttachmentMediaType, size: r.size }));
    },

    /** A file of the customer's ticket with its bytes; 404 for anything not the customer's. */
    async read(sub: string, ticketId: string, attachmentId: string): Promise<{ name: string; mediaType: AttachmentMediaType; bytes: Buffer }> {
      const row = isUuid(ticketId) && isUuid(attachmentId) ? await store(d.db).one(sub, ticketId, attachmentId) : undefined;
      const bytes = row && (await d.storage.get(row.storageKey));
      if (!row || !bytes) throw new AppError(404, ATTACHMENT_MESSAGES.fileNotFound);
      return { name: row.name, mediaType: row.mediaType as AttachmentMediaType, bytes };
    },

    /** The files of a discarded draft, through the storage, inside the discarding transaction. */
    async discardForTicket(tx: Db, ticketId: string): Promise<void> {
      for (const row of await store(tx).ofTicket(ticketId)) await d.storage.delete(row.storageKey, tx);
      await store(tx).deleteOfTicket(ticketId);
    },

    /** A file the (simulated) agent attaches to its entry, in the back office's transaction: Kontor's own, so not scanned. */
    async addAgentAttachment(tx: Db, a: { sub: string; ticketId: string; entryId: string; name: string; bytes: Buffer; mediaType: AttachmentMediaType }): Promise<Attachment> {
      const row = rowOf(a.sub, a.ticketId, a.entryId, a.name, a.bytes, a.mediaType, true);
      await save(row, a.bytes, tx);
      return attachmentOf(row);
    },
  };
}

export type AttachmentService = ReturnType<typeof attachmentService>;
