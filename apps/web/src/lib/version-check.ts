import { useEffect, useState, useSyncExternalStore } from 'react';
import { APP_VERSIONS, VERSION_CHECK_INTERVAL_MS } from '@kontor/domain/constants';
import type { systemEndpoints } from '@kontor/domain/endpoints/system';
import { api } from './api-client';
import { useConfig } from './config';


/** Set once the service worker of a newer release took over (service-worker.ts). */
let newReleaseInstalled = false;
const newReleaseListeners = new Set<() => void>();

/** A newer release is installed: the version banner offers "Neu laden" (as the server's check does). */
export function announceNewRelease(): void {
  if (newReleaseInstalled) return;
  newReleaseInstalled = true;
  for (const listener of newReleaseListeners) listener();
}

function subscribeNewRelease(listener: () => void): () => void {
  newReleaseListeners.add(listener);
  return () => newReleaseListeners.delete(listener);
}

/**
 * The version check (spec §9): with the `versionCheck` flag on, the app asks the server every
 * VERSION_CHECK_INTERVAL_MS (5 minutes) whether its own build (APP_VERSIONS.web, compiled in) is
 * still the current one. Once the server says it is outdated, the answer stays and polling stops:
 * only a reload brings the new build. A failed check is no news; the next one comes as planned.
 */
export function useAppOutdated(): boolean {
  const enabled = useConfig().featureFlags.versionCheck;
  const [outdated, setOutdated] = useState(false);
  const installed = useSyncExternalStore(subscribeNewRelease, () => newReleaseInstalled);
  useEffect(() => {
    if (!enabled || outdated || installed) return;
    let active = true;
    const timer = setInterval(() => {
      api
        // Unparsed: every page loads this at first.
        .callUnparsed<typeof systemEndpoints.versionCheck>({ method: 'GET', path: '/api/versions/check' }, { query: { version: APP_VERSIONS.web }, skipGlobalErrorHandler: true })
        .then((answer) => {
          if (active && answer.updateRequired) setOutdated(true);
        })
        .catch(() => {});
    }, VERSION_CHECK_INTERVAL_MS);
    return () => {
      active = false;
      clearInterval(timer);
    };
  }, [enabled, outdated, installed]);
  return outdated || installed;
}
