import { useSyncExternalStore } from 'react';
import { isApiError } from './api-client';

/**
 * Whether the server offers its development tools (the /api/dev routes behind DEV_TOOLS: simulated
 * deposits, transfers, returned debits). The configuration does not say; a dev route answers 404
 * where they are off, so the buttons show until the first 404 and then go away for the session.
 */
let available = true;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useDevToolsAvailable(): boolean {
  return useSyncExternalStore(subscribe, () => available, () => available);
}

/** True (and the dev buttons go away) when the error says the server has no dev tools. */
export function devToolsMissing(error: unknown): boolean {
  if (!isApiError(error) || error.status !== 404) return false;
  available = false;
  for (const listener of listeners) listener();
  return true;
}

/** Tests only: start again with the tools assumed present. */
export function resetDevTools(): void {
  available = true;
}
