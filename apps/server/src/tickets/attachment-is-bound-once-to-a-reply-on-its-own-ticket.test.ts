import { randomUUID } from 'node:crypto';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../test/test-app.ts';
import { insertTicket, pdfBytes, PNG_BYTES } from '../../test/ticket-kit.ts';
import { ManualClock } from '../platform/clock.ts';
import type { Database } from '../platform/db.ts';
import { databaseAttachmentStorage } from './attachment-storage.ts';
import { attachmentService, type AttachmentService } from './attachments.ts';
import { ticketAttachmentBlobs, ticketAttachments } from './tables.ts';

let database: Database;
let service: AttachmentService;
const clock = new ManualClock('2026-11-23T09:00:00Z');
const anna = randomUUID();
const ben = randomUUID();
beforeAll(async () => {
  database = await freshDatabase();
  service = attachmentService({ db: database.db, clock, storage: databaseAttachmentStorage(database.db, clock) });
});
afterAll(() => database?.close());

const stored = async () => [
  (await database.db.select({ n: count() }).from(ticketAttachments))[0]!.n,
  (await database.db.select({ n: count() }).from(ticketAttachmentBlobs))[0]!.n,
];
const pdf = { filename: 'scan.pdf', bytes: pdfBytes() };
/** `bind` in a transaction of its own, as the ticket core calls it inside its own. */
const bind = (sub: string, ticketId: string, ids: string[], entryId: string | null) => database.db.transaction((tx) => service.bind(tx, sub, ticketId, ids, entryId));

describe('binding uploads to a reply', () => {
  it('binds the customer’s own unbound uploads once; a repeat, another’s file or another ticket’s is a 400 that binds nothing', async () => {
    const ticket = await insertTicket(database.db, anna);
    const other = await insertTicket(database.db, anna);
    const bens = await insertTicket(database.db, ben);
    const first = await service.upload(anna, ticket, pdf);
    clock.advance(1000);
    const second = await service.upload(anna, ticket, { filename: 'foto.png', bytes: PNG_BYTES });
    const elsewhere = await service.upload(anna, other, pdf);
    const bensFile = await service.upload(ben, bens, pdf);
    const reply = randomUUID();

    // Ownership only (the ticket's attachmentFileReferences): nothing is bound.
    expect(await bind(anna, ticket, [first.attachmentId], null)).toEqual([first]);
    await expect(bind(anna, ticket, [bensFile.attachmentId], null)).rejects.toMatchObject({ status: 400, message: 'Eine angehängte Datei gibt es nicht (mehr).' });

    // One bad id among good ones: the whole binding is refused, the good ones stay unbound.
    for (const bad of [elsewhere.attachmentId, bensFile.attachmentId, randomUUID(), 'keine-id']) {
      await expect(bind(anna, ticket, [first.attachmentId, bad], reply)).rejects.toMatchObject({ status: 400 });
    }
    expect((await service.listForTicket(database.db, ticket)).map((v) => v.entryId)).toEqual([null, null]);

    expect(await bind(anna, ticket, [second.attachmentId, first.attachmentId, first.attachmentId], reply)).toEqual([second, first]);
    await expect(bind(anna, ticket, [first.attachmentId], randomUUID())).rejects.toMatchObject({ status: 400 });
    expect(await bind(anna, ticket, [], randomUUID())).toEqual([]);

    expect(await service.listForTicket(database.db, ticket)).toEqual([
      { entryId: reply, attachment: first, mediaType: 'application/pdf', size: pdf.bytes.length },
      { entryId: reply, attachment: second, mediaType: 'image/png', size: PNG_BYTES.length },
    ]);
  });

  it('lists an agent’s attachment with its entry and isAgentAttachment; only the ticket’s customer reads it', async () => {
    const ticket = await insertTicket(database.db, anna);
    const entryId = randomUUID();
    const bytes = pdfBytes();
    const agents = await database.db.transaction((tx) =>
      service.addAgentAttachment(tx, { sub: anna, ticketId: ticket, entryId, name: 'Merkblatt Ausweis.pdf', bytes, mediaType: 'application/pdf' }),
    );
    expect(agents).toMatchObject({ name: 'Merkblatt Ausweis.pdf', threadId: ticket, isAgentAttachment: true, attachmentSize: bytes.length });
    expect(await service.listForTicket(database.db, ticket)).toEqual([{ entryId, attachment: agents, mediaType: 'application/pdf', size: bytes.length }]);
    expect(await service.read(anna, ticket, agents.attachmentId)).toEqual({ name: 'Merkblatt Ausweis.pdf', mediaType: 'application/pdf', bytes });
    await expect(service.read(ben, ticket, agents.attachmentId)).rejects.toMatchObject({ status: 404 });
    await expect(service.read(anna, randomUUID(), agents.attachmentId)).rejects.toMatchObject({ status: 404 });
    // The customer cannot pass an agent's file off as an own upload.
    await expect(bind(anna, ticket, [agents.attachmentId], randomUUID())).rejects.toMatchObject({ status: 400 });
  });
});

describe('the virus-scan hook', () => {
  it('refuses a file the scanner finds infected with 422 and stores nothing', async () => {
    const scanned: string[] = [];
    const strict = attachmentService({
      db: database.db,
      clock,
      storage: databaseAttachmentStorage(database.db, clock),
      scanner: { scan: async (bytes, name) => (scanned.push(name), bytes.includes('EICAR') ? 'infected' : 'clean') },
    });
    const ticket = await insertTicket(database.db, anna);
    const before = await stored();
    const infected = Buffer.concat([pdfBytes(), Buffer.from('%EICAR-STANDARD-ANTIVIRUS-TEST-FILE\n')]);
    await expect(strict.upload(anna, ticket, { filename: 'rechnung.pdf', bytes: infected })).rejects.toMatchObject({ status: 422 });
    expect(await stored()).toEqual(before);
    expect(scanned).toEqual(['rechnung.pdf']);
    await expect(strict.upload(anna, ticket, pdf)).resolves.toMatchObject({ name: 'scan.pdf' });
  });
});
