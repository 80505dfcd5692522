import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { IDLE_STEP_UP_PURPOSE } from '@kontor/domain/auth-contracts';
import { setStepUpHandler } from '../api-client';
import { confirmStepUp, reportActivity, useEnrolledDevices, type AuthorisationPayload, type AuthorisationResult } from './authorisation-api';
import { AuthoriseDialog } from './authorise-dialog';

const SESSION_AUTH: AuthorisationPayload = { type: 'SESSION_AUTH' };
/**
 * The server confirms SESSION_AUTH in the app only; a customer without the app confirms the
 * step-up with an SMS or voice TAN on this service request instead.
 */
export const IDLE_STEP_UP: AuthorisationPayload = { type: 'TICKET', data: { purpose: IDLE_STEP_UP_PURPOSE } };

/** What counts as the customer being there. */
export const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart'] as const;
/** The web app tells the server about input at most this often (the server writes it at most once a minute too). */
export const ACTIVITY_REPORT_MS = 60_000;

/**
 * The step-up after inactivity with the server: the customer confirms in the app (SESSION_AUTH)
 * or by TAN (IDLE_STEP_UP), and the result is handed to the server, which accepts money and
 * authorisation calls again. Shared by IdleReauthGate and the host below.
 */
export function useIdleStepUp(): { payload: AuthorisationPayload; ready: boolean; confirm: (result: AuthorisationResult) => Promise<void> } {
  const devices = useEnrolledDevices();
  const hasApp = (devices.data?.length ?? 0) > 0;
  return {
    ready: !devices.isPending,
    payload: hasApp ? SESSION_AUTH : IDLE_STEP_UP,
    confirm: (result) => confirmStepUp(hasApp ? 'SESSION_AUTH' : IDLE_STEP_UP_PURPOSE, result),
  };
}

/** One step-up at a time: every call the server refuses meanwhile waits for the same answer. */
let pending: { promise: Promise<boolean>; settle: (confirmed: boolean) => void } | null = null;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());

/** The api client's SESSION_IDLE handler: resolves true once the customer confirmed again. */
export function askForStepUp(): Promise<boolean> {
  if (!pending) {
    let settle!: (confirmed: boolean) => void;
    const promise = new Promise<boolean>((resolve) => {
      settle = (confirmed) => {
        if (pending?.promise !== promise) return;
        pending = null;
        notify();
        resolve(confirmed);
      };
    });
    pending = { promise, settle };
    notify();
  }
  return pending.promise;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/**
 * For the signed-in app: when the server refuses a money or authorisation call for inactivity
 * (403 SESSION_IDLE), the customer confirms again here and the call is sent again, so the form
 * and what was typed in it stay as they were. Also reports the customer's input to the server, at
 * most once a minute; background reads never count.
 */
export function SessionStepUp() {
  const asking = useSyncExternalStore(subscribe, () => pending !== null);

  useEffect(() => {
    setStepUpHandler(askForStepUp);
    return () => {
      setStepUpHandler(null);
      pending?.settle(false);
    };
  }, []);
  useActivityReports();

  // Mounted only when asked: no page pays for the devices read otherwise.
  return asking ? <StepUpDialog /> : null;
}

function StepUpDialog() {
  const { t } = useTranslation();
  const stepUp = useIdleStepUp();
  return (
    <AuthoriseDialog
      // Opens once it is known whether the app confirms (SESSION_AUTH) or a TAN does.
      isOpen={stepUp.ready}
      onOpenChange={(open) => {
        if (!open) pending?.settle(false);
      }}
      payload={stepUp.payload}
      title={t('authorisation.idle.dialogTitle')}
      details={<p>{t('authorisation.idle.serverText')}</p>}
      onAuthorised={async (result) => {
        await stepUp.confirm(result);
        pending?.settle(true);
      }}
    />
  );
}

/** Pointer and keyboard input goes to the server as activity, at most once per ACTIVITY_REPORT_MS. */
function useActivityReports(): void {
  const [since] = useState(() => ({ last: 0 }));
  useEffect(() => {
    const onActivity = () => {
      const now = Date.now();
      if (now - since.last < ACTIVITY_REPORT_MS) return;
      since.last = now;
      // A refusal (the session is idle already) is answered by the step-up of the next money call.
      reportActivity().catch(() => undefined);
    };
    for (const type of ACTIVITY_EVENTS) window.addEventListener(type, onActivity, { capture: true, passive: true });
    return () => {
      for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, onActivity, { capture: true });
    };
  }, [since]);
}
