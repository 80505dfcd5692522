import { useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../lib/auth';
import {
  approveSession,
  askApp,
  authorisationKeys,
  fetchEnrolledDevices,
  fetchSessionApproval,
  verifyTicket,
  type AuthorisationResult,
  type ChallengeStatus,
  type EnrolledDevice,
} from '../parts/authorisation/authorisation-api';
import { useChallengePoll } from '../parts/authorisation/challenge-hooks';
import { Button } from '../ui/button';
import { Notice } from '../ui/notice';
import { BootSkeleton } from './boot-screens';
import { KontorLogo } from './kontor-logo';
import styles from './boot.module.css';

/**
 * A customer who chose "Neue Anmeldungen in der App bestätigen" sees the app only after the new
 * browser session was approved in the Kontor app (SESSION_AUTH). The server is the authority: if
 * it cannot say (an error), the app goes on and the server refuses what it must.
 */
export function SessionApprovalGate({ children }: { children: ReactNode }) {
  const session = useQuery({ queryKey: authorisationKeys.session, queryFn: ({ signal }) => fetchSessionApproval(signal), retry: false, staleTime: Infinity });
  if (session.isPending) return <BootSkeleton label="auth.loading" />;
  if (session.data?.required && !session.data.approved) return <SessionApprovalScreen />;
  return <>{children}</>;
}

/** After the app answered: the approval being carried out, or why it did not work. */
type Outcome = { kind: 'finishing' } | { kind: 'failed'; message: string };

function SessionApprovalScreen() {
  const { t } = useTranslation();
  const auth = useAuth();
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [attempt, setAttempt] = useState(0);

  const approved = async (result: AuthorisationResult) => {
    await approveSession(result);
    await queryClient.invalidateQueries({ queryKey: authorisationKeys.session });
  };

  // One request to the first enrolled app per attempt; "Erneut anfragen" makes a new attempt.
  const start = useQuery({
    queryKey: ['app-devices', 'session-approval', attempt],
    queryFn: async () => {
      const [device] = await fetchEnrolledDevices();
      if (!device) throw new Error(t('authorisation.session.noDevice'));
      const challenge = await askApp({ type: 'SESSION_AUTH' }, device.serial);
      return { ticket: challenge.ticket, device };
    },
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });
  const waiting: { ticket: string; device: EnrolledDevice } | null = outcome === null && start.data ? start.data : null;

  const onStatus = (status: ChallengeStatus) => {
    if (status.state === 'APPROVED' && status.authorizationId) {
      setOutcome({ kind: 'finishing' });
      verifyTicket({ ticket: status.ticket, tan: '', authorizationId: status.authorizationId })
        .then(approved)
        .catch((error: unknown) => setOutcome({ kind: 'failed', message: error instanceof Error && error.message ? error.message : t('authorisation.session.failed') }));
    } else if (status.state === 'DENIED') setOutcome({ kind: 'failed', message: t('authorisation.session.denied') });
    else if (status.state === 'EXPIRED' || status.state === 'LOCKED') setOutcome({ kind: 'failed', message: t('authorisation.session.expired') });
  };
  useChallengePoll(waiting?.ticket ?? null, onStatus);

  const failure = outcome?.kind === 'failed' ? outcome.message : start.isError ? start.error.message || t('authorisation.session.failed') : null;
  return (
    <div className={styles.screen}>
      <header className={styles.bar}>
        <KontorLogo className={styles.logo} />
        Kontor
      </header>
      <main className={styles.error}>
        <div className={styles.errorCard}>
          <h1 className={styles.errorTitle}>{t('authorisation.session.title')}</h1>
          {failure ? (
            <Notice tone="danger">{failure}</Notice>
          ) : (
            <div role="status" aria-busy="true">
              {waiting && <p className={styles.errorText}>{t('authorisation.session.text', { name: waiting.device.customerDeviceName })}</p>}
              <p>{waiting || outcome ? t('authorisation.session.waiting') : t('authorisation.session.starting')}</p>
            </div>
          )}
          {failure && (
            <Button
              onPress={() => {
                setOutcome(null);
                setAttempt((n) => n + 1);
              }}
            >
              {t('authorisation.session.retry')}
            </Button>
          )}
          <Button variant="secondary" onPress={() => void auth.signOut()}>
            {t('authorisation.session.signOut')}
          </Button>
        </div>
      </main>
    </div>
  );
}
