import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAlone } from '../test/render';
import { OfflineNotice } from './offline-notice';

const NOTICE = 'Keine Verbindung. Kontor zeigt wieder aktuelle Daten, sobald Sie online sind.';

/** What the browser says about the connection, and the event it fires when that changes. */
function goOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => void window.dispatchEvent(new Event(online ? 'online' : 'offline')));
}

describe('offline notice', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('says so in German while the device is offline, and goes once it is back', async () => {
    await renderAlone(<OfflineNotice />);
    expect(screen.queryByText(NOTICE)).toBeNull();
    goOnline(false);
    expect(screen.getByRole('status').textContent).toBe(NOTICE);
    goOnline(true);
    expect(screen.queryByText(NOTICE)).toBeNull();
  });

  it('shows at once when the app starts offline', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await renderAlone(<OfflineNotice />);
    expect(screen.getByRole('status').textContent).toBe(NOTICE);
  });
});
