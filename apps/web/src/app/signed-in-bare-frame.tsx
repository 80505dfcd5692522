import { AuthLayout } from './auth-layout';
import { RequireAuth } from './require-auth';

/**
 * A signed-in page that stands alone, without the app's navigation: the OAuth consent, where the
 * customer answers another application's request and nothing should lead away from the question.
 */
export function SignedInBareFrame() {
  return (
    <RequireAuth>
      <AuthLayout />
    </RequireAuth>
  );
}
