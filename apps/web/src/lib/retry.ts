import { RETRY_MAX_DELAY_MS } from '@kontor/domain/constants';

/**
 * Retry with exponential backoff and jitter (spec §7: refresh and revoke calls, up to 5 s of
 * waiting in total). Only failures that another attempt can cure are retried: by default network
 * errors. A refused token (NotAuthorizedException) will not get better by asking again.
 */

export type RetryOptions = {
  /** Which errors are worth another attempt; network errors by default. */
  retryIf?: (error: unknown) => boolean;
  /** The waits between attempts add up to at most this (RETRY_MAX_DELAY_MS). */
  maxTotalDelayMs?: number;
  /** The first wait is between half and all of this; each later one doubles. */
  baseDelayMs?: number;
  random?: () => number;
  sleep?: (ms: number) => Promise<void>;
};

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function errorName(error: unknown): string {
  return error && typeof error === 'object' && 'name' in error && typeof error.name === 'string' ? error.name : '';
}

/**
 * The identity client reports a failed fetch as `NetworkError` (spec §8 'Network error'); fetch
 * itself throws a TypeError; Kontor's API client an ApiError with status 0.
 */
export function isNetworkError(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const name = errorName(error);
  if (name === 'NetworkError' || name === 'ERR_NETWORK') return true;
  if (error instanceof TypeError) return true;
  if (name === 'ApiError' && 'status' in error && error.status === 0) return true;
  return false;
}

export function isNotAuthorized(error: unknown): boolean {
  return errorName(error).startsWith('NotAuthorizedException');
}

/** The waits withRetry would make, for a given random source (exported for tests and docs). */
export function backoffDelay(attempt: number, baseDelayMs: number, random: () => number): number {
  const ceiling = baseDelayMs * 2 ** attempt;
  // "Equal jitter": never zero, so a crowd of clients spreads out instead of retrying at once.
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

export async function withRetry<T>(operation: (attempt: number) => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const {
    retryIf = isNetworkError,
    maxTotalDelayMs = RETRY_MAX_DELAY_MS,
    baseDelayMs = 250,
    random = Math.random,
    sleep = defaultSleep,
  } = options;
  let waited = 0;
  for (let attempt = 0; ; attempt++) {
    try {
      return await operation(attempt);
    } catch (error) {
      const remaining = maxTotalDelayMs - waited;
      if (isNotAuthorized(error) || !retryIf(error) || remaining <= 0) throw error;
      const delay = Math.min(remaining, backoffDelay(attempt, baseDelayMs, random));
      await sleep(delay);
      waited += delay;
    }
  }
}
