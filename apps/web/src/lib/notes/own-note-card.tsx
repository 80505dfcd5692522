import { useTranslation } from 'react-i18next';
import type { NoteSubject } from '@kontor/domain/notes-contracts';
import { useNoteMutations, useNotes } from '../queries/notes';
import { Card } from '../../ui/card';
import { RequestStateView } from '../../ui/request-state';
import { Skeleton } from '../../ui/skeleton';
import { NoteForm } from './note-form';
import { OwnNoteItem } from './own-note-item';

/**
 * "Meine Notiz": the customer's note on an instrument (instrument page) or a position (depot),
 * with a form to write one when there is none.
 */
export function OwnNoteCard({ isin, subject, title }: { isin: string; subject: NoteSubject; title?: string }) {
  const { t } = useTranslation();
  const notes = useNotes(isin);
  const { create } = useNoteMutations();
  return (
    <Card title={title ?? t('pages.notes.myNote')}>
      <RequestStateView request={notes} errorMessage={t('pages.notes.loadError')} skeleton={<Skeleton height="5rem" />}>
        {(list) => {
          const mine = list.notes.filter((n) => n.subject === subject);
          if (mine.length > 0) return mine.map((note) => <OwnNoteItem key={note.id} note={note} />);
          return (
            <NoteForm
              label={t('pages.notes.writeLabel')}
              submitLabel={t('pages.notes.save')}
              onSubmit={(text) => create.mutateAsync({ subject, isin, text })}
            />
          );
        }}
      </RequestStateView>
    </Card>
  );
}
