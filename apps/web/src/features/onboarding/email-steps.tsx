import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { fieldErrorMap, type FieldError } from '@kontor/domain/backend-error';
import type { OnboardingApplication } from '@kontor/domain/onboarding-contracts';
import { isApiError } from '../../lib/api-client';
import { Button } from '../../ui/button';
import { CodeField } from '../../ui/code-field';
import { EmailField } from '../../ui/email-field';
import { Notice, type NoticeTone } from '../../ui/notice';
import { confirmRegistration, resendConfirmationMail, startOnboarding, type PendingCode } from './onboarding-api';
import { StepFrame } from './step-frame';
import styles from './onboarding.module.css';

/** The message of a failed call; without a connection the customer is told so. */
export function failureText(error: unknown, t: (key: string) => string): string {
  if (isApiError(error)) return error.status === 0 ? t('onboarding.errors.network') : error.message;
  return t('onboarding.errors.unexpected');
}

/**
 * Step 1: the e-mail address. A new customer and one who has started before take the same way:
 * the code to the address opens the application of that address, new or open.
 */
export function EmailStep({
  defaultEmail,
  notice,
  onSent,
  sendAtOnce = false,
}: {
  defaultEmail: string;
  notice?: string | null;
  onSent: (pending: PendingCode) => void;
  /** The sign-in found this address unconfirmed: the code goes out at once, on to the code screen. */
  sendAtOnce?: boolean;
}) {
  const { t } = useTranslation();
  const [resuming, setResuming] = useState(false);
  const [error, setError] = useState<{ text: string; exists: boolean } | null>(null);
  const { control, handleSubmit, formState, setFocus } = useForm<{ email: string }>({ defaultValues: { email: defaultEmail }, mode: 'onSubmit' });

  const submit = handleSubmit(async ({ email }) => {
    setError(null);
    try {
      const sent = await startOnboarding(email);
      onSent({ applicationId: sent.applicationId, email, destination: sent.destination });
    } catch (caught) {
      setError({ text: failureText(caught, t), exists: isApiError(caught) && caught.status === 409 });
    }
  });
  const sentAtOnce = useRef(false);
  useEffect(() => {
    // Once: a second request would send a second code.
    if (!sendAtOnce || !defaultEmail || sentAtOnce.current) return;
    sentAtOnce.current = true;
    void submit();
  }, [sendAtOnce, defaultEmail, submit]);

  return (
    <StepFrame
      step="email"
      title={resuming ? t('onboarding.email.resumeTitle') : t('onboarding.email.title')}
      intro={resuming ? t('onboarding.email.resumeIntro') : t('onboarding.email.intro')}
      error={
        error && (
          <>
            {error.text}
            {error.exists && (
              <>
                {' '}
                <Link to="/anmelden">{t('onboarding.email.toSignIn')}</Link>
              </>
            )}
          </>
        )
      }
      onSubmit={(event) => void submit(event)}
      submitLabel={t('onboarding.email.submit')}
      submitting={formState.isSubmitting}
      footer={
        !resuming && (
          <p className={styles.resume}>
            <span>{t('onboarding.email.startedBefore')}</span>{' '}
            <Button
              variant="ghost"
              size="sm"
              onPress={() => {
                setResuming(true);
                setFocus('email');
              }}
            >
              {t('onboarding.email.resume')}
            </Button>
          </p>
        )
      }
    >
      {notice && <Notice tone="info">{notice}</Notice>}
      <EmailField control={control} name="email" autoComplete="email" />
    </StepFrame>
  );
}

/** Step 1, second half: the 6-digit code from the e-mail; the answer carries the application token. */
export function CodeStep({
  pending,
  onConfirmed,
  onBack,
}: {
  pending: PendingCode;
  onConfirmed: (token: string, application: OnboardingApplication) => void;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const [notice, setNotice] = useState<{ tone: NoticeTone; text: string } | null>(null);
  const [resending, setResending] = useState(false);
  const { control, handleSubmit, formState, setError } = useForm<{ code: string }>({ defaultValues: { code: '' }, mode: 'onSubmit' });

  const submit = handleSubmit(async ({ code }) => {
    setNotice(null);
    try {
      const confirmed = await confirmRegistration(pending.applicationId, code.replace(/\s+/g, ''));
      onConfirmed(confirmed.token, confirmed.application);
    } catch (caught) {
      const fieldMessage = isApiError(caught) && caught.status === 400 ? codeMessage(caught.backendError.errors) : null;
      if (fieldMessage) setError('code', { type: 'server', message: fieldMessage }, { shouldFocus: true });
      else setNotice({ tone: 'danger', text: failureText(caught, t) });
    }
  });

  const resend = async () => {
    setResending(true);
    setNotice(null);
    try {
      const sent = await resendConfirmationMail(pending.applicationId);
      setNotice({ tone: 'success', text: t('onboarding.code.resent', { destination: sent.destination }) });
    } catch (caught) {
      setNotice({ tone: 'danger', text: failureText(caught, t) });
    } finally {
      setResending(false);
    }
  };

  return (
    <StepFrame
      step="email"
      title={t('onboarding.code.title')}
      intro={t('onboarding.code.intro', { destination: pending.email || pending.destination })}
      onSubmit={(event) => void submit(event)}
      onBack={onBack}
      submitLabel={t('onboarding.code.submit')}
      submitting={formState.isSubmitting}
      footer={
        <Button variant="ghost" size="sm" isPending={resending} onPress={() => void resend()}>
          {t('onboarding.code.resend')}
        </Button>
      }
    >
      {notice && <Notice tone={notice.tone}>{notice.text}</Notice>}
      <CodeField control={control} name="code" label={t('onboarding.code.label')} autoFocus />
    </StepFrame>
  );
}

/** The server's message on the code field of a 400 (`{ code: ['…'] }`). */
function codeMessage(errors: readonly FieldError[]): string | null {
  return fieldErrorMap(errors).code ?? null;
}
