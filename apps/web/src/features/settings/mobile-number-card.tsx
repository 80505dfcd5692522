import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-aria-components';
import { confirmUserAttribute, fetchUserAttributes, sendUserAttributeVerificationCode } from 'aws-amplify/auth';
import { isApiError } from '../../lib/api-client';
import { useAuth, useCustomer } from '../../lib/auth';
import { newTicketPath } from '../../lib/paths';
import { authErrorMessage, describeAuthError } from '../../lib/auth-errors';
import { useToast } from '../../lib/toasts';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { CodeField } from '../../ui/code-field';
import { Notice } from '../../ui/notice';
import { Skeleton } from '../../ui/skeleton';
import { maskPhoneNumber } from './mfa-card';
import styles from './settings.module.css';

/** The customer's attributes as the user pool has them: /api/user/me does not say whether the number is verified. */
const ATTRIBUTES_KEY = ['identity', 'attributes'] as const;

/** A failed API call says its own German message; anything else comes from the identity client. */
const messageOf = (caught: unknown) => (isApiError(caught) ? caught.message : authErrorMessage(caught, 'settings'));

/**
 * Einstellungen → Mobilnummer für TANs. TANs go by SMS only to a verified phone_number: an
 * unconfirmed number is confirmed here with a code sent to it. Adding or changing a number is a
 * service request with a TAN (the pool does not let the app write it).
 */
export function MobileNumberCard() {
  const { t } = useTranslation();
  const customer = useCustomer();
  const attributes = useQuery({ queryKey: ATTRIBUTES_KEY, queryFn: () => fetchUserAttributes(), retry: 1 });
  const phone = attributes.data ? (attributes.data.phone_number ?? null) : customer.phoneNumber;
  const verified = attributes.data?.phone_number_verified === 'true';

  return (
    <Card title={t('settings.mobile.title')}>
      <div className={styles.stack}>
        {attributes.isPending ? (
          <div role="status" aria-busy="true" className={styles.stack}>
            <span className="visually-hidden">{t('common.loading')}</span>
            <Skeleton height="2.5rem" />
            <Skeleton height="4rem" />
          </div>
        ) : attributes.isError ? (
          <>
            <Notice tone="danger">{messageOf(attributes.error)}</Notice>
            <div>
              <Button variant="secondary" size="sm" isPending={attributes.isFetching} onPress={() => void attributes.refetch()}>
                {t('common.retry')}
              </Button>
            </div>
          </>
        ) : (
          <>
            <dl className={`${styles.facts} ${styles.single}`}>
              <div>
                <dt>{t('settings.mobile.current')}</dt>
                <dd className={styles.number} data-mobile-number>
                  {phone ? (
                    <>
                      {maskPhoneNumber(phone)}
                      {verified ? <Badge tone="success">{t('settings.mobile.verified')}</Badge> : <Badge tone="warning">{t('settings.mobile.unverified')}</Badge>}
                    </>
                  ) : (
                    t('settings.profile.none')
                  )}
                </dd>
              </div>
            </dl>
            {verified ? (
              <p className={styles.muted}>
                {t('settings.mobile.changeByService')}{' '}
                <Link href={newTicketPath('MOBILE_NUMBER')} className={styles.quietLink} data-change-type="MOBILE_NUMBER">
                  {t('settings.mobile.changeLink')}
                </Link>
              </p>
            ) : (
              <>
                <p className={styles.muted}>{t('settings.mobile.why')}</p>
                <MobileNumberForm current={phone} />
              </>
            )}
          </>
        )}
      </div>
    </Card>
  );
}

/**
 * "Mobilnummer bestätigen": the number Kontor keeps (from the account opening or a service
 * request) is confirmed with a code sent to it. The app cannot write the number itself: a number
 * is added or changed only by the service request, confirmed by TAN.
 */
function MobileNumberForm({ current }: { current: string | null }) {
  const { t } = useTranslation();
  const [sent, setSent] = useState(false);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!current) {
    return (
      <p className={styles.muted}>
        {t('settings.mobile.addByService')}{' '}
        <Link href={newTicketPath('MOBILE_NUMBER')} className={styles.quietLink} data-change-type="MOBILE_NUMBER">
          {t('settings.mobile.addLink')}
        </Link>
      </p>
    );
  }
  if (sent) return <CodeStep e164={current} />;
  const send = async () => {
    setError(null);
    setSending(true);
    try {
      await sendUserAttributeVerificationCode({ userAttributeKey: 'phone_number' });
      setSent(true);
    } catch (caught) {
      setError(messageOf(caught));
    } finally {
      setSending(false);
    }
  };
  return (
    <div className={styles.form}>
      <h3 className={styles.subheading}>{t('settings.mobile.formTitle')}</h3>
      {error && <Notice tone="danger">{error}</Notice>}
      <div>
        <Button isPending={sending} onPress={() => void send()}>
          {t('settings.mobile.submit')}
        </Button>
      </div>
    </div>
  );
}

function CodeStep({ e164 }: { e164: string }) {
  const { t } = useTranslation();
  const auth = useAuth();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<{ tone: 'danger' | 'success'; text: string } | null>(null);
  const [resending, setResending] = useState(false);
  const form = useForm<{ code: string }>({ defaultValues: { code: '' }, mode: 'onSubmit' });

  const submit = form.handleSubmit(async ({ code }) => {
    setNotice(null);
    try {
      await confirmUserAttribute({ userAttributeKey: 'phone_number', confirmationCode: code.replace(/\s+/g, '') });
    } catch (caught) {
      const described = describeAuthError(caught, 'settings');
      if (described.field === 'code') form.setError('code', { type: 'server', message: described.message }, { shouldFocus: true });
      else setNotice({ tone: 'danger', text: described.message });
      return;
    }
    toast.success(t('settings.mobile.confirmed'), { deleteOnRouteChange: true });
    // The card turns to "bestätigt" once the pool's attributes are read again; the profile shows the new number.
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: ATTRIBUTES_KEY }),
      auth.reloadCustomer().catch((caught: unknown) => console.warn('Customer could not be reloaded', caught)),
    ]);
  });

  const resend = async () => {
    setNotice(null);
    setResending(true);
    try {
      await sendUserAttributeVerificationCode({ userAttributeKey: 'phone_number' });
      form.resetField('code');
      setNotice({ tone: 'success', text: t('settings.mobile.resent') });
    } catch (caught) {
      setNotice({ tone: 'danger', text: authErrorMessage(caught, 'settings') });
    } finally {
      setResending(false);
    }
  };

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate aria-label={t('settings.mobile.codeTitle')}>
      <h3 className={styles.subheading}>{t('settings.mobile.codeTitle')}</h3>
      <p>{t('settings.mobile.codeSent', { phone: maskPhoneNumber(e164) })}</p>
      {notice && <Notice tone={notice.tone}>{notice.text}</Notice>}
      <CodeField control={form.control} name="code" label={t('auth.code.smsLabel')} autoFocus />
      <div className={styles.methodActions}>
        <Button type="submit" isPending={form.formState.isSubmitting}>
          {t('settings.mobile.confirm')}
        </Button>
        <Button variant="secondary" isPending={resending} isDisabled={form.formState.isSubmitting} onPress={() => void resend()}>
          {t('settings.mobile.resend')}
        </Button>
      </div>
    </form>
  );
}
