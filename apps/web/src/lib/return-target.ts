import { AUTH_REFERRER_KEY } from '@kontor/domain/constants';

/**
 * Where the customer wanted to go before the sign-in (path + query + hash), kept in
 * sessionStorage under "aorefid" (spec §9) so it survives the steps of the sign-in flow and a
 * reload, and in memory when sessionStorage is unavailable.
 */

/** The screens of the sign-in flow: never a place to return to. */
export const AUTH_PATHS = ['/anmelden', '/registrieren', '/passwort-vergessen'] as const;

export function isAuthPath(pathname: string): boolean {
  return AUTH_PATHS.some((path) => pathname === path || pathname.startsWith(`${path}/`));
}

/** Only paths of this app: no other origin ("//evil.example", "https://…"), no sign-in screen. */
export function safeReturnTarget(target: string | null | undefined): string | null {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return null;
  const pathname = target.split(/[?#]/)[0] ?? '';
  if (isAuthPath(pathname)) return null;
  return target;
}

let inMemory: string | null = null;

export function rememberReturnTarget(target: string): void {
  const safe = safeReturnTarget(target);
  if (!safe) return;
  inMemory = safe;
  try {
    sessionStorage.setItem(AUTH_REFERRER_KEY, safe);
  } catch {
    // memory is enough for this page's life
  }
}

export function peekReturnTarget(): string | null {
  try {
    return safeReturnTarget(sessionStorage.getItem(AUTH_REFERRER_KEY)) ?? inMemory;
  } catch {
    return inMemory;
  }
}

/** The remembered target (once), or the fallback. */
export function takeReturnTarget(fallback: string): string {
  const target = peekReturnTarget();
  inMemory = null;
  try {
    sessionStorage.removeItem(AUTH_REFERRER_KEY);
  } catch {
    // nothing stored there
  }
  return target ?? fallback;
}
