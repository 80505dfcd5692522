import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation } from 'react-router';
import { ONBOARDING_STEPS } from '@kontor/domain/onboarding';
import type { OnboardingApplication } from '@kontor/domain/onboarding-contracts';
import { isApiError } from '../../lib/api-client';
import { LoadError } from '../../ui/load-error';
import { Skeleton, SkeletonText } from '../../ui/skeleton';
import { CodeStep, EmailStep } from './email-steps';
import { ExperienceStep, TermsStep } from './experience-terms-steps';
import { IdentificationStep, IdentificationWaiting, PasswordStep } from './final-steps';
import { fetchApplication, onboardingToken, pendingCode, type FormStep, type PendingCode } from './onboarding-api';
import { PersonalStep } from './personal-step';
import { StepFocus } from './step-frame';
import { AccountStep, TaxStep } from './tax-account-steps';
import styles from './onboarding.module.css';

/** The saved steps in order; the customer may go back to any of them until the identification starts. */
const FORM_STEPS: readonly FormStep[] = ONBOARDING_STEPS;
const POLL_MS = 2_000;

/** What the sign-in shows when the account is open. */
export const ACCOUNT_OPENED_NOTICE = 'accountOpened';

function OnboardingFrame({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className={styles.screen}>
      <title>{`${t('onboarding.title')} · Kontor`}</title>
      <div className={styles.card}>
        <h1 className={styles.title} tabIndex={-1} data-page-title>
          {t('onboarding.title')}
        </h1>
        {children}
      </div>
      <div className={styles.below}>
        <span>{t('onboarding.haveAccount')}</span>
        <Link to="/anmelden">{t('onboarding.signIn')}</Link>
      </div>
    </div>
  );
}

/**
 * /registrieren: the account opening (Kontoeröffnung) in eight steps. Resumable: the application
 * token stays in the browser's storage, so a reload or a later visit continues where the customer
 * stopped; on another device the code to the same e-mail address reopens the same application.
 */
export function OnboardingPage() {
  const [token, setToken] = useState(onboardingToken.get);
  const [pending, setPending] = useState(pendingCode.get);
  const [notice, setNotice] = useState<string | null>(null);
  const [moved, setMoved] = useState(false);
  const client = useQueryClient();
  // The sign-in sends an address it found unconfirmed.
  const incoming = useLocation().state as { email?: string; unconfirmed?: boolean } | null;
  const incomingEmail = incoming?.email ?? '';

  const sent = (next: PendingCode) => {
    pendingCode.set(next);
    setPending(next);
    setMoved(true);
  };
  const confirmed = (next: string, application: OnboardingApplication) => {
    onboardingToken.set(next);
    pendingCode.set(null);
    client.setQueryData(['onboarding', 'application', next], application);
    setToken(next);
    setMoved(true);
  };
  const lost = (message: string) => {
    onboardingToken.set(null);
    setToken(null);
    setNotice(message);
  };

  let content;
  if (token) content = <ApplicationFlow token={token} onLost={lost} onMoved={() => setMoved(true)} />;
  else if (pending)
    content = (
      <CodeStep
        key={pending.applicationId}
        pending={pending}
        onConfirmed={confirmed}
        onBack={() => {
          pendingCode.set(null);
          setPending(null);
          setMoved(true);
        }}
      />
    );
  else content = <EmailStep defaultEmail={incomingEmail} notice={notice} onSent={sent} sendAtOnce={incoming?.unconfirmed === true} />;

  return (
    <OnboardingFrame>
      <StepFocus.Provider value={{ moved }}>{content}</StepFocus.Provider>
    </OnboardingFrame>
  );
}

function FlowSkeleton() {
  const { t } = useTranslation();
  return (
    <div className={styles.step} role="status" aria-busy="true">
      <span className="visually-hidden">{t('common.loading')}</span>
      <Skeleton width="10rem" height="1rem" />
      <Skeleton width="min(80%, 20rem)" height="1.75rem" />
      <SkeletonText lines={4} />
    </div>
  );
}

/** The application's steps: the one the server says is next, or an earlier one the customer went back to. */
function ApplicationFlow({ token, onLost, onMoved }: { token: string; onLost: (message: string) => void; onMoved: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const key = ['onboarding', 'application', token];
  const application = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => fetchApplication(signal),
    retry: (count, error) => !(isApiError(error) && error.status === 401) && count < 2,
    // The waiting screen asks until the identification has an answer.
    refetchInterval: (query) => (query.state.data?.status === 'IDENT_PENDING' ? POLL_MS : false),
    refetchIntervalInBackground: true,
  });
  const [viewing, setViewing] = useState<FormStep | null>(null);
  const [finishedEmail, setFinishedEmail] = useState<string | null>(null);

  const lostMessage = isApiError(application.error) && application.error.status === 401 ? application.error.message : null;
  useEffect(() => {
    if (lostMessage) onLost(lostMessage);
  }, [lostMessage, onLost]);

  if (finishedEmail || application.data?.status === 'COMPLETED') {
    onboardingToken.set(null);
    return <Navigate to="/anmelden" replace state={{ email: finishedEmail ?? application.data?.email, notice: ACCOUNT_OPENED_NOTICE }} />;
  }
  if (application.isPending || lostMessage) return <FlowSkeleton />;
  if (application.isError) return <LoadError message={t('onboarding.errors.load')} onRetry={() => void application.refetch()} />;

  const data = application.data;
  const saved = (next: OnboardingApplication) => {
    client.setQueryData(key, next);
    onMoved();
    // The step just saved: the one shown, which is the open step unless the customer went back.
    const current = viewing ?? data.nextStep;
    const after = FORM_STEPS[FORM_STEPS.indexOf(current as FormStep) + 1];
    // Walking through earlier steps again: on to the following one until the open step is reached.
    const nextIndex = FORM_STEPS.indexOf(next.nextStep as FormStep);
    setViewing(after && (nextIndex < 0 || FORM_STEPS.indexOf(after) < nextIndex) ? after : null);
  };
  const backFrom = (step: FormStep | 'identification') => () => {
    onMoved();
    const index = step === 'identification' ? FORM_STEPS.length : FORM_STEPS.indexOf(step);
    setViewing(FORM_STEPS[Math.max(0, index - 1)] ?? null);
  };
  // Started or stopped: the same step, waiting or choosing.
  const identificationMoved = (next: OnboardingApplication) => {
    client.setQueryData(key, next);
    onMoved();
  };
  const step = viewing ?? data.nextStep;
  const props = (s: FormStep) => ({ application: data, onSaved: saved, onBack: backFrom(s) });

  switch (step) {
    case 'personal':
      return <PersonalStep key="personal" application={data} onSaved={saved} />;
    case 'tax':
      return <TaxStep key="tax" {...props('tax')} />;
    case 'account':
      return <AccountStep key="account" {...props('account')} />;
    case 'experience':
      return <ExperienceStep key="experience" {...props('experience')} />;
    case 'terms':
      return <TermsStep key="terms" {...props('terms')} />;
    case 'identification':
      return data.status === 'IDENT_PENDING' ? (
        <IdentificationWaiting application={data} onCancelled={identificationMoved} />
      ) : (
        <IdentificationStep application={data} onStarted={identificationMoved} onBack={backFrom('identification')} />
      );
    case 'password':
      return (
        <PasswordStep
          application={data}
          onDone={(email) => {
            onboardingToken.set(null);
            setFinishedEmail(email);
          }}
        />
      );
    default:
      return <FlowSkeleton />;
  }
}
