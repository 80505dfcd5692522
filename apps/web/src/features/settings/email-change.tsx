import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldErrorMap } from '@kontor/domain/backend-error';
import type { EmailChange } from '@kontor/domain/customer-settings-contracts';
import { emailChangeEndpoints as email } from '@kontor/domain/endpoints/email-change';
import { api, isApiError } from '../../lib/api-client';
import { useAuth } from '../../lib/auth';
import { AuthoriseDialog } from '../../parts/authorisation/authorise-dialog';
import { useToast } from '../../lib/toasts';
import { Button } from '../../ui/button';
import { CodeField } from '../../ui/code-field';
import { FormTextField } from '../../ui/form-text-field';
import { Notice } from '../../ui/notice';
import styles from './settings.module.css';

const EMAIL_KEY = ['user', 'email'] as const;

// Each step shows its error where the customer is.
const quiet = { skipGlobalErrorHandler: true } as const;

/**
 * Change of the e-mail address, which is also the sign-in name: the new address, the TAN
 * (authorisation kind EMAIL), then the code sent to the new address. A change that waits shows here
 * until it is confirmed or cancelled.
 */
export function EmailChangeSection() {
  const { t } = useTranslation();
  const setting = useQuery({
    queryKey: EMAIL_KEY,
    queryFn: ({ signal }) => api.call(email.current, { signal, ...quiet }),
  });
  const [asking, setAsking] = useState(false);
  const pending = setting.data?.pending ?? null;

  if (setting.isPending) return null;
  if (pending) return <PendingChange change={pending} />;
  if (!asking) {
    return (
      <div>
        <Button variant="secondary" size="sm" onPress={() => setAsking(true)} data-email-change>
          {t('settings.email.change')}
        </Button>
      </div>
    );
  }
  return <NewAddressForm onCancel={() => setAsking(false)} />;
}

function NewAddressForm({ onCancel }: { onCancel: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<{ newEmail: string }>({ defaultValues: { newEmail: '' }, mode: 'onSubmit' });
  const submit = form.handleSubmit(async ({ newEmail }) => {
    setError(null);
    try {
      const change = await api.call(email.start, { body: { newEmail }, ...quiet });
      client.setQueryData(EMAIL_KEY, (old: { email: string | null } | undefined) => ({ email: old?.email ?? null, pending: change }));
    } catch (caught) {
      const field = isApiError(caught) ? fieldErrorMap(caught.backendError.errors).newEmail : undefined;
      if (field) form.setError('newEmail', { type: 'server', message: field }, { shouldFocus: true });
      else setError(isApiError(caught) ? caught.message : t('settings.email.error'));
    }
  });
  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate aria-label={t('settings.email.formTitle')}>
      <h3 className={styles.subheading}>{t('settings.email.formTitle')}</h3>
      {error && <Notice tone="danger">{error}</Notice>}
      <FormTextField
        control={form.control}
        name="newEmail"
        rules={{ required: t('settings.email.required') }}
        label={t('settings.email.newLabel')}
        description={t('settings.email.newHint')}
        type="email"
        autoComplete="email"
        maxLength={128}
        isRequired
        autoFocus
      />
      <div className={styles.methodActions}>
        <Button type="submit" isPending={form.formState.isSubmitting}>
          {t('settings.email.next')}
        </Button>
        <Button variant="ghost" isDisabled={form.formState.isSubmitting} onPress={onCancel}>
          {t('common.cancel')}
        </Button>
      </div>
    </form>
  );
}

function PendingChange({ change }: { change: EmailChange }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const auth = useAuth();
  const toast = useToast();
  const [dialog, setDialog] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const form = useForm<{ code: string }>({ defaultValues: { code: '' }, mode: 'onSubmit' });
  const refresh = () => client.invalidateQueries({ queryKey: EMAIL_KEY });
  const put = (next: EmailChange) => client.setQueryData(EMAIL_KEY, (old: { email: string | null } | undefined) => ({ email: old?.email ?? null, pending: next }));
  const cancel = useMutation({ mutationFn: () => api.call(email.cancel, { params: { id: change.id }, ...quiet }), onSettled: refresh });

  const confirm = form.handleSubmit(async ({ code }) => {
    setNotice(null);
    try {
      await api.call(email.confirm, { params: { id: change.id }, body: { code: code.replace(/\s+/g, '') }, ...quiet });
    } catch (caught) {
      const message = isApiError(caught) ? caught.message : t('settings.email.error');
      if (isApiError(caught) && caught.status === 422) form.setError('code', { type: 'server', message }, { shouldFocus: true });
      else {
        setNotice(message);
        await refresh();
      }
      return;
    }
    toast.success(t('settings.email.done', { email: change.newEmail }), { deleteOnRouteChange: true });
    await Promise.all([refresh(), auth.reloadCustomer().catch((caught: unknown) => console.warn('Customer could not be reloaded', caught))]);
  });

  return (
    <div className={styles.form} data-email-pending={change.state}>
      <h3 className={styles.subheading}>{t('settings.email.pendingTitle')}</h3>
      {notice && <Notice tone="danger">{notice}</Notice>}
      {change.state === 'AUTHORISE' ? (
        <>
          <p>{t('settings.email.authoriseText', { email: change.newEmail })}</p>
          <div className={styles.methodActions}>
            <Button onPress={() => setDialog(true)}>{t('settings.email.authorise')}</Button>
            <Button variant="ghost" isPending={cancel.isPending} onPress={() => cancel.mutate()}>
              {t('settings.email.cancel')}
            </Button>
          </div>
          <AuthoriseDialog
            isOpen={dialog}
            onOpenChange={setDialog}
            title={t('settings.email.authoriseTitle')}
            payload={{ type: 'EMAIL', requestId: change.id }}
            details={<p>{t('settings.email.authoriseDetails', { email: change.newEmail })}</p>}
            onAuthorised={async (authorisation) => {
              put(await api.call(email.authorise, { params: { id: change.id }, body: { authorisation }, ...quiet }));
            }}
          />
        </>
      ) : (
        <form className={styles.form} onSubmit={(event) => void confirm(event)} noValidate aria-label={t('settings.email.codeTitle')}>
          <p>{t('settings.email.codeSent', { email: change.newEmail })}</p>
          <CodeField control={form.control} name="code" label={t('settings.email.codeLabel')} autoFocus />
          <div className={styles.methodActions}>
            <Button type="submit" isPending={form.formState.isSubmitting}>
              {t('settings.email.confirm')}
            </Button>
            <Button variant="ghost" isPending={cancel.isPending} isDisabled={form.formState.isSubmitting} onPress={() => cancel.mutate()}>
              {t('settings.email.cancel')}
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
