import type { ReactNode } from 'react';
import { Layout } from './layout';
import { RequireAuth } from './require-auth';
import { ServerState } from './server-state';

/**
 * The signed-in app's frame: server state, the guard (with the session approval) around the
 * layout with its top bar, search, menus and navigation. A chunk of its own, loaded beside the
 * first signed-in page, so that the sign-in screens do not carry it.
 */
export function SignedInFrame() {
  return (
    <ServerState>
      <RequireAuth>
        <Layout />
      </RequireAuth>
    </ServerState>
  );
}

/** The signed-in layout around the error screen (routes.tsx loads it when an error shows). */
export function ErrorLayout({ children }: { children: ReactNode }) {
  return (
    <ServerState>
      <Layout>{children}</Layout>
    </ServerState>
  );
}
