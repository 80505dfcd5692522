import { NETWORK_ERROR_MESSAGE } from '../../lib/api-client';
import type { AuthErrorContext, AuthErrorDescription } from '../../lib/auth-errors';
import { translate } from '../../lib/i18n';
import type * as Calls from './sign-in-calls';

/**
 * The identity client's sign-in flow (SRP and its big-number arithmetic) is the largest part of
 * the sign-in screen's code, and not needed to show the form: it loads when the customer starts
 * typing (or submits), so that the form shows sooner on a slow line and the submit rarely waits.
 * The German texts of its errors come with it.
 */
type SignInCalls = typeof Calls;

let loading: Promise<SignInCalls> | null = null;

export function signInClient(): Promise<SignInCalls> {
  loading ??= import('./sign-in-calls').catch((error: unknown) => {
    loading = null; // a failed load (offline) is tried again on the next call
    throw error;
  });
  return loading;
}

/** What the customer reads for a failed step; when even the client could not load, that is the connection. */
export async function describeSignInError(caught: unknown, context: AuthErrorContext = 'signIn'): Promise<AuthErrorDescription> {
  try {
    return (await signInClient()).describeAuthError(caught, context);
  } catch {
    return { kind: 'network', message: translate('auth.errors.network', NETWORK_ERROR_MESSAGE) };
  }
}
