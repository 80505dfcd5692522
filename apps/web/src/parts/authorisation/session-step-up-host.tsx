import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { sessionActivityEndpoints } from '@kontor/domain/endpoints/session-activity';
import { api, setStepUpHandler } from '../../lib/api-client';

/** What counts as the customer being there. */
export const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart'] as const;
/** The web app tells the server about input at most this often (the server writes it at most once a minute too). */
export const ACTIVITY_REPORT_MS = 60_000;

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
/** Ends the step-up that is asked for: true once the customer confirmed, false when they closed it. */
export function settleStepUp(confirmed: boolean): void {
  pending?.settle(confirmed);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

// The dialog (and the authorisation flow behind it) loads only when the server asks for a step-up.
const SessionStepUpDialog = lazy(() => import('./session-step-up').then((m) => ({ default: m.SessionStepUpDialog })));

/**
 * For the signed-in app: when the server refuses a money or authorisation call for inactivity
 * (403 SESSION_IDLE), the customer confirms again and the call is sent again, so the form and what
 * was typed in it stay as they were. Also reports the customer's input to the server, at most once
 * a minute; background reads never count.
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
  return asking ? (
    <Suspense fallback={null}>
      <SessionStepUpDialog />
    </Suspense>
  ) : null;
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
      api.call(sessionActivityEndpoints.activity, { skipGlobalErrorHandler: true, stepUp: false }).catch(() => undefined);
    };
    for (const type of ACTIVITY_EVENTS) window.addEventListener(type, onActivity, { capture: true, passive: true });
    return () => {
      for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, onActivity, { capture: true });
    };
  }, [since]);
}
