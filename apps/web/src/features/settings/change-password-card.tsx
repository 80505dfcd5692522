import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { updatePassword } from 'aws-amplify/auth';
import { describeAuthError } from '../../lib/auth-errors';
import { useToast } from '../../lib/toasts';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { FormTextField } from '../../ui/form-text-field';
import { NewPasswordInput } from '../../ui/new-password-field';
import { Notice } from '../../ui/notice';
import styles from './settings.module.css';

type Values = { currentPassword: string; newPassword: string };

/** Einstellungen → Passwort ändern: the current password, and a new one that meets spec §5. */
export function ChangePasswordCard() {
  const { t } = useTranslation();
  const toast = useToast();
  const [error, setError] = useState<string | null>(null);
  const { control, handleSubmit, formState, reset, getValues } = useForm<Values>({
    defaultValues: { currentPassword: '', newPassword: '' },
    // On submit, then while typing: a message appearing on blur would shift the button under the pointer.
    mode: 'onSubmit',
  });

  const submit = handleSubmit(async ({ currentPassword, newPassword }) => {
    setError(null);
    try {
      await updatePassword({ oldPassword: currentPassword, newPassword });
      reset();
      toast.success(t('settings.password.changed'), { deleteOnRouteChange: true });
    } catch (caught) {
      const described = describeAuthError(caught, 'changePassword');
      if (described.kind === 'unknown') console.error('Password change failed', caught);
      setError(described.message);
    }
  });

  return (
    <Card title={t('settings.password.title')}>
      <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate aria-label={t('settings.password.title')}>
        {error && <Notice tone="danger">{error}</Notice>}
        <FormTextField
          control={control}
          name="currentPassword"
          rules={{ required: t('settings.password.currentRequired') }}
          label={t('settings.password.current')}
          type="password"
          autoComplete="current-password"
          isRequired
        />
        <NewPasswordInput
          control={control}
          name="newPassword"
          label={t('auth.fields.newPassword')}
          extraCheck={(value) => (value === getValues('currentPassword') ? t('settings.password.sameAsCurrent') : true)}
        />
        <div>
          <Button type="submit" isPending={formState.isSubmitting}>
            {t('settings.password.submit')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
