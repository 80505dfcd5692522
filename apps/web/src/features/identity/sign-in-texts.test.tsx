import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { textPart, type TextPart } from '@kontor/domain/text-parts';
import de from '../../../public/assets/i18n/de.json';
import { initI18n } from '../../lib/i18n';
import { testAuth } from '../../test/fixtures';
import { renderApp } from '../../test/render';

/** A text key shown instead of its text ("auth.signIn.title"): any section of de.json followed by a dot. */
const rawKey = new RegExp(`\\b(${Object.keys(de).join('|')})\\.[a-zA-Z]`);

describe('the sign-in screens with the first part of the texts alone', () => {
  it('read in German, with no key shown and without the pages\' texts being fetched', async () => {
    const requested: string[] = [];
    await initI18n({
      language: 'de',
      fetch: async (url) => {
        const part = /\.(start|rest)\.json$/.exec(String(url))?.[1] as TextPart | undefined;
        requested.push(part ?? String(url));
        return new Response(JSON.stringify(part ? textPart(de, part) : de), { headers: { 'content-type': 'application/json' } });
      },
    });
    const { user, router } = await renderApp('/anmelden', { auth: testAuth({ status: 'signedOut' }) });
    await screen.findByRole('heading', { level: 1, name: 'Anmelden' });
    expect(screen.getByRole('radiogroup', { name: 'Sprache' })).toBeTruthy();
    expect(document.body.textContent).not.toMatch(rawKey);

    await user.click(screen.getByRole('link', { name: 'Passwort vergessen?' }));
    await screen.findByRole('heading', { level: 1, name: 'Passwort vergessen' });
    expect(router.state.location.pathname).toBe('/passwort-vergessen');
    expect(document.body.textContent).not.toMatch(rawKey);
    expect(requested).toEqual(['start']);
  });
});
