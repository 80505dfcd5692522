import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { APP_VERSIONS, FEATURE_FLAGS, VERSION_CHECK_INTERVAL_MS } from '@kontor/domain/constants';
import { configureApi, createApiClient } from '../lib/api-client';
import { announceNewRelease } from '../lib/version-check';
import { jsonResponse, testConfig } from '../test/fixtures';
import { renderAlone } from '../test/render';
import { VersionBanner } from './version-banner';

const MESSAGE = 'Eine neue Version von Kontor ist verfügbar.';

/** The server's answer to /api/versions/check; the calls it got. */
function versionServer(updateRequired: boolean) {
  const calls: URL[] = [];
  configureApi(
    createApiClient({
      fetch: (async (input: RequestInfo | URL) => {
        const url = new URL(String(input), 'http://localhost');
        calls.push(url);
        return jsonResponse({ web: APP_VERSIONS.web, api: APP_VERSIONS.api, updateRequired });
      }) as typeof fetch,
    }),
  );
  return calls;
}

/** Moves the poll timer on; only intervals are fake, so rendering and promises run as usual. */
const passMs = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));

describe('version check', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks every five minutes with its own version and offers a reload once the app is outdated', async () => {
    const calls = versionServer(true);
    const reload = vi.fn();
    const { user } = await renderAlone(<VersionBanner reload={reload} />);
    await passMs(VERSION_CHECK_INTERVAL_MS - 1);
    expect(calls).toHaveLength(0);
    await passMs(1);
    expect(calls.map((u) => [u.pathname, u.searchParams.get('version')])).toEqual([['/api/versions/check', '1.2-6']]);
    const banner = await screen.findByRole('status');
    expect(banner.textContent).toContain(MESSAGE);
    // Non-blocking: the rest of the page stays usable; the banner only offers the reload.
    await user.click(screen.getByRole('button', { name: 'Neu laden' }));
    expect(reload).toHaveBeenCalledOnce();
    // Once outdated, the app stops asking.
    await passMs(3 * VERSION_CHECK_INTERVAL_MS);
    expect(calls).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Später' }));
    expect(screen.queryByText(MESSAGE)).toBeNull();
  });

  it('shows nothing while the app is current, and keeps asking', async () => {
    const calls = versionServer(false);
    await renderAlone(<VersionBanner reload={() => {}} />);
    await passMs(2 * VERSION_CHECK_INTERVAL_MS);
    expect(calls).toHaveLength(2);
    expect(screen.queryByText(MESSAGE)).toBeNull();
  });

  it('does not ask at all with the versionCheck flag off', async () => {
    const calls = versionServer(true);
    await renderAlone(<VersionBanner reload={() => {}} />, { config: testConfig({ featureFlags: { ...FEATURE_FLAGS, versionCheck: false } }) });
    await passMs(3 * VERSION_CHECK_INTERVAL_MS);
    expect(calls).toHaveLength(0);
    expect(screen.queryByText(MESSAGE)).toBeNull();
  });

  // Last in the file: the announcement stays for the life of the page (here: of the module).
  it('offers the reload once the service worker of a new release took over, without asking the server', async () => {
    const calls = versionServer(false);
    const reload = vi.fn();
    const { user } = await renderAlone(<VersionBanner reload={reload} />);
    expect(screen.queryByText(MESSAGE)).toBeNull();
    act(() => announceNewRelease());
    expect((await screen.findByRole('status')).textContent).toContain(MESSAGE);
    await user.click(screen.getByRole('button', { name: 'Neu laden' }));
    expect(reload).toHaveBeenCalledOnce();
    await passMs(2 * VERSION_CHECK_INTERVAL_MS);
    expect(calls).toHaveLength(0);
  });
});
