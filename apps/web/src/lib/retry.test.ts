import { RETRY_MAX_DELAY_MS } from '@kontor/domain/constants';
import { describe, expect, it, vi } from 'vitest';
import { isNetworkError, withRetry } from './retry';

const networkError = () => Object.assign(new Error('A network error has occurred.'), { name: 'NetworkError' });
const notAuthorized = () => Object.assign(new Error('Invalid Refresh Token'), { name: 'NotAuthorizedException' });

function recordingSleep() {
  const waits: number[] = [];
  return { waits, sleep: async (ms: number) => void waits.push(ms) };
}

describe('withRetry', () => {
  it('returns the first success without waiting', async () => {
    const { waits, sleep } = recordingSleep();
    await expect(withRetry(async () => 'ok', { sleep })).resolves.toBe('ok');
    expect(waits).toEqual([]);
  });

  it('retries network errors with growing waits until it succeeds', async () => {
    const { waits, sleep } = recordingSleep();
    let calls = 0;
    const result = await withRetry(
      async () => {
        calls++;
        if (calls < 4) throw networkError();
        return 'refreshed';
      },
      { sleep, random: () => 0.5 },
    );
    expect(result).toBe('refreshed');
    expect(calls).toBe(4);
    expect(waits).toHaveLength(3);
    expect(waits[1]!).toBeGreaterThan(waits[0]!);
    expect(waits[2]!).toBeGreaterThan(waits[1]!);
  });

  it('waits at most 5 s in total, whatever the jitter, then gives up with the last error', async () => {
    for (const r of [0, 0.3, 0.999]) {
      const { waits, sleep } = recordingSleep();
      const operation = vi.fn(async () => {
        throw networkError();
      });
      await expect(withRetry(operation, { sleep, random: () => r })).rejects.toThrow('A network error has occurred.');
      const total = waits.reduce((a, b) => a + b, 0);
      expect(total).toBeLessThanOrEqual(RETRY_MAX_DELAY_MS);
      expect(total).toBe(RETRY_MAX_DELAY_MS);
      expect(waits.every((w) => w > 0)).toBe(true);
      expect(operation).toHaveBeenCalledTimes(waits.length + 1);
      expect(operation.mock.calls.length).toBeLessThan(12);
    }
  });

  it('jitter spreads the waits between half and all of the exponential step', async () => {
    const low = recordingSleep();
    const high = recordingSleep();
    const fail = async () => {
      throw networkError();
    };
    await withRetry(fail, { sleep: low.sleep, random: () => 0, maxTotalDelayMs: 100_000 }).catch(() => {});
    await withRetry(fail, { sleep: high.sleep, random: () => 0.999999, maxTotalDelayMs: 100_000 }).catch(() => {});
    expect(low.waits.slice(0, 3)).toEqual([125, 250, 500]);
    expect(high.waits.slice(0, 3)).toEqual([250, 500, 1000]);
  });

  it('never retries NotAuthorizedException', async () => {
    const { waits, sleep } = recordingSleep();
    const operation = vi.fn(async () => {
      throw notAuthorized();
    });
    await expect(withRetry(operation, { sleep, retryIf: () => true })).rejects.toThrow('Invalid Refresh Token');
    expect(operation).toHaveBeenCalledTimes(1);
    expect(waits).toEqual([]);
  });

  it('does not retry other service errors either', async () => {
    const operation = vi.fn(async () => {
      throw Object.assign(new Error('Invalid code'), { name: 'CodeMismatchException' });
    });
    await expect(withRetry(operation, { sleep: async () => {} })).rejects.toThrow('Invalid code');
    expect(operation).toHaveBeenCalledTimes(1);
  });
});

describe('isNetworkError', () => {
  it('knows the identity client, fetch and API client forms', () => {
    expect(isNetworkError(networkError())).toBe(true);
    expect(isNetworkError(new TypeError('Failed to fetch'))).toBe(true);
    expect(isNetworkError(Object.assign(new Error('offline'), { name: 'ApiError', status: 0 }))).toBe(true);
    expect(isNetworkError(Object.assign(new Error('x'), { name: 'ApiError', status: 401 }))).toBe(false);
    expect(isNetworkError(notAuthorized())).toBe(false);
    expect(isNetworkError('boom')).toBe(false);
  });
});
