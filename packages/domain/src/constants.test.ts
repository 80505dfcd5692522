import { describe, expect, it } from 'vitest';
import {
  APP_VERSIONS,
  AUTH_REFERRER_KEY,
  COOKIE_STORAGE,
  DEVICE_LIST_LIMIT,
  FEATURE_FLAGS,
  HOSTED_SIGNOUT_TIMEOUT_MS,
  MAX_VALIDITY_DAYS,
  MONITORING,
  RETRY_MAX_DELAY_MS,
  SCRIPT_INJECTION_TIMEOUT_MS,
  TRACKING_PARAMS,
  TRADING_WINDOW,
  UPLOAD_MAX_BYTES,
} from './constants';
import { featureFlagsSchema } from './runtime-config';

describe('spec §9 constants', () => {
  it.each([
    ['script-injection timeout', SCRIPT_INJECTION_TIMEOUT_MS, 10_000],
    ['upload limit (9 MiB)', UPLOAD_MAX_BYTES, 9 * 1024 * 1024],
    ['order validity days', MAX_VALIDITY_DAYS, 360],
    ['device list limit', DEVICE_LIST_LIMIT, 60],
    ['retry delay cap', RETRY_MAX_DELAY_MS, 5_000],
    ['hosted sign-out timeout', HOSTED_SIGNOUT_TIMEOUT_MS, 3_000],
  ])('%s', (_name, actual, expected) => {
    expect(actual).toBe(expected);
  });

  it('has the version strings, the trading window, the cookie defaults and the referrer key', () => {
    expect(APP_VERSIONS).toEqual({ web: '1.2-6', api: '1.0-3' });
    expect(TRADING_WINDOW).toEqual({ start: '07:30', stop: '23:00' });
    expect(COOKIE_STORAGE).toEqual({ expiresDays: 365, secure: true, path: '/' });
    expect(AUTH_REFERRER_KEY).toBe('aorefid');
    expect(TRACKING_PARAMS).toEqual(['fzsrc', 'fzmedium', 'fzcampaign', 'fzcontent', 'fzterm', 'fzterms']);
  });

  it('has the feature flags of spec §9, valid for /config.json', () => {
    expect(FEATURE_FLAGS).toEqual({
      instrumentDetail: true,
      subscriptionRights: true,
      directDebit: true,
      multiOrderStrategies: true,
      taxDisabled: false,
      versionCheck: true,
      tokensInLocalStorage: false,
      sendAuthHeaderToApi: false,
    });
    expect(featureFlagsSchema.parse(FEATURE_FLAGS)).toEqual(FEATURE_FLAGS);
  });

  it('has the monitoring configuration of spec §9', () => {
    expect(MONITORING).toMatchObject({
      tracesSampleRate: 1,
      replaysSessionSampleRate: 0.1,
      replaysOnErrorSampleRate: 1,
      flushMinDelay: 5000,
      flushMaxDelay: 5500,
      minReplayDuration: 4999,
      minReplayDurationLimit: 15_000,
      maxReplayDuration: 3_600_000,
      sessionIdlePause: 300_000,
      sessionIdleExpire: 900_000,
      slowClickTimeout: 7000,
      mutationLimit: 10_000,
      mutationBreadcrumbLimit: 750,
      networkBodyMaxSize: 150_000,
      maskAllText: true,
      maskAllInputs: true,
    });
  });
});
