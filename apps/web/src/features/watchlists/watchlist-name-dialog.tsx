import { useId, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { watchlistNameSchema } from '@kontor/domain/watchlists';
import { isApiError } from '../../lib/api-client';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { FormTextField } from '../../ui/form-text-field';
import { Notice } from '../../ui/notice';
import styles from './watchlists.module.css';

type Values = { name: string };

export type WatchlistNameDialogProps = {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  submitLabel: ReactNode;
  initialName?: string;
  /** Above the field, e.g. which instrument the new list starts with. */
  intro?: ReactNode;
  /** Saves the trimmed name; a thrown error is shown in the dialog, which then stays open. */
  onSubmit: (name: string) => Promise<unknown>;
};

/**
 * Asks for a watchlist's name (new list, rename) with the domain's rule (1–40 characters). Each
 * opening starts afresh from the current name (the form lives only while the dialog is open).
 */
export function WatchlistNameDialog(props: WatchlistNameDialogProps) {
  return props.isOpen ? <NameDialog {...props} /> : null;
}

function NameDialog({ isOpen, onOpenChange, title, submitLabel, initialName = '', intro, onSubmit }: WatchlistNameDialogProps) {
  const { t } = useTranslation();
  const formId = useId();
  const [error, setError] = useState<string | null>(null);
  const { control, handleSubmit, formState } = useForm<Values>({ defaultValues: { name: initialName }, mode: 'onSubmit' });

  const submit = handleSubmit(async ({ name }) => {
    setError(null);
    try {
      await onSubmit(watchlistNameSchema.parse(name));
      onOpenChange(false);
    } catch (caught) {
      setError(isApiError(caught) ? caught.message : t('errors.unknown'));
    }
  });

  return (
    <Dialog
      title={title}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      actions={
        <>
          <Button variant="secondary" onPress={() => onOpenChange(false)} isDisabled={formState.isSubmitting}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" form={formId} isPending={formState.isSubmitting}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <form id={formId} className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
        {error && <Notice tone="danger">{error}</Notice>}
        {intro && <p>{intro}</p>}
        <FormTextField
          control={control}
          name="name"
          rules={{
            validate: (value) => {
              const result = watchlistNameSchema.safeParse(value);
              return result.success || (result.error.issues[0]?.message ?? t('errors.unknown'));
            },
          }}
          label={t('watchlists.name')}
          description={t('watchlists.nameHint')}
          autoComplete="off"
          autoFocus
          isRequired
        />
      </form>
    </Dialog>
  );
}
