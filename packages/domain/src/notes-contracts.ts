import { z } from 'zod';
import { isinSchema } from './instrument';
import { typedText } from './text';

/**
 * Notizen (`/api/notes`): notices from Kontor, shown as banners on the pages they concern until the
 * customer dismisses them, and the customer's own notes on an instrument or a position.
 *
 * - GET    /api/notes                 ?isin → NotesList (notices not dismissed, own notes; with isin: those of that instrument)
 *   At most NOTES_PER_CUSTOMER own notes (409 beyond); another customer's note or notice id → 404.
 * - POST   /api/notes                 OwnNoteInput → 201 OwnNote
 * - PUT    /api/notes/:id             { text } → OwnNote
 * - DELETE /api/notes/:id             → 204
 * - POST   /api/notes/dismiss         { id } → 204 (a notice; dismissing twice is fine)
 */

/** The most characters a note may have. */
export const NOTE_MAX_LENGTH = 580;
/** The most own notes one customer keeps. */
export const NOTES_PER_CUSTOMER = 500;

/** The pages a notice from Kontor can concern (`ALL`: every page). */
export const NOTICE_PAGES = ['ALL', 'DEPOT', 'ORDERS', 'MONEY', 'SAVINGS_PLANS', 'POSTEINGANG', 'SETTINGS', 'CORPORATE_ACTIONS', 'TAX', 'INSTRUMENT'] as const;
export type NoticePage = (typeof NOTICE_PAGES)[number];
export const NOTICE_LEVELS = ['info', 'action'] as const;

export const noticeSchema = z.object({
  id: z.string(),
  /** The pages it shows on as a banner (one notice may concern several, e.g. settings and depot). */
  pages: z.array(z.enum(NOTICE_PAGES)).min(1),
  /** info: to know; action: the customer is asked to do something (link says where). */
  level: z.enum(NOTICE_LEVELS),
  title: z.string(),
  body: z.string(),
  /** A path in the app where the customer acts on it ("/einstellungen"), an https address outside it (the price list), or null. */
  link: z.string().nullable(),
  linkLabel: z.string().nullable(),
  /** INSTRUMENT notices: the instrument concerned. */
  isin: z.string().nullable(),
  date: z.iso.datetime({ offset: true }),
});
export type Notice = z.infer<typeof noticeSchema>;

export const NOTE_SUBJECTS = ['INSTRUMENT', 'POSITION'] as const;
export type NoteSubject = (typeof NOTE_SUBJECTS)[number];
export const ownNoteSchema = z.object({
  id: z.string(),
  subject: z.enum(NOTE_SUBJECTS),
  isin: z.string(),
  /** The instrument's name, for the list. */
  name: z.string(),
  text: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type OwnNote = z.infer<typeof ownNoteSchema>;

const noteText = typedText({ multiline: true })
  .trim()
  .min(1, 'Bitte schreiben Sie etwas in Ihre Notiz.')
  .max(NOTE_MAX_LENGTH, `Eine Notiz hat höchstens ${NOTE_MAX_LENGTH} Zeichen.`);
export const ownNoteInputSchema = z.object({ subject: z.enum(NOTE_SUBJECTS), isin: isinSchema, text: noteText });
export const ownNoteUpdateSchema = z.object({ text: noteText });
export const notesQuerySchema = z.object({ isin: isinSchema.optional() });
export const dismissNoticeSchema = z.object({ id: typedText().min(1).max(64) });

export const notesListSchema = z.object({ notices: z.array(noticeSchema), notes: z.array(ownNoteSchema) });
export type NotesList = z.infer<typeof notesListSchema>;
