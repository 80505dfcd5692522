import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../test/render';

describe('unknown routes', () => {
  it('show "Seite nicht gefunden" inside the layout, with a way back to the depot', async () => {
    const { user, router } = await renderApp('/gibt-es-nicht/123');
    const heading = await screen.findByRole('heading', { level: 1, name: 'Seite nicht gefunden' });
    expect(screen.getByRole('main').contains(heading)).toBe(true);
    expect(screen.getAllByRole('navigation', { name: 'Hauptnavigation' }).length).toBeGreaterThan(0);
    expect(document.title).toBe('Seite nicht gefunden · Kontor');

    await user.click(within(screen.getByRole('main')).getByRole('link', { name: 'Zum Depot' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Depot' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/depot');
  });
});
