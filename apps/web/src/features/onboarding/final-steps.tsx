import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { IDENTIFICATION_METHODS, type IdentificationMethod } from '@kontor/domain/onboarding';
import type { OnboardingApplication } from '@kontor/domain/onboarding-contracts';
import { useConfig } from '../../lib/config';
import { NewPasswordInput } from '../../ui/new-password-field';
import { Button } from '../../ui/button';
import { Notice } from '../../ui/notice';
import { RadioGroup } from '../../ui/radio-group';
import { failureText } from './email-steps';
import { cancelIdentification, signUpUser, startIdentification } from './onboarding-api';
import { StepFrame } from './step-frame';
import styles from './onboarding.module.css';
import { handOverSignIn } from '../../parts/sign-in-handoff';

/**
 * Step 7: the identification, video-ident or the eID of the ID card (simulated). Once started, the
 * waiting screen shows until the provider answers (the flow polls the application).
 */
export function IdentificationStep({
  application,
  onStarted,
  onBack,
}: {
  application: OnboardingApplication;
  onStarted: (application: OnboardingApplication) => void;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const rejected = application.status === 'IDENT_REJECTED';
  const [method, setMethod] = useState<IdentificationMethod | null>(null);
  const [missing, setMissing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);

  const start = async () => {
    setError(null);
    if (!method) return setMissing(true);
    setStarting(true);
    try {
      onStarted(await startIdentification(method));
    } catch (caught) {
      setError(failureText(caught, t));
    } finally {
      setStarting(false);
    }
  };

  return (
    <StepFrame
      step="identification"
      title={t('onboarding.identification.title')}
      intro={t('onboarding.identification.intro')}
      error={error}
      onSubmit={(event) => {
        event.preventDefault();
        void start();
      }}
      onBack={rejected ? undefined : onBack}
      submitLabel={t('onboarding.identification.start')}
      submitting={starting}
    >
      {rejected && <Notice tone="warning">{t('onboarding.identification.rejected')}</Notice>}
      <RadioGroup
        label={t('onboarding.identification.method')}
        options={IDENTIFICATION_METHODS.map((value) => ({
          value,
          label: (
            <span className={styles.methodLabel}>
              <strong>{t(`onboarding.identification.methods.${value}`)}</strong>
              <span className={styles.muted}>{t(`onboarding.identification.methodHints.${value}`)}</span>
            </span>
          ),
        }))}
        value={method}
        onChange={(value) => {
          setMethod(value as IdentificationMethod);
          setMissing(false);
        }}
        errorMessage={missing ? t('onboarding.identification.chooseMethod') : undefined}
        validationBehavior="aria"
      />
    </StepFrame>
  );
}

/**
 * Step 7, waiting: the provider has not answered yet; the flow asks every 2 s. Says how long it
 * usually takes, that the page may be left (the application waits), and lets the customer stop it
 * (back to the choice of method).
 */
export function IdentificationWaiting({ application, onCancelled }: { application: OnboardingApplication; onCancelled: (next: OnboardingApplication) => void }) {
  const { t } = useTranslation();
  const devTools = useConfig().devTools === true;
  const method = application.identification?.method;
  const [stopping, setStopping] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const stop = async () => {
    setStopping(true);
    setError(null);
    try {
      onCancelled(await cancelIdentification());
    } catch (caught) {
      setError(failureText(caught, t));
      setStopping(false);
    }
  };
  return (
    <StepFrame step="identification" title={t('onboarding.identification.waitingTitle')} error={error}>
      <div className={styles.waiting} role="status" aria-live="polite">
        <span className={styles.spinner} aria-hidden="true" />
        <p>{method ? t(`onboarding.identification.waiting.${method}`) : t('onboarding.identification.waitingText')}</p>
      </div>
      {method && <p className={styles.intro}>{t(`onboarding.identification.estimate.${method}`)}</p>}
      <div className={styles.actions}>
        <Button variant="secondary" onPress={() => void stop()} isPending={stopping}>
          {t('onboarding.identification.cancel')}
        </Button>
      </div>
      {devTools && (
        <Notice tone="info" title={t('onboarding.identification.demoTitle')}>
          {t('onboarding.identification.demoText')}{' '}
          {/* Same tab, client-side: the server keeps /dev for its own routes; the way back resumes the application. */}
          <Link to={`/dev/identifizierung?antrag=${encodeURIComponent(application.id)}`}>
            {t('onboarding.identification.demoLink')}
          </Link>
        </Notice>
      )}
    </StepFrame>
  );
}

/** Step 8: the password of the new access; the server then opens the account. */
export function PasswordStep({ application, onDone }: { application: OnboardingApplication; onDone: (email: string) => void }) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const { control, handleSubmit, formState } = useForm<{ password: string }>({ defaultValues: { password: '' }, mode: 'onSubmit' });
  const submit = handleSubmit(async ({ password }) => {
    setError(null);
    try {
      const { email } = await signUpUser(password);
      // The sign-in that follows goes on with this password, in memory, straight to the second factor.
      handOverSignIn({ email, password });
      onDone(email);
    } catch (caught) {
      setError(failureText(caught, t));
    }
  });
  return (
    <StepFrame
      step="password"
      title={t('onboarding.password.title')}
      intro={t('onboarding.password.intro', { email: application.email })}
      error={error}
      onSubmit={(event) => void submit(event)}
      submitLabel={t('onboarding.password.submit')}
      submitting={formState.isSubmitting}
    >
      <Notice tone="success">{t('onboarding.password.approved')}</Notice>
      {/* The user name for password managers. */}
      <input type="email" name="username" autoComplete="username" value={application.email} readOnly hidden />
      <NewPasswordInput control={control} name="password" label={t('auth.fields.password')} />
    </StepFrame>
  );
}
