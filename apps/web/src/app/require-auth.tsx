import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useAuthState } from '../lib/auth';
import { rememberReturnTarget } from '../lib/return-target';
import { BootSkeleton } from './boot-screens';
import { SessionApprovalGate } from './session-approval';

export const SIGN_IN_PATH = '/anmelden';

/** Keeps the page the customer asked for (path, query, hash), then shows the sign-in. */
function RedirectToSignIn({ target, keep }: { target: string; keep: boolean }) {
  useEffect(() => {
    if (keep) rememberReturnTarget(target);
  }, [target, keep]);
  return <Navigate to={SIGN_IN_PATH} replace />;
}

/**
 * Every route except the sign-in screens needs a signed-in customer. While the sign-in state is
 * being determined, the outline of the app shows; a customer who signed out on purpose does not
 * get sent back to the last page at the next sign-in. A sign-in that must be approved in the
 * Kontor app waits for that approval first.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const state = useAuthState();
  const { pathname, search, hash } = useLocation();
  if (state.status === 'loading') return <BootSkeleton label="auth.loading" />;
  if (state.status === 'signedOut') {
    return <RedirectToSignIn target={`${pathname}${search}${hash}`} keep={state.reason !== 'signedOut'} />;
  }
  return <SessionApprovalGate>{children}</SessionApprovalGate>;
}
