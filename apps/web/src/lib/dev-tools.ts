import { useSyncExternalStore } from 'react';
import { isApiError } from './api-client';
import { useConfig } from './config';

/**
 * Whether the server offers its development tools (the /api/dev routes behind DEV_TOOLS: simulated
 * deposits, transfers, returned debits). The runtime configuration says so where the server fills
 * `devTools`; otherwise a dev route answers 404 where they are off, so the buttons show until the
 * first 404 and then go away for the session.
 */
let available = true;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useDevToolsAvailable(): boolean {
  const configured = useConfig().devTools;
  const answering = useSyncExternalStore(subscribe, () => available, () => available);
  return configured !== false && answering;
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
