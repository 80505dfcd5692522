import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import de from '../../../public/assets/i18n/de.json';
import en from '../../../public/assets/i18n/en.json';
import { configureApi, createApiClient } from '../../lib/api-client';
import { i18n, initI18n, translationUrl } from '../../lib/i18n';
import { installFakePosteingangServer, testDocument } from '../../test/fake-posteingang-server';
import { renderApp } from '../../test/render';

vi.setConfig({ testTimeout: 30_000 });

afterEach(() => {
  configureApi(createApiClient());
  vi.unstubAllGlobals();
});

const id = (n: number) => `${String(n).padStart(8, '0')}-2222-4333-8444-555555555555`;

describe('/posteingang after switching to English', () => {
  it('shows the domain’s category labels and the dates in English at once, says a document opened is German, and all is German again after switching back', async () => {
    // Both translation files, as the server serves them; the app renders in German first.
    await initI18n({
      language: 'de',
      fetch: async (url) => new Response(JSON.stringify([translationUrl('en', 'start'), translationUrl('en', 'rest')].includes(String(url)) ? en : de), { headers: { 'content-type': 'application/json' } }),
    });
    installFakePosteingangServer({
      documents: [testDocument({ id: id(1), title: 'Jahressteuerbescheinigung 2025', kind: 'tax_certificate', category: 'STEUERN', date: '2026-03-01T10:00:00.000Z' })],
    });
    await renderApp('/posteingang?modus=CATEGORIES');
    const item = () => document.querySelector(`[data-document-id="${id(1)}"]`);
    await waitFor(() => expect(item()?.textContent).toContain('Steuern · 01.03.2026'), { timeout: 10_000 });
    const chips = () => within(screen.getByRole('group', { name: /^(Kategorien auswählen|Choose categories)$/ }));
    expect(chips().getByRole('button', { name: 'Verträge & Informationen' })).toBeTruthy();

    await act(() => i18n.changeLanguage('en'));
    // Dates stay in German format (a decision taken); the label is English.
    await waitFor(() => expect(item()?.textContent).toContain('Taxes · 01/03/2026'));
    expect(chips().getByRole('button', { name: 'Contracts & information' })).toBeTruthy();
    expect(chips().getByRole('button', { name: 'Corporate actions' })).toBeTruthy();
    expect(chips().queryByRole('button', { name: 'Kapitalmaßnahmen' })).toBeNull();

    // Its title reads in English in the list and the viewer; the document, opened, says it is German, the legal text.
    expect(item()?.textContent).toContain('Annual tax certificate 2025');
    await act(() => (item()!.querySelector('a, button') as HTMLElement).click());
    const viewer = await screen.findByRole('dialog', { name: 'Annual tax certificate 2025' }, { timeout: 15_000 });
    expect(within(viewer).getByText('This document is in German: it is the legally binding text.')).toBeTruthy();
    await act(() => i18n.changeLanguage('de'));
    await waitFor(() => expect(within(viewer).queryByText(/This document is in German/)).toBeNull());
    await waitFor(() => expect(item()?.textContent).toContain('Steuern · 01.03.2026'));
    expect(item()?.textContent).toContain('Jahressteuerbescheinigung 2025');
  });
});
