import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NOTE_MAX_LENGTH } from '@kontor/domain/notes-contracts';
import { isApiError } from '../../lib/api-client';
import { Button } from '../../ui/button';
import { TextAreaField } from '../../ui/text-area-field';
import styles from './notes.module.css';

export type NoteFormProps = {
  label: string;
  initialText?: string;
  submitLabel: string;
  /** Saves the text; a rejection shows its message under the field. */
  onSubmit: (text: string) => Promise<unknown>;
  onCancel?: () => void;
  autoFocus?: boolean;
};

/** Writing or editing a note: at most NOTE_MAX_LENGTH characters, with a counter "x/580". */
export function NoteForm({ label, initialText = '', submitLabel, onSubmit, onCancel, autoFocus }: NoteFormProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(initialText);
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);
  const empty = text.trim().length === 0;

  const submit = async () => {
    if (empty) {
      setError(t('pages.notes.emptyError'));
      return;
    }
    setPending(true);
    setError(undefined);
    try {
      await onSubmit(text.trim());
    } catch (e) {
      setError(isApiError(e) ? e.message : t('pages.notes.saveError'));
    } finally {
      setPending(false);
    }
  };

  return (
    <form
      className={styles.form}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <TextAreaField
        label={label}
        value={text}
        onChange={(value) => {
          setText(value);
          if (error) setError(undefined);
        }}
        maxLength={NOTE_MAX_LENGTH}
        autoFocus={autoFocus}
        errorMessage={error}
        description={
          <span data-note-counter="">
            {t('pages.notes.counter', { count: text.length, max: NOTE_MAX_LENGTH })}
          </span>
        }
      />
      <div className={styles.formActions}>
        {onCancel && (
          <Button variant="secondary" size="sm" onPress={onCancel} isDisabled={pending}>
            {t('common.cancel')}
          </Button>
        )}
        {/* Disabled with its own words rather than isPending: react-aria's pending announcement
            outlives a button that leaves the page on success (an image without name for axe). */}
        <Button type="submit" size="sm" isDisabled={pending}>
          {pending ? t('pages.notes.saving') : submitLabel}
        </Button>
      </div>
    </form>
  );
}
