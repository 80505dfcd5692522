import { MONITORING } from '@kontor/domain/constants';
import type * as SentryModuleNs from '@sentry/react';
import type { RuntimeConfig } from './config';

type SentryModule = typeof SentryModuleNs;

let sentry: SentryModule | null = null;

/**
 * Error reporting and session replay (spec §9), on only when an error-reporting DSN is configured.
 * The SDK is loaded on demand, so customers of an installation without a DSN never download it.
 * Values are the domain's MONITORING constants. Session idle pause/expiry (5/15 min) and the
 * 150000-character network body limit are built into the SDK's replay and not options there;
 * they match spec §9 as they are.
 *
 * Resolves to true when monitoring was started, false when there is no DSN.
 */
export async function initMonitoring(config: Pick<RuntimeConfig, 'errorReportingDsn' | 'environment'>): Promise<boolean> {
  if (!config.errorReportingDsn) return false;
  const Sentry = await import('@sentry/react');
  Sentry.init({
    dsn: config.errorReportingDsn,
    environment: config.environment,
    integrations: [
      Sentry.browserTracingIntegration(),
      Sentry.replayIntegration({
        flushMinDelay: MONITORING.flushMinDelay,
        flushMaxDelay: MONITORING.flushMaxDelay,
        minReplayDuration: MONITORING.minReplayDuration,
        maxReplayDuration: MONITORING.maxReplayDuration,
        slowClickTimeout: MONITORING.slowClickTimeout,
        mutationLimit: MONITORING.mutationLimit,
        mutationBreadcrumbLimit: MONITORING.mutationBreadcrumbLimit,
        maskAllText: MONITORING.maskAllText,
        maskAllInputs: MONITORING.maskAllInputs,
      }),
    ],
    tracesSampleRate: MONITORING.tracesSampleRate,
    replaysSessionSampleRate: MONITORING.replaysSessionSampleRate,
    replaysOnErrorSampleRate: MONITORING.replaysOnErrorSampleRate,
  });
  sentry = Sentry;
  return true;
}

/** Reports an unexpected error when monitoring is on; otherwise only the console sees it. */
export function reportError(error: unknown): void {
  if (sentry) sentry.captureException(error);
  else console.error(error);
}
