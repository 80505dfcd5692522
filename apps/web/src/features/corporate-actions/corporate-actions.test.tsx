import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CaAnnouncement, CaPreview } from '@kontor/domain/ca-contracts';
import { configureApi, createApiClient } from '../../lib/api-client';
import { resetDevTools } from '../../lib/dev-tools';
import { installFakeTicketServer } from '../../test/fake-ticket-server';
import { jsonResponse } from '../../test/fixtures';
import { renderApp } from '../../test/render';

vi.setConfig({ testTimeout: 30_000 });

const HOUR = 3_600_000;
const SAP = 'DE0007164600';
const RIGHTS = 'XR0007164600';

/** A rights issue of SAP (10 : 1 at 120 €) on 25 shares, with the deadline `left` ms from now. */
function rightsIssue(overrides: Partial<CaAnnouncement> = {}, left = 3 * 24 * HOUR + 4 * HOUR + 10 * 60_000): CaAnnouncement {
  return {
    id: `KAP-${SAP}-2026-12-01`,
    type: 'KAP',
    typeLabel: 'Kapitalerhöhung gegen Bareinlage',
    mandatory: false,
    isin: SAP,
    name: 'SAP SE',
    targetIsin: SAP,
    targetName: 'SAP SE',
    rightsIsin: RIGHTS,
    ratio: { old: '10', new: '1' },
    price: '120.00',
    dividend: null,
    foreignDividend: null,
    currency: null,
    recordDate: '2026-11-30',
    exDate: '2026-12-01',
    deadline: new Date(Date.now() + left).toISOString(),
    rightsTradingEnd: new Date(Date.now() + left + 3 * HOUR).toISOString(),
    payDate: '2026-12-11',
    announcedAt: '2026-11-26T09:00:00.000Z',
    options: [
      { option: 'BEZUG_AKTIEN_WIE_ANGEGEBEN', label: 'Angegebene Anzahl Aktien beziehen', withQuantity: true },
      { option: 'BEZUG_AKTIEN_GEM_BZR_BESTAND', label: 'Aktien gemäß Bezugsrechtsbestand beziehen', withQuantity: false },
      { option: 'BEZUGSRECHTE_VERKAUFEN', label: 'Alle Bezugsrechte verkaufen', withQuantity: false },
    ],
    defaultOption: 'BEZUGSRECHTE_VERKAUFEN',
    status: 'OFFEN',
    entitlement: { quantity: '25', rights: '25' },
    instruction: null,
    termsDocumentId: 'doc-terms',
    statementDocumentIds: [],
    ...overrides,
  };
}

const BONUS: CaAnnouncement = {
  ...rightsIssue(),
  id: `KAP2-${SAP}-2026-12-01`,
  type: 'KAP2',
  typeLabel: 'Kapitalerhöhung aus Gesellschaftsmitteln',
  mandatory: true,
  rightsIsin: null,
  price: null,
  rightsTradingEnd: null,
  options: [],
  defaultOption: null,
  status: 'INFORMATION',
  payDate: '2026-12-01',
  termsDocumentId: null,
};

function previewOf(option: string, quantity: string | null): CaPreview {
  const subscribe = option !== 'BEZUGSRECHTE_VERKAUFEN';
  const shares = quantity ?? '2';
  return {
    eventId: rightsIssue().id,
    option: option as CaPreview['option'],
    quantity,
    sharesIn: subscribe ? [{ isin: SAP, name: 'SAP SE', quantity: shares }] : [],
    sharesOut: [],
    rightsUsed: subscribe ? String(Number(shares) * 10) : '0',
    rightsBought: subscribe && Number(shares) > 2 ? String(Number(shares) * 10 - 25) : '0',
    rightsSold: subscribe ? (Number(shares) > 2 ? '0' : '5') : '25',
    rightsLapsed: '0',
    cashDebit: subscribe ? `${Number(shares) * 120 + 1}.00` : '0.00',
    cashCredit: subscribe ? '0.00' : '51.50',
    costs: '1.00',
    fraction: null,
    tax: null,
    netCash: subscribe ? `-${Number(shares) * 120 + 1}.00` : '51.50',
    reserve: subscribe ? `${Number(shares) * 120 + 1}.00` : '0.00',
    needsAuthorisation: subscribe,
    bookedOn: { rights: '2026-12-08', pay: '2026-12-11' },
  };
}

