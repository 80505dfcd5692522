import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, testConfig } from '../test/fixtures';
import { runtimeConfigSchema } from '@kontor/domain/runtime-config';
import { ConfigLoadError, loadRuntimeConfig, readRuntimeConfig } from './config';

/** Every value in `value` by its path, objects and arrays included. */
function paths(value: unknown, at: (string | number)[] = []): (string | number)[][] {
  if (typeof value !== 'object' || value === null) return [at];
  return [at, ...Object.entries(value).flatMap(([key, v]) => paths(v, [...at, Array.isArray(value) ? Number(key) : key]))];
}

function replaced(value: unknown, path: (string | number)[], by: unknown): unknown {
  if (path.length === 0) return by;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  if (rest.length === 0 && by === undefined) delete copy[head];
  else copy[head] = replaced(copy[head], rest, by);
  return copy;
}

describe('runtime configuration', () => {
  it('loads and validates /config.json', async () => {
    const fetch = vi.fn(async () => jsonResponse(testConfig()));
    await expect(loadRuntimeConfig(fetch as unknown as typeof globalThis.fetch)).resolves.toEqual(testConfig());
    expect(fetch).toHaveBeenCalledWith('/config.json', expect.anything());
  });

  it('fails on a malformed configuration, an error status or no connection', async () => {
    const malformed = vi.fn(async () => jsonResponse({ ...testConfig(), externalLinks: {} }));
    const missing = vi.fn(async () => new Response('nope', { status: 404 }));
    const offline = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    for (const fetch of [malformed, missing, offline]) {
      await expect(loadRuntimeConfig(fetch as unknown as typeof globalThis.fetch)).rejects.toBeInstanceOf(ConfigLoadError);
    }
  });

  it('reads /config.json as the domain schema does: the same configurations refused, unknown keys left out', () => {
    const full = {
      ...testConfig({ identity: { region: 'eu-central-1', userPoolId: 'eu-central-1_x', userPoolClientId: 'c', userPoolEndpoint: '/identity/' }, devTools: true }),
      unknown: 'left out',
      featureFlags: { ...testConfig().featureFlags, unknownFlag: true },
    };
    const samples: unknown[] = [full, testConfig(), null, [], 'config', { ...full, identity: { region: 'r', userPoolId: 'p', userPoolClientId: 'c' } }];
    for (const path of paths(full)) for (const by of [undefined, null, 1, 'de', true, [], {}]) samples.push(replaced(full, path, by));
    for (const sample of samples) {
      const parsed = runtimeConfigSchema.safeParse(sample);
      expect(readRuntimeConfig(sample), JSON.stringify(sample)).toEqual(parsed.success ? parsed.data : null);
    }
  });
});
