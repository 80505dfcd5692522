import { useTranslation } from 'react-i18next';
import type { NoteSubject } from '@kontor/domain/notes-contracts';
import { useNoteMutations, useNotes } from '../queries/notes';
import { useSubmissionKey } from '../../lib/submission-key';
import { Card } from '../../ui/card';
import { Dialog } from '../../ui/dialog';
import { RequestStateView } from '../../ui/request-state';
import { Skeleton } from '../../ui/skeleton';
import { NoteForm } from './note-form';
import { OwnNoteItem } from './own-note-item';

/** The customer's note on an instrument or a position, or a form to write one when there is none. */
export function OwnNoteEditor({ isin, subject }: { isin: string; subject: NoteSubject }) {
  const { t } = useTranslation();
  const notes = useNotes(isin);
  const { create } = useNoteMutations();
  // A retry after a lost answer must not write the note twice.
  const key = useSubmissionKey();
  return (
    <RequestStateView request={notes} errorMessage={t('pages.notes.loadError')} skeleton={<Skeleton height="5rem" />}>
      {(list) => {
        const mine = list.notes.filter((n) => n.subject === subject);
        if (mine.length > 0) return mine.map((note) => <OwnNoteItem key={note.id} note={note} />);
        return (
          <NoteForm
            label={t(subject === 'POSITION' ? 'pages.notes.writePositionLabel' : 'pages.notes.writeLabel')}
            submitLabel={t('pages.notes.save')}
            onSubmit={async (text) => {
              const note = await create.mutateAsync({ subject, isin, text, idempotencyKey: key.keyFor(`${subject}:${isin}:${text}`) });
              key.done();
              return note;
            }}
          />
        );
      }}
    </RequestStateView>
  );
}

/** "Meine Notiz" on the instrument page. */
export function OwnNoteCard({ isin, subject, title }: { isin: string; subject: NoteSubject; title?: string }) {
  const { t } = useTranslation();
  return (
    <Card title={title ?? t('pages.notes.myNote')}>
      <OwnNoteEditor isin={isin} subject={subject} />
    </Card>
  );
}

/** The note on a position of the depot, in a dialog (`position` null: closed). */
export function PositionNoteDialog({ position, onClose }: { position: { isin: string; name: string } | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog title={t('pages.notes.positionNoteTitle', { name: position?.name ?? '' })} isOpen={position !== null} onOpenChange={(open) => !open && onClose()} isDismissable>
      {position && <OwnNoteEditor isin={position.isin} subject="POSITION" />}
    </Dialog>
  );
}
