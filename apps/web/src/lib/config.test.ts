import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, testConfig } from '../test/fixtures';
import { ConfigLoadError, loadRuntimeConfig } from './config';

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
});
