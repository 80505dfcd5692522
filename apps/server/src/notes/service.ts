import { randomUUID } from 'node:crypto';
import { NOTES_PER_CUSTOMER, type Notice, type NoticePage, type NotesList, type OwnNote } from '@kontor/domain/notes-contracts';
import type { Clock } from '../platform/clock.ts';
import type { Db } from '../platform/db.ts';
import { AppError, notFound } from '../platform/errors.ts';
import { fingerprintOf, idempotent, type IdempotentResult } from '../platform/idempotency.ts';
import { kontorNotices } from './kontor-notices.ts';
import type { NoticeRow, NotesStore, OwnNoteRow } from './store.ts';


const NOTE_NOT_FOUND = 'Diese Notiz gibt es nicht.';
const NOTICE_NOT_FOUND = 'Diesen Hinweis gibt es nicht.';

/** What another area gives to tell one customer (or everyone) something on a page. */
export type NoticeToIssue = {
  /** A business key makes issuing idempotent (e.g. `weisung:<event>:<sub>`); a uuid otherwise. */
  id?: string;
  pages: NoticePage[];
  level: Notice['level'];
  title: string;
  body: string;
  link?: string | null;
  linkLabel?: string | null;
  isin?: string | null;
  validFrom?: Date;
  validTo?: Date | null;
  /** The one customer it is for; omitted: every customer. */
  sub?: string | null;
};

const noticeOf = (r: NoticeRow): Notice => ({
  id: r.id,
  pages: r.pages as NoticePage[],
  level: r.level as Notice['level'],
  title: r.title,
  body: r.body,
  link: r.link,
  linkLabel: r.linkLabel,
  isin: r.isin,
  date: r.validFrom.toISOString(),
});

/**
 * Notizen: notices from Kontor and the customer's own notes. Another customer's note or notice is
 * "not found", never "forbidden".
 */
export function notesService(deps: {
  db: Db;
  store: NotesStore;
  clock: Clock;
  instrumentName: (isin: string) => Promise<string | undefined>;
  /** Kontor's notices that no longer concern the customer (e.g. the Steuer-ID one once a tax ID is on file). */
  settledNotices?: (sub: string) => Promise<string[]>;
}) {
  const { store, clock } = deps;
  const noteOf = (r: OwnNoteRow, name: string): OwnNote => ({
    id: r.id,
    subject: r.subject as OwnNote['subject'],
    isin: r.isin,
    name,
    text: r.text,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  });
  const named = async (rows: OwnNoteRow[]): Promise<OwnNote[]> => {
    const isins = [...new Set(rows.map((r) => r.isin))];
    const names = new Map(await Promise.all(isins.map(async (isin) => [isin, (await deps.instrumentName(isin)) ?? isin] as const)));
    return rows.map((r) => noteOf(r, names.get(r.isin) ?? r.isin));
  };

  return {
    async list(sub: string, isin?: string): Promise<NotesList> {
      const [open, notes, settled] = await Promise.all([
        store.openNotices(sub, clock.now(), isin),
        store.notesOf(sub, isin),
        deps.settledNotices?.(sub) ?? ([] as string[]),
      ]);
      return { notices: open.filter((n) => !settled.includes(n.id)).map(noticeOf), notes: await named(notes) };
    },
    async dismiss(sub: string, id: string): Promise<void> {
      const now = clock.now();
      if (!(await store.canSee(sub, id, now))) throw notFound(NOTICE_NOT_FOUND);
      await store.dismiss(sub, id, now);
    },
    /** Writes a note; with an Idempotency-Key a repeat gives the first answer and writes nothing. */
    async create(sub: string, input: { subject: OwnNote['subject']; isin: string; text: string }, key?: string): Promise<IdempotentResult<OwnNote>> {
      const name = await deps.instrumentName(input.isin);
      if (!name) throw notFound('Dieses Wertpapier ist nicht bekannt.');
      const write = async (tx: Db) => {
        const row = await store.createUnlessFull({ sub, ...input, at: clock.now() }, NOTES_PER_CUSTOMER, tx);
        if (!row) throw new AppError(409, `Sie können höchstens ${NOTES_PER_CUSTOMER} Notizen anlegen. Bitte löschen Sie zuerst eine.`);
        return { statusCode: 201, body: noteOf(row, name) };
      };
      if (!key) return { ...(await write(deps.db)), replayed: false };
      return idempotent(deps.db, { sub, key, fingerprint: fingerprintOf('POST /api/notes', input), at: clock.now() }, write);
    },
    async update(sub: string, id: string, text: string): Promise<OwnNote> {
      const row = await store.update(sub, id, text, clock.now());
      if (!row) throw notFound(NOTE_NOT_FOUND);
      return (await named([row]))[0]!;
    },
    async remove(sub: string, id: string): Promise<void> {
      if (!(await store.remove(sub, id))) throw notFound(NOTE_NOT_FOUND);
    },
    /** For other areas (corporate actions, settings): tell a customer something on a page. Returns its id. */
    async issue(n: NoticeToIssue): Promise<string> {
      const id = n.id ?? randomUUID();
      await store.issue([
        {
          id,
          pages: n.pages,
          level: n.level,
          title: n.title,
          body: n.body,
          link: n.link ?? null,
          linkLabel: n.linkLabel ?? null,
          isin: n.isin ?? null,
          validFrom: n.validFrom ?? clock.now(),
          validTo: n.validTo ?? null,
          audienceSub: n.sub ?? null,
        },
      ]);
      return id;
    },
    /** Kontor's own notices for everyone; run at every start, adds only what is missing. */
    seedKontorNotices: (priceListUrl: string) => store.issue(kontorNotices(clock.now(), priceListUrl)),
  };
}
export type NotesService = ReturnType<typeof notesService>;
