import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../test/render';

// The menu arrives when the test says so: as on a slow line, after the customer turned to it.
const arrival = vi.hoisted(() => {
  let arrive!: () => void;
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  return { arrive, arrived };
});
vi.mock('./customer-menu', async (importOriginal) => {
  await arrival.arrived;
  return importOriginal();
});

const menuButton = () => within(screen.getByRole('banner')).getByRole('button', { name: 'Kundenmenü' });

describe('the customer menu before it has loaded', () => {
  it('a button of the same name; reached by keyboard and pressed, the menu opens as it arrives, and closing it returns the focus to its button', async () => {
    const { user } = await renderApp('/depot');
    await screen.findByRole('heading', { level: 1, name: 'Depot' });
    const plain = menuButton();
    expect(plain.getAttribute('aria-haspopup')).toBe('true');
    expect(plain.getAttribute('aria-expanded')).toBe('false');
    act(() => plain.focus());
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('menu')).toBeNull();
    await act(async () => arrival.arrive());
    const menu = await screen.findByRole('menu', { name: 'Kundenmenü' });
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toContain('Abmelden');
    await waitFor(() => expect(menu.contains(document.activeElement)).toBe(true));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    const button = menuButton();
    expect(button).not.toBe(plain);
    await waitFor(() => expect(document.activeElement).toBe(button));
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });
});
