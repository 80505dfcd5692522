/**
 * The e-mail and password of an account opened a moment ago, handed from the opening's last step to
 * the sign-in, so the customer goes on to the second factor without typing them again. Held in
 * memory only (never in storage or the history), and forgotten once the sign-in starts with it.
 */
export type SignInHandoff = { email: string; password: string };

let pending: SignInHandoff | null = null;

export function handOverSignIn(handoff: SignInHandoff): void {
  pending = handoff;
}

/** The handoff for the account the sign-in was sent for, if any. */
export function signInHandoff(email: string | undefined): SignInHandoff | null {
  return pending && pending.email === email ? pending : null;
}

export function forgetSignInHandoff(): void {
  pending = null;
}
