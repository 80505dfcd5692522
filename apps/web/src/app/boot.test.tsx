import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { RuntimeConfig } from '../lib/config';
import { testConfig } from '../test/fixtures';
import { Boot } from './boot';

describe('boot', () => {
  it('shows a loading skeleton, then the app', async () => {
    let resolve!: (config: RuntimeConfig) => void;
    const start = vi.fn(() => new Promise<RuntimeConfig>((r) => (resolve = r)));
    render(
      <StrictMode>
        <Boot start={start}>{(config) => <p>Umgebung {config.environment}</p>}</Boot>
      </StrictMode>,
    );
    expect(screen.getByRole('status').getAttribute('aria-busy')).toBe('true');
    resolve(testConfig());
    expect(await screen.findByText('Umgebung test')).toBeTruthy();
  });

  it('when the configuration cannot be loaded: a German error screen, and "Erneut versuchen" starts again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const start = vi.fn<() => Promise<RuntimeConfig>>().mockRejectedValue(new Error('offline'));
    const user = userEvent.setup();
    render(<Boot start={start}>{() => <p>App läuft</p>}</Boot>);

    const alert = await screen.findByRole('alert');
    expect(screen.getByRole('heading', { level: 1, name: 'Kontor ist gerade nicht erreichbar' })).toBeTruthy();
    expect(alert.textContent).toContain('Bitte prüfen Sie Ihre Internetverbindung');

    start.mockResolvedValue(testConfig());
    await user.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    expect(await screen.findByText('App läuft')).toBeTruthy();
    expect(start).toHaveBeenCalledTimes(2);
  });
});
