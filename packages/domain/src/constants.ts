import type { FeatureFlagSet } from './runtime-config';

/**
 * The business constants and limits of spec §9. Where the spec gives a number without its meaning,
 * the meaning below is Kontor's decision (marked "decision").
 */

/**
 * Version strings. `web` is the version of the web app build, `api` the version of the API it
 * speaks. The version check (/api/versions/check) tells a web app whose version differs from the
 * server's `web` that it must reload. Decision: which string is which.
 */
export const APP_VERSIONS = { web: '1.2-6', api: '1.0-3' } as const;

/** Loading an external script (bot protection, error reporting) fails after this long. */
export const SCRIPT_INJECTION_TIMEOUT_MS = 10_000;

/** Largest file a customer may upload as a ticket attachment: 9 MiB. */
export const UPLOAD_MAX_BYTES = 9_437_184;

/** Daily trading window, German local time (Europe/Berlin), 'HH:MM'. Also the default trading hours of an instrument. */
export const TRADING_WINDOW = { start: '07:30', stop: '23:00' } as const;

/** An order's validity date ("gültig bis") may lie at most this many days ahead. Decision: meaning of 360. */
export const MAX_VALIDITY_DAYS = 360;

/** How often the web app asks /api/versions/check (5 minutes). Decision: meaning of 300000 ms. */
export const VERSION_CHECK_INTERVAL_MS = 300_000;

/**
 * A customer's confirmation of a small order below the low-trading threshold holds for one day,
 * then the order dialog asks again. Decision: meaning of 86400000 ms.
 */
export const LOW_TRADING_CONFIRMATION_VALID_MS = 86_400_000;

/** Longest personal note on an instrument, in characters. Decision: meaning of 580. */
export const NOTE_MAX_LENGTH = 580;

/** Wrong TANs allowed for one ticket before it is void and a new TAN must be requested. Decision: meaning of 5. */
export const TAN_MAX_ATTEMPTS = 5;

/**
 * Wrong TAN answers in a row, across challenges, after which TAN authorisation is locked for the
 * customer (PSD2 RTS Art. 4(3)(b)); a right answer starts the count afresh. Decision 030.
 */
export const TAN_LOCK_AFTER_WRONG_ANSWERS = 5;
/** How long that lock lasts: 30 minutes, then a new count of five begins. */
export const TAN_LOCK_MS = 30 * 60_000;
/**
 * Challenges (each an SMS, a call or a push to the customer's phone) one customer may start per
 * window, whichever client asks: no one can make a customer's phone receive unlimited TANs.
 */
export const TAN_CHALLENGE_LIMITS = [
  { max: 10, windowMs: 10 * 60_000 },
  { max: 30, windowMs: 60 * 60_000 },
] as const;

/** Identity: how many remembered devices one ListDevices call asks for. */
export const DEVICE_LIST_LIMIT = 60;

/** Identity: refresh and revoke are retried with exponential backoff and jitter up to this total delay. */
export const RETRY_MAX_DELAY_MS = 5_000;

/** Session-storage key under which the sign-in flow keeps the page to return to ("aorefid"). */
export const AUTH_REFERRER_KEY = 'aorefid';

/** Query parameters read for campaign tracking on any route (spec §2). */
export const TRACKING_PARAMS = ['fzsrc', 'fzmedium', 'fzcampaign', 'fzcontent', 'fzterm', 'fzterms'] as const;
export type TrackingParam = (typeof TRACKING_PARAMS)[number];

export type FeatureFlags = FeatureFlagSet;

/** Feature flags of spec §9 (the defaults the server puts into /config.json). */
export const FEATURE_FLAGS: Readonly<FeatureFlags> = {
  instrumentDetail: true,
  /** Bezugsrechte (subscription rights) in corporate actions. */
  subscriptionRights: true,
  directDebit: true,
  multiOrderStrategies: true,
  taxDisabled: false,
  versionCheck: true,
  tokensInLocalStorage: false,
  sendAuthHeaderToApi: false,
};

/**
 * Error reporting and session replay (spec §9). Keys carry @sentry/react's option names:
 * tracesSampleRate, replaysSessionSampleRate and replaysOnErrorSampleRate belong to `Sentry.init`;
 * flushMinDelay … maskAllInputs to `Sentry.replayIntegration`. sessionIdlePause, sessionIdleExpire,
 * networkBodyMaxSize and minReplayDurationLimit are not options but Sentry's built-in limits
 * (SESSION_IDLE_PAUSE_DURATION, SESSION_IDLE_EXPIRE_DURATION, NETWORK_BODY_MAX_SIZE,
 * MIN_REPLAY_DURATION_LIMIT); they are kept here so a check can compare them. Replay is on only
 * when an error-reporting DSN is configured.
 */
export const MONITORING = {
  tracesSampleRate: 1.0,
  replaysSessionSampleRate: 0.1,
  replaysOnErrorSampleRate: 1.0,
  replayRequiresDsn: true,
  flushMinDelay: 5_000,
  flushMaxDelay: 5_500,
  minReplayDuration: 4_999,
  /** minReplayDuration is capped at 15 s. */
  minReplayDurationLimit: 15_000,
  maxReplayDuration: 3_600_000,
  sessionIdlePause: 300_000,
  sessionIdleExpire: 900_000,
  slowClickTimeout: 7_000,
  mutationLimit: 10_000,
  mutationBreadcrumbLimit: 750,
  /** Request and response bodies are truncated at this many characters. */
  networkBodyMaxSize: 150_000,
  maskAllText: true,
  maskAllInputs: true,
} as const;

/**
 * Reference ISINs (spec §9: seven ISINs, each mapped to a quote ISIN). Each is an earlier or a
 * temporary line of a share that was converted one for one into the line it maps to: a holding
 * still booked under the old ISIN is worth exactly what the new line is, so it is quoted through
 * it (quotes, live stream, price history). Decision record: docs/decisions/024-reference-isins.md.
 */
export const REFERENCE_ISINS: Readonly<Record<string, string>> = {
  /** Google Inc. Class A → Alphabet Inc. A (holding company reorganisation, 2 Oct 2015, 1:1). */
  US38259P5089: 'US02079K3059',
  /** Google Inc. Class C → Alphabet Inc. C (same reorganisation, 1:1). */
  US38259P7069: 'US02079K1079',
  /** Royal Dutch Shell A → Shell plc (A and B assimilated into one line, 29 Jan 2022, 1:1). */
  GB00B03MLX29: 'GB00BP6MXD84',
  /** Royal Dutch Shell B → Shell plc (same assimilation, 1:1). */
  GB00B03MM408: 'GB00BP6MXD84',
  /** Unilever N.V. → Unilever PLC (unification, 30 Nov 2020: one PLC share per N.V. share). */
  NL0000388619: 'GB00B10RZP78',
  /** Bayer AG bearer shares → registered shares (21 Sep 2009, 1:1). */
  DE0005752000: 'DE000BAY0017',
  /** Bayer AG new shares from the 2016/2019 mandatory convertible → the main line once dividend-equal. */
  DE000BAY0173: 'DE000BAY0017',
};

/** The ISIN whose quotes an instrument is priced with: its reference line's, else its own. */
export function quoteIsinOf(isin: string): string {
  return Object.hasOwn(REFERENCE_ISINS, isin) ? REFERENCE_ISINS[isin]! : isin;
}