let events: CaAnnouncement[];
let instructionAnswer: ((body: Record<string, unknown>) => Response) | null;
let server: ReturnType<typeof installFakeTicketServer>;

beforeEach(() => {
  resetDevTools();
  events = [rightsIssue(), BONUS];
  instructionAnswer = null;
  server = installFakeTicketServer({
    routes: (method, url, body) => {
      const path = url.pathname;
      if (method === 'GET' && path === '/api/ca/ankuendigung') return jsonResponse({ items: events });
      if (method === 'GET' && path.startsWith('/api/ca/ankuendigung/')) {
        const event = events.find((e) => e.id === decodeURIComponent(path.split('/').pop()!));
        return event ? jsonResponse(event) : jsonResponse({ message: 'Diese Kapitalmaßnahme gibt es nicht.' }, { status: 404 });
      }
      if (method === 'POST' && path === '/api/ca/weisungvorschauanfordern') {
        if (body?.quantity === '999') return jsonResponse({ message: 'Dafür reicht Ihr Guthaben nicht.' }, { status: 422 });
        return jsonResponse(previewOf(String(body?.option), (body?.quantity as string | null) ?? null));
      }
      if (method === 'POST' && path === '/api/ca/weisungerteilen') {
        if (instructionAnswer) return instructionAnswer(body!);
        const given = {
          ...events[0]!,
          status: 'WEISUNG_ERTEILT' as const,
          instruction: {
            option: body!.option as CaAnnouncement['defaultOption'] & string,
            quantity: (body!.quantity as string | null) ?? null,
            source: 'customer' as const,
            reserved: '241.00',
            instructedAt: new Date().toISOString(),
            binding: false,
          },
        };
        events = [given, ...events.slice(1)];
        return jsonResponse(given);
      }
      return undefined;
    },
  });
});

afterEach(() => {
  configureApi(createApiClient());
});

const calls = (path: string) => server.state.calls.filter((c) => c.path === path);

describe('/kapitalmassnahmen', () => {
  it('lists open events first with the time left, the status and the mandatory ones "Zur Information"', async () => {
    events = [BONUS, rightsIssue()];
    await renderApp('/kapitalmassnahmen');
    const list = await screen.findByRole('list', { name: 'Ihre Kapitalmaßnahmen' }, { timeout: 10_000 });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((i) => i.getAttribute('data-ca-status'))).toEqual(['OFFEN', 'INFORMATION']);
    expect(within(items[0]!).getByText('Noch 3 Tage 4 Std.')).toBeTruthy();
    expect(within(items[0]!).getByText('Weisung offen')).toBeTruthy();
    expect(within(items[0]!).getByText('Kapitalerhöhung gegen Bareinlage · DE0007164600')).toBeTruthy();
    expect(within(items[0]!).getByRole('link', { name: 'SAP SE' }).getAttribute('href')).toBe(`/kapitalmassnahmen/KAP-${SAP}-2026-12-01`);
    expect(within(items[1]!).getByText('Zur Information')).toBeTruthy();
    expect(within(items[1]!).getByText('Wird am 01.12.2026 gebucht.')).toBeTruthy();
  });

  it('says so when there is none', async () => {
    events = [];
    await renderApp('/kapitalmassnahmen');
    expect(await screen.findByRole('heading', { name: 'Keine anstehenden Kapitalmaßnahmen' }, { timeout: 10_000 })).toBeTruthy();
  });
});

