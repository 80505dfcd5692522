import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MONEY_IDLE_LIMIT_MS } from '@kontor/domain/auth-contracts';
import { Button } from '../../ui/button';
import { Notice } from '../../ui/notice';
import { AuthoriseDialog } from './authorise-dialog';
import { ACTIVITY_EVENTS, useIdleStepUp } from './session-step-up';
import styles from './authorisation.module.css';


/**
 * Step-up after inactivity (PSD2 RTS Art. 4(3)(d)): `needsStepUp` turns true once `idleMs` passed
 * without pointer or keyboard activity; `confirmed()` starts counting afresh. While it is true,
 * activity does not count: only a new authorisation ends it.
 */
export function useStepUp(idleMs: number = MONEY_IDLE_LIMIT_MS): { needsStepUp: boolean; confirmed: () => void } {
  const [needsStepUp, setNeedsStepUp] = useState(false);
  const lastActivity = useRef(0);

  useEffect(() => {
    if (needsStepUp) return;
    lastActivity.current = Date.now();
    let timer: ReturnType<typeof setTimeout>;
    // One timer, moved on only when it fires: activity itself just records the time.
    const check = () => {
      const idle = Date.now() - lastActivity.current;
      if (idle >= idleMs) setNeedsStepUp(true);
      else timer = setTimeout(check, idleMs - idle);
    };
    const onActivity = () => {
      lastActivity.current = Date.now();
    };
    timer = setTimeout(check, idleMs);
    for (const type of ACTIVITY_EVENTS) window.addEventListener(type, onActivity, { capture: true, passive: true });
    return () => {
      clearTimeout(timer);
      for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, onActivity, { capture: true });
    };
  }, [idleMs, needsStepUp]);

  const confirmed = useCallback(() => setNeedsStepUp(false), []);
  return { needsStepUp, confirmed };
}

/**
 * Wraps a money page: after `idleMs` without activity the content is taken off the page and the
 * customer confirms again (AuthoriseDialog: SESSION_AUTH in the app, or IDLE_STEP_UP by TAN)
 * before it comes back. The server enforces the same limit on the money calls (SessionStepUp).
 */
export function IdleReauthGate({ idleMs = MONEY_IDLE_LIMIT_MS, children }: { idleMs?: number; children: ReactNode }) {
  const { t } = useTranslation();
  const { needsStepUp, confirmed } = useStepUp(idleMs);
  const [dialogOpen, setDialogOpen] = useState(false);
  const stepUp = useIdleStepUp();

  if (!needsStepUp) return <>{children}</>;
  return (
    <section className={styles.gate} aria-labelledby="idle-reauth-title">
      <Notice tone="warning" title={<span id="idle-reauth-title">{t('authorisation.idle.title')}</span>}>
        {t('authorisation.idle.text')}
      </Notice>
      <Button onPress={() => setDialogOpen(true)}>{t('authorisation.idle.confirm')}</Button>
      <AuthoriseDialog
        isOpen={dialogOpen}
        onOpenChange={setDialogOpen}
        payload={stepUp.payload}
        title={t('authorisation.idle.dialogTitle')}
        onAuthorised={async (result) => {
          // The server renews the session too: the money calls after this are not refused.
          await stepUp.confirm(result);
          confirmed();
        }}
      />
    </section>
  );
}
