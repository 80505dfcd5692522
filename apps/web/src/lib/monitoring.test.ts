import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('@sentry/react', () => ({
  init: vi.fn(),
  captureException: vi.fn(),
  browserTracingIntegration: vi.fn(() => ({ name: 'BrowserTracing' })),
  replayIntegration: vi.fn((options: unknown) => ({ name: 'Replay', options })),
}));

const Sentry = await import('@sentry/react');
const { initMonitoring, reportError } = await import('./monitoring');

beforeEach(() => {
  vi.clearAllMocks();
});

describe('monitoring (spec §9)', () => {
  it('stays off without an error-reporting DSN', async () => {
    await expect(initMonitoring({ errorReportingDsn: null, environment: 'production' })).resolves.toBe(false);
    await expect(initMonitoring({ errorReportingDsn: '', environment: 'production' })).resolves.toBe(false);
    expect(Sentry.init).not.toHaveBeenCalled();
    expect(Sentry.replayIntegration).not.toHaveBeenCalled();
  });

  it('with a DSN, samples and replay settings are exactly those of spec §9', async () => {
    const dsn = 'https://public@errors.kontor.example/3';
    await expect(initMonitoring({ errorReportingDsn: dsn, environment: 'production' })).resolves.toBe(true);

    expect(Sentry.replayIntegration).toHaveBeenCalledTimes(1);
    expect(Sentry.replayIntegration).toHaveBeenCalledWith({
      flushMinDelay: 5000,
      flushMaxDelay: 5500,
      minReplayDuration: 4999,
      maxReplayDuration: 3_600_000,
      slowClickTimeout: 7000,
      mutationLimit: 10_000,
      mutationBreadcrumbLimit: 750,
      maskAllText: true,
      maskAllInputs: true,
    });

    expect(Sentry.init).toHaveBeenCalledTimes(1);
    const options = vi.mocked(Sentry.init).mock.calls[0]![0];
    expect(options).toMatchObject({
      dsn,
      environment: 'production',
      tracesSampleRate: 1.0,
      replaysSessionSampleRate: 0.1,
      replaysOnErrorSampleRate: 1.0,
    });
    expect(options.integrations).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'Replay' }), expect.objectContaining({ name: 'BrowserTracing' })]),
    );
  });

  it('once started, unexpected errors are reported', async () => {
    await initMonitoring({ errorReportingDsn: 'https://public@errors.kontor.example/3', environment: 'production' });
    const error = new Error('render failed');
    reportError(error);
    expect(Sentry.captureException).toHaveBeenCalledWith(error);
  });
});
