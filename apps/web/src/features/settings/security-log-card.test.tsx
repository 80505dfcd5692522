import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SecurityEvent, SecurityLogPage } from '@kontor/domain/security-log-contracts';
import { configureApi, createApiClient } from '../../lib/api-client';
import { jsonResponse } from '../../test/fixtures';
import { renderAlone } from '../../test/render';
import { SecurityLogCard } from './security-log-card';

vi.setConfig({ testTimeout: 30_000 });

const event = (n: number, e: Partial<SecurityEvent> = {}): SecurityEvent => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  kind: 'SIGN_IN',
  at: '2026-11-23T09:00:00.000Z',
  device: 'Firefox 133 · Windows',
  network: 'PUBLIC',
  country: 'AT',
  address: '81.10.20.x',
  detail: null,
  ...e,
});

/** The log as the server pages it: the first page, then (with its cursor) the second. */
let pages: Record<string, SecurityLogPage>;
const asked: string[] = [];
beforeEach(() => {
  asked.length = 0;
  configureApi(
    createApiClient({
      fetch: async (input) => {
        const url = new URL(String(input), 'http://localhost');
        if (url.pathname !== '/api/security-log') return jsonResponse({ message: 'not here' }, { status: 404 });
        const cursor = url.searchParams.get('cursor') ?? '';
        asked.push(cursor);
        return jsonResponse(pages[cursor] ?? { events: [], nextCursor: null });
      },
    }),
  );
});
afterEach(() => configureApi(createApiClient()));

describe('Einstellungen → Sicherheitsprotokoll', () => {
  it('names each event in German with time, browser, country and address, the amount of a payout in euros', async () => {
    pages = {
      '': {
        events: [
          event(3, { kind: 'PAYOUT', detail: '1250.50', device: null, network: null, country: null, address: null }),
          event(2, { kind: 'SIGN_IN_FAILED' }),
          event(1, { kind: 'LOCKED_OUT', network: 'LOCAL', country: null, address: '192.168.1.x', device: null }),
        ],
        nextCursor: null,
      },
    };
    await renderAlone(<SecurityLogCard />);
    const card = await screen.findByRole('region', { name: 'Sicherheitsprotokoll' });
    const items = await within(card).findAllByRole('listitem');
    expect(items.map((i) => i.querySelector('strong')!.textContent)).toEqual(['Auszahlung beauftragt', 'Fehlgeschlagene Anmeldung', 'Zugang gesperrt']);
    expect(items[0]!.textContent).toMatch(/1\.250,50\s€/);
    expect(items[1]!.textContent).toContain('Firefox 133 · Windows · Österreich · 81.10.20.x');
    expect(items[1]!.textContent).toContain('23.11.2026');
    expect(items[2]!.textContent).toContain('Gerät unbekannt · Lokales Netz · 192.168.1.x');
    expect(within(card).queryByRole('button', { name: 'Mehr laden' })).toBeNull();
  });

  it('names a TAN lock and says until when it lasts', async () => {
    pages = { '': { events: [event(1, { kind: 'TAN_LOCKED', detail: '2026-11-23T09:30:00.000Z' })], nextCursor: null } };
    await renderAlone(<SecurityLogCard />);
    const card = await screen.findByRole('region', { name: 'Sicherheitsprotokoll' });
    const [item] = await within(card).findAllByRole('listitem');
    expect(item!.querySelector('strong')!.textContent).toBe('Bestätigung per TAN gesperrt');
    expect(item!.textContent).toMatch(/Gesperrt bis 23\.11\.2026,? 10:30/);
  });

  it('says so when there is nothing yet', async () => {
    pages = { '': { events: [], nextCursor: null } };
    await renderAlone(<SecurityLogCard />);
    const card = await screen.findByRole('region', { name: 'Sicherheitsprotokoll' });
    await within(card).findByText('Noch keine Einträge.');
  });

  it('loads the next page with "Mehr laden", by keyboard, and then has no more', async () => {
    pages = {
      '': { events: Array.from({ length: 20 }, (_, i) => event(40 - i)), nextCursor: 'seite-2' },
      'seite-2': { events: [event(5, { kind: 'EMAIL_CHANGED', detail: 'neu@kontor.example' })], nextCursor: null },
    };
    const { user } = await renderAlone(<SecurityLogCard />);
    const card = await screen.findByRole('region', { name: 'Sicherheitsprotokoll' });
    const more = await within(card).findByRole('button', { name: 'Mehr laden' });
    expect(within(card).getAllByRole('listitem')).toHaveLength(20);
    more.focus();
    await user.keyboard('{Enter}');
    await within(card).findByText('E-Mail-Adresse geändert');
    expect(within(card).getAllByRole('listitem')).toHaveLength(21);
    await waitFor(() => expect(within(card).queryByRole('button', { name: 'Mehr laden' })).toBeNull());
    // The second page was asked once, with the first page's cursor.
    expect(asked.filter((c) => c === 'seite-2')).toHaveLength(1);
  });
});
