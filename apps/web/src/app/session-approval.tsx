import { lazy, Suspense, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { fetchSessionApproval, sessionApprovalKey } from '../parts/authorisation/session-approval-query';
import { BootSkeleton } from './boot-screens';

const SessionApprovalScreen = lazy(() => import('./session-approval-screen').then((m) => ({ default: m.SessionApprovalScreen })));

/**
 * A customer who chose "Neue Anmeldungen in der App bestätigen" sees the app only after the new
 * browser session was approved in the Kontor app (SESSION_AUTH). The server is the authority: if
 * it cannot say (an error), the app goes on and the server refuses what it must.
 */
export function SessionApprovalGate({ children }: { children: ReactNode }) {
  const session = useQuery({ queryKey: sessionApprovalKey, queryFn: ({ signal }) => fetchSessionApproval(signal), retry: false, staleTime: Infinity });
  if (session.isPending) return <BootSkeleton label="auth.loading" />;
  if (session.data?.required && !session.data.approved) {
    return (
      <Suspense fallback={<BootSkeleton label="auth.loading" />}>
        <SessionApprovalScreen />
      </Suspense>
    );
  }
  return <>{children}</>;
}
