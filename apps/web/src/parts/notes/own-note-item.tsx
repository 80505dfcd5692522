import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { OwnNote } from '@kontor/domain/notes-contracts';
import { formatDateTime } from '../../lib/format';
import { useNoteMutations } from '../queries/notes';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/dialog';
import { NoteForm } from './note-form';
import styles from './notes.module.css';

/**
 * One own note: its text, when it was last changed, "Bearbeiten" (the text becomes a form in
 * place) and "Löschen" (after a confirmation). `heading` names what it is about, in a list.
 */
export function OwnNoteItem({ note, heading }: { note: OwnNote; heading?: ReactNode }) {
  const { t } = useTranslation();
  const { update, remove } = useNoteMutations();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  return (
    <article className={styles.note} data-note-id={note.id}>
      {heading}
      {editing ? (
        <NoteForm
          label={t('pages.notes.editLabel')}
          initialText={note.text}
          submitLabel={t('pages.notes.save')}
          autoFocus
          onCancel={() => setEditing(false)}
          onSubmit={async (text) => {
            await update.mutateAsync({ id: note.id, text });
            setEditing(false);
          }}
        />
      ) : (
        <>
          <p className={styles.text}>{note.text}</p>
          <div className={styles.meta}>
            <span>{t('pages.notes.changedAt', { date: formatDateTime(note.updatedAt) })}</span>
            <span className={styles.actions}>
              <Button variant="ghost" size="sm" onPress={() => setEditing(true)} aria-label={t('pages.notes.editFor', { name: note.name })}>
                {t('pages.notes.edit')}
              </Button>
              <Button variant="ghost" size="sm" onPress={() => setConfirming(true)} aria-label={t('pages.notes.deleteFor', { name: note.name })}>
                {t('pages.notes.delete')}
              </Button>
            </span>
          </div>
        </>
      )}
      <ConfirmDialog
        title={t('pages.notes.deleteTitle')}
        isOpen={confirming}
        onOpenChange={setConfirming}
        confirmLabel={t('pages.notes.delete')}
        tone="danger"
        isPending={remove.isPending}
        onConfirm={async () => {
          try {
            await remove.mutateAsync(note.id);
          } finally {
            setConfirming(false);
          }
        }}
      >
        {t('pages.notes.deleteText', { name: note.name })}
      </ConfirmDialog>
    </article>
  );
}
