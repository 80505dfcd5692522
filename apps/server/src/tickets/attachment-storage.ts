import { eq, sql } from 'drizzle-orm';
import { type Clock, systemClock } from '../platform/clock.ts';
import type { Db } from '../platform/db.ts';
import { ticketAttachmentBlobs } from './tables.ts';

/**
 * Where the bytes of ticket attachments live (issue 18 §3): embedded, the database; in production
 * an object store (S3-compatible bucket, key = the attachment's storage key) by configuration.
 *
 * `tx`: a storage that lives in the database writes in the caller's transaction, so a refused or
 * rolled-back upload leaves no blob (on PGlite a second connection would also wait for the open
 * transaction forever). An object store ignores it; the service deletes what it put when the
 * transaction fails.
 */
export interface AttachmentStorage {
  put(key: string, bytes: Buffer, tx?: Db): Promise<void>;
  get(key: string): Promise<Buffer | undefined>;
  delete(key: string, tx?: Db): Promise<void>;
}

/**
 * The embedded default: table ticket_attachment_blobs. Putting a key twice keeps the first bytes.
 * The clock only stamps the blob (housekeeping), so it may be left out. The bytes travel as base64
 * text: PGlite takes and gives a 9 MiB bytea parameter in about 10 s, as base64 in half a second.
 */
export function databaseAttachmentStorage(db: Db, clock: Clock = systemClock): AttachmentStorage {
  return {
    async put(key, bytes, tx = db) {
      await tx
        .insert(ticketAttachmentBlobs)
        .values({ key, bytes: sql`decode(${bytes.toString('base64')}, 'base64')`, createdAt: clock.now() })
        .onConflictDoNothing();
    },
    async get(key) {
      const [row] = await db
        .select({ base64: sql<string>`encode(${ticketAttachmentBlobs.bytes}, 'base64')` })
        .from(ticketAttachmentBlobs)
        .where(eq(ticketAttachmentBlobs.key, key))
        .limit(1);
      // Postgres breaks base64 into lines; Buffer.from skips the line breaks.
      return row ? Buffer.from(row.base64, 'base64') : undefined;
    },
    async delete(key, tx = db) {
      await tx.delete(ticketAttachmentBlobs).where(eq(ticketAttachmentBlobs.key, key));
    },
  };
}

/**
 * The virus-scan hook: every customer upload passes it before anything is stored. Production plugs
 * in a ClamAV (clamd INSTREAM) or ICAP scanner by configuration; the embedded default accepts all.
 */
export interface VirusScanner {
  scan(bytes: Buffer, name: string): Promise<'clean' | 'infected'>;
}

export const acceptAllScanner: VirusScanner = { scan: async () => 'clean' };