describe('/kapitalmassnahmen/:id', () => {
  it('a rights issue: terms, the default marked, a quantity with a preview, and the instruction confirmed by TAN; then changeable until the deadline', async () => {
    const { user } = await renderApp(`/kapitalmassnahmen/KAP-${SAP}-2026-12-01`);
    await screen.findByRole('heading', { level: 1, name: 'Kapitalerhöhung gegen Bareinlage: SAP SE' }, { timeout: 10_000 });
    const fact = (name: string) => document.querySelector(`[data-ca-fact="${name}"] dd`)?.textContent;
    expect(fact('ratio')).toBe('10 : 1');
    expect(fact('price')).toBe('120,00\u00a0€');
    expect(fact('entitled')).toBe('25 Stück');
    expect(fact('rights')).toBe('25');
    expect(screen.getByRole('link', { name: 'Bedingungen des Angebots' }).getAttribute('href')).toBe('/posteingang?doc=doc-terms');

    // The default is chosen and marked; its preview: all 25 rights sold.
    const options = await screen.findByRole('radiogroup', { name: 'Weisung' });
    const byDefault = within(options).getByRole('radio', { name: /Alle Bezugsrechte verkaufen \(Standard, wenn Sie keine Weisung erteilen\)/ });
    expect((byDefault as HTMLInputElement).checked).toBe(true);
    const line = (name: string) => document.querySelector(`[data-ca-line="${name}"] dd`)?.textContent;
    await waitFor(() => expect(line('rightsSold')).toBe('25'));
    expect(line('netCash')).toBe('+51,50\u00a0€');
    expect(screen.getByText('Wird am 08.12.2026 (Bezugsrechte) und am 11.12.2026 gebucht.')).toBeTruthy();

    // Subscribing a given number: the quantity is asked for, then previewed (debounced: one call for the typed number).
    await user.click(within(options).getByRole('radio', { name: 'Angegebene Anzahl Aktien beziehen' }));
    expect(screen.getByText('Geben Sie eine Anzahl ein, um die Vorschau zu sehen.')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'Anzahl (Stück)' }), '3');
    await waitFor(() => expect(line('rightsBought')).toBe('5'));
    expect(document.querySelector(`[data-ca-line="in-${SAP}"]`)?.textContent).toBe('Eingebuchte Aktien: SAP SE+3');
    expect(line('cashDebit')).toBe('−361,00\u00a0€');
    expect(screen.getByText(/^Sofort auf dem Verrechnungskonto reserviert: 361,00\s€$/)).toBeTruthy();
    expect(calls('/api/ca/weisungvorschauanfordern').filter((c) => (c.body as { quantity?: string }).quantity === '3')).toHaveLength(1);

    // It debits cash: a TAN for exactly this instruction and amount.
    await user.click(screen.getByRole('button', { name: 'Weisung erteilen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Weisung bestätigen' });
    expect(within(dialog).getByText(/^361,00\s€$/)).toBeTruthy();
    await user.click(await within(dialog).findByRole('button', { name: 'TAN anfordern' }));
    expect(server.latest().payload).toEqual({
      type: 'CA_INSTRUCTION',
      data: { eventId: `KAP-${SAP}-2026-12-01`, option: 'BEZUG_AKTIEN_WIE_ANGEGEBEN', quantity: '3', amount: '361.00' },
    });
    await user.type(await within(dialog).findByRole('textbox', { name: 'TAN' }), `${server.latest().tan}{Enter}`);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls('/api/ca/weisungerteilen')[0]?.body).toEqual({
      eventId: `KAP-${SAP}-2026-12-01`,
      option: 'BEZUG_AKTIEN_WIE_ANGEGEBEN',
      quantity: '3',
      authorisation: { ticket: 't-1', tan: server.latest().tan, authorizationId: 'auth-t-1' },
    });
    expect(await screen.findByText('Ihre Weisung ist erteilt.')).toBeTruthy();
    expect(screen.getByText('Ihre Weisung: Angegebene Anzahl Aktien beziehen (3 Stück)')).toBeTruthy();
    expect(screen.getByText(/^Änderbar bis \d\d\.\d\d\.2026, \d\d:\d\d Uhr – Noch 3 Tage 4 Std\.$/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Weisung ändern' })).toBeTruthy();
  });

  it('an instruction that debits nothing goes without a TAN; a server refusal is shown in place', async () => {
    const { user } = await renderApp(`/kapitalmassnahmen/KAP-${SAP}-2026-12-01`);
    const options = await screen.findByRole('radiogroup', { name: 'Weisung' }, { timeout: 10_000 });
    await waitFor(() => expect(document.querySelector('[data-ca-line="rightsSold"] dd')?.textContent).toBe('25'));
    instructionAnswer = () => jsonResponse({ message: 'Die Frist für Weisungen zu dieser Kapitalmaßnahme ist abgelaufen.' }, { status: 409 });
    await user.click(screen.getByRole('button', { name: 'Weisung erteilen' }));
    expect(await screen.findByText('Die Frist für Weisungen zu dieser Kapitalmaßnahme ist abgelaufen.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls('/api/ca/weisungerteilen')[0]?.body).toEqual({ eventId: `KAP-${SAP}-2026-12-01`, option: 'BEZUGSRECHTE_VERKAUFEN', quantity: null });

    // A quantity the server refuses: its German reason instead of the figures.
    await user.click(within(options).getByRole('radio', { name: 'Angegebene Anzahl Aktien beziehen' }));
    await user.type(screen.getByRole('textbox', { name: 'Anzahl (Stück)' }), '999');
    expect(await screen.findByText('Dafür reicht Ihr Guthaben nicht.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Weisung erteilen' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('after the deadline it is read-only: "Frist abgelaufen" with the instruction that stands', async () => {
    events = [
      rightsIssue(
        {
          status: 'FRIST_ABGELAUFEN',
          instruction: { option: 'BEZUGSRECHTE_VERKAUFEN', quantity: null, source: 'default', reserved: '0.00', instructedAt: '2026-12-08T11:00:00.000Z', binding: true },
        },
        -HOUR,
      ),
    ];
    await renderApp(`/kapitalmassnahmen/KAP-${SAP}-2026-12-01`);
    const closed = await screen.findByText('Sie haben keine Weisung erteilt; es gilt der Standard: Alle Bezugsrechte verkaufen.', {}, { timeout: 10_000 });
    expect(closed).toBeTruthy();
    // The status and the notice both say it.
    expect(screen.getAllByText('Frist abgelaufen')).toHaveLength(2);
    expect(screen.queryByRole('radiogroup')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Weisung erteilen' })).toBeNull();
  });

  it('a mandatory event says what will be booked, with no form; a booked one links its statement', async () => {
    events = [{ ...BONUS, status: 'GEBUCHT', statementDocumentIds: ['doc-statement'] }];
    await renderApp(`/kapitalmassnahmen/${BONUS.id}`);
    await screen.findByRole('heading', { level: 1, name: 'Kapitalerhöhung aus Gesellschaftsmitteln: SAP SE' }, { timeout: 10_000 });
    expect(screen.getByText('Sie erhalten am 01.12.2026 2 neue Aktien (Anspruch: 2,5). Einen Bruchteil verkaufen wir und schreiben Ihnen den Erlös gut.')).toBeTruthy();
    expect(screen.getAllByText('Zur Information').length).toBeGreaterThan(0);
    expect(screen.queryByRole('radiogroup')).toBeNull();
    expect(screen.getByRole('link', { name: 'Abrechnung' }).getAttribute('href')).toBe('/posteingang?doc=doc-statement');
  });

  it('an event that is not the customer’s is "nicht gefunden"', async () => {
    await renderApp('/kapitalmassnahmen/KAP-XX-2026');
    expect(await screen.findByRole('heading', { name: 'Kapitalmaßnahme nicht gefunden' }, { timeout: 10_000 })).toBeTruthy();
  });
});
