import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testConfig } from '../test/fixtures';
import { renderApp } from '../test/render';

const AREAS = [
  ['Depot', '/depot'],
  ['Orders', '/orders'],
  ['Sparpläne', '/sparplaene'],
  ['Watchlisten', '/watchlisten'],
  ['Geldtransfer', '/geldtransfer'],
  ['Kapitalmaßnahmen', '/kapitalmassnahmen'],
  ['Steuern', '/steuern'],
  ['Posteingang', '/posteingang'],
  ['Benachrichtigungen', '/benachrichtigungen'],
  ['Notizen', '/notizen'],
  ['Service', '/service'],
  ['Einstellungen', '/einstellungen'],
  ['Geräte', '/geraete'],
] as const;

/** Both navigations are in the DOM; CSS shows the side one from 768 px, the bottom bar below. */
function navigations() {
  const [side, bottom] = screen.getAllByRole('navigation', { name: 'Hauptnavigation' });
  return { side: side!, bottom: bottom! };
}

describe('layout', () => {
  it('opens on the depot: "/" redirects there', async () => {
    const { router } = await renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Depot' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/depot');
  });

  it('keeps campaign parameters when redirecting from "/"', async () => {
    const { router } = await renderApp('/?fzsrc=newsletter');
    await screen.findByRole('heading', { level: 1, name: 'Depot' });
    expect(router.state.location.search).toBe('?fzsrc=newsletter');
  });

  it('the side navigation lists every area in German', async () => {
    await renderApp('/depot');
    await screen.findByRole('heading', { level: 1, name: 'Depot' });
    const { side } = navigations();
    const links = within(side).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual(AREAS.map(([label, path]) => [label, path]));
    expect(within(side).getByRole('link', { name: 'Depot' }).getAttribute('aria-current')).toBe('page');
  });

  it('every area opens its page with its title and level-2 sections', async () => {
    const { user } = await renderApp('/depot');
    await screen.findByRole('heading', { level: 1, name: 'Depot' });
    for (const [label] of AREAS) {
      await user.click(within(navigations().side).getByRole('link', { name: label }));
      // Settings and devices load the identity client with their chunk: the suite's findBy cap allows for it.
      const heading = await screen.findByRole('heading', { level: 1, name: label });
      const main = screen.getByRole('main');
      expect(main.contains(heading)).toBe(true);
      // Level-2 headings structure the page (an empty state, or the cards of settings and devices).
      expect(within(main).getAllByRole('heading', { level: 2 })[0]!.textContent).not.toBe('');
      await waitFor(() => expect(document.title).toBe(`${label} · Kontor`));
    }
    // Twelve page loads through the whole layout (top-bar search included): near 15 s on a loaded
    // two-core runner, more beside two busy cores. A cap, not a wait.
  }, 90_000);

  it('the bottom bar holds the five most used areas and "Mehr" for the rest', async () => {
    const { user, router } = await renderApp('/depot');
    await screen.findByRole('heading', { level: 1, name: 'Depot' });
    const { bottom } = navigations();
    expect(within(bottom).getAllByRole('link').map((l) => l.textContent)).toEqual([
      'Depot',
      'Orders',
      'Sparpläne',
      'Watchlist',
      'Postfach',
    ]);
    await user.click(within(bottom).getByRole('button', { name: 'Weitere Bereiche' }));
    const menu = await screen.findByRole('menu', { name: 'Weitere Bereiche' });
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Geldtransfer',
      'Kapitalmaßnahmen',
      'Steuern',
      'Benachrichtigungen',
      'Notizen',
      'Service',
      'Einstellungen',
      'Geräte',
    ]);
    await user.click(within(menu).getByRole('menuitem', { name: 'Notizen' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Notizen' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/notizen');
  });

  it('top bar: wordmark, security search and the customer menu', async () => {
    const { user } = await renderApp('/orders');
    await screen.findByRole('heading', { level: 1, name: 'Orders' });
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('link', { name: /Kontor/ }).getAttribute('href')).toBe('/depot');
    const search = within(screen.getByRole('search')).getByRole('combobox', { name: 'Wertpapiersuche' });
    expect(search.getAttribute('placeholder')).toBe('Name, ISIN oder WKN');

    await user.click(within(banner).getByRole('button', { name: 'Kundenmenü' }));
    const menu = await screen.findByRole('menu', { name: 'Kundenmenü' });
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Einstellungen',
      'Geräte',
      'Service',
      'Verwaltung',
      'Abmelden',
    ]);
    await user.click(within(menu).getByRole('menuitem', { name: 'Geräte' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Geräte' })).toBeTruthy();
  });

  it('footer links come from the runtime configuration and open in a new window', async () => {
    const config = testConfig();
    config.externalLinks.fairUsePolicy = '';
    await renderApp('/depot', { config });
    await screen.findByRole('heading', { level: 1, name: 'Depot' });
    const footer = within(screen.getByRole('contentinfo'));
    const imprint = footer.getByRole('link', { name: 'Impressum' });
    expect(imprint.getAttribute('href')).toBe('https://kontor.example/impressum');
    expect(imprint.getAttribute('target')).toBe('_blank');
    expect(imprint.getAttribute('rel')).toContain('noopener');
    for (const [name, href] of [
      ['Datenschutz', config.externalLinks.dataProtection],
      ['Nutzungsbedingungen', config.externalLinks.termsOfUse],
      ['Preis- und Leistungsverzeichnis', config.externalLinks.priceList],
      ['FAQ', config.externalLinks.faq],
      ['Mastodon', 'https://social.example/@kontor'],
    ]) {
      expect(footer.getByRole('link', { name }).getAttribute('href')).toBe(href);
    }
    expect(footer.queryByRole('link', { name: 'Fair-Use-Richtlinie' })).toBeNull();
  });

  it('a footer link to a page of the app (the price list) opens it in place', async () => {
    const config = testConfig();
    config.externalLinks.priceList = '/preisverzeichnis';
    const { user, router } = await renderApp('/depot', { config });
    await screen.findByRole('heading', { level: 1, name: 'Depot' });
    const link = within(screen.getByRole('contentinfo')).getByRole('link', { name: 'Preis- und Leistungsverzeichnis' });
    expect(link.getAttribute('target')).toBeNull();
    await user.click(link);
    expect(await screen.findByRole('heading', { level: 1, name: 'Preis- und Leistungsverzeichnis' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/preisverzeichnis');
  });

  it('after navigating, focus is on the new page heading; the redirect from "/" leaves focus alone', async () => {
    const { user } = await renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'Depot' });
    expect(document.activeElement).toBe(document.body);
    await user.click(within(navigations().side).getByRole('link', { name: 'Posteingang' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Posteingang' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
  });

  it('offers a skip link to the main content', async () => {
    await renderApp('/depot');
    await screen.findByRole('heading', { level: 1, name: 'Depot' });
    expect(screen.getByRole('link', { name: 'Zum Inhalt springen' }).getAttribute('href')).toBe('#main');
    expect(screen.getByRole('main').id).toBe('main');
  });
});
