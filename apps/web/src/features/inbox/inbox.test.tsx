import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureApi, createApiClient } from '../../lib/api-client';
import { installFakePosteingangServer, testDocument, testMessage } from '../../test/fake-posteingang-server';
import { renderApp } from '../../test/render';

vi.setConfig({ testTimeout: 30_000 });

afterEach(() => {
  configureApi(createApiClient());
  vi.unstubAllGlobals();
});

const id = (n: number) => `${String(n).padStart(8, '0')}-2222-4333-8444-555555555555`;
const documentList = () => screen.findByRole('list', { name: 'Dokumente' }, { timeout: 10_000 });

describe('/posteingang, Dokumente', () => {
  it('lists documents newest first with the spec title, category and German date; unread ones marked and counted on the tab', async () => {
    installFakePosteingangServer({
      documents: [
        testDocument({ id: id(1), title: 'Depotauszug', pdfTitle: 'Depotauszug', pdfIsin: 'DE0007164600, US0378331005,DE0005557508', category: 'DEPOT_KONTO', kind: 'depot_statement', date: '2026-10-01T08:00:00.000Z', read: true }),
        testDocument({ id: id(2), title: 'Wertpapierabrechnung', pdfTitle: 'Wertpapierabrechnung Kauf', pdfIsin: 'DE0007164600', date: '2026-11-23T10:00:00.000Z' }),
        testDocument({ id: id(3), title: 'Preis- und Leistungsverzeichnis', category: 'VERTRAEGE', kind: 'terms', date: '2026-11-01T10:00:00.000Z', read: true }),
      ],
    });
    await renderApp('/posteingang');
    const list = await documentList();
    const items = within(list).getAllByRole('listitem');
    expect(items.map((i) => i.getAttribute('data-document-id'))).toEqual([id(2), id(3), id(1)]);
    const [note, terms, statement] = items.map((i) => i.querySelector('a')!.textContent);
    expect(note).toBe('Ungelesen: Wertpapierabrechnung Kauf DE0007164600Abrechnungen · 23.11.2026');
    // Without a pdfTitle the plain title; with more than two ISINs the first two and an ellipsis.
    expect(terms).toBe('Preis- und LeistungsverzeichnisVerträge & Informationen · 01.11.2026');
    expect(statement).toBe('Depotauszug DE0007164600, US0378331005 …Depot & Konto · 01.10.2026');
    expect(items[0]!.hasAttribute('data-unread')).toBe(true);
    expect(items[1]!.hasAttribute('data-unread')).toBe(false);
    expect(await screen.findByRole('tab', { name: /^Dokumente\s?1\s?ungelesen$/ })).toBeTruthy();
    expect(screen.getByText('3 von 3 Dokumenten')).toBeTruthy();
    // The title link is the PDF itself (new tab with a modifier key); the download asks for an attachment.
    expect(items[0]!.querySelector('a')!.getAttribute('href')).toBe(`/api/posteingang/${id(2)}/pdf`);
    expect(within(items[0]!).getByRole('link', { name: 'Herunterladen: Wertpapierabrechnung Kauf DE0007164600' }).getAttribute('href')).toBe(
      `/api/posteingang/${id(2)}/pdf?download=1`,
    );
  });

  it('each filter mode, the search (after a pause in typing), the date range and "nur ungelesene" build the contract query and stay in the URL', async () => {
    const server = installFakePosteingangServer({
      documents: [
        testDocument({ id: id(1), pdfTitle: 'Wertpapierabrechnung Kauf', pdfIsin: 'DE0007164600', date: '2026-11-20T10:00:00.000Z' }),
        testDocument({ id: id(2), title: 'Ausführung Sparplan', kind: 'savings_plan_execution', category: 'SPARPLAENE', savingsPlan: true, date: '2026-11-02T10:00:00.000Z', read: true }),
        testDocument({ id: id(3), title: 'Jahressteuerbescheinigung 2025', kind: 'tax_certificate', category: 'STEUERN', date: '2026-03-01T10:00:00.000Z' }),
        testDocument({ id: id(4), title: 'Kapitalerhöhung', kind: 'corporate_action_notice', category: 'KAPITALMASSNAHMEN', pdfIsin: 'US0378331005', date: '2026-06-01T10:00:00.000Z' }),
      ],
    });
    const { user, router } = await renderApp('/posteingang');
    await documentList();
    const shown = () => within(screen.getByRole('list', { name: 'Dokumente' })).getAllByRole('listitem').map((i) => i.getAttribute('data-document-id'));
    const last = () => server.documentQueries().at(-1);
    expect(last()).toEqual({ limit: '30', mode: 'ALL' });

    await user.click(screen.getByRole('radio', { name: 'Sparpläne' }));
    await waitFor(() => expect(shown()).toEqual([id(2)]));
    expect(last()).toEqual({ limit: '30', mode: 'SAVINGS_PLAN' });
    expect(router.state.location.search).toBe('?modus=SAVINGS_PLAN');

    // CATEGORIES: several categories; until one is chosen, the list stays whole.
    await user.click(screen.getByRole('radio', { name: 'Kategorien' }));
    await waitFor(() => expect(shown()).toHaveLength(4));
    const categories = screen.getByRole('group', { name: 'Kategorien auswählen' });
    await user.click(within(categories).getByRole('button', { name: 'Steuern' }));
    await user.click(within(categories).getByRole('button', { name: 'Kapitalmaßnahmen' }));
    await waitFor(() => expect(shown()).toEqual([id(4), id(3)]));
    expect(last()).toEqual({ limit: '30', mode: 'CATEGORIES', categories: 'STEUERN,KAPITALMASSNAHMEN' });
    expect(router.state.location.search).toBe('?modus=CATEGORIES&kategorien=STEUERN%2CKAPITALMASSNAHMEN');

    // Search by ISIN, sent once typing pauses (not once per key).
    await user.click(screen.getByRole('radio', { name: 'Alle' }));
    const before = server.documentQueries().length;
    await user.type(screen.getByRole('searchbox', { name: 'Suche' }), 'us0378');
    await waitFor(() => expect(shown()).toEqual([id(4)]));
    expect(server.documentQueries().slice(before).filter((q) => q.q)).toEqual([{ limit: '30', mode: 'ALL', q: 'us0378' }]);
    await user.clear(screen.getByRole('searchbox', { name: 'Suche' }));
    await waitFor(() => expect(shown()).toHaveLength(4));

    // Date range, Berlin calendar days, both ends included.
    fireEvent.change(screen.getByLabelText('Von'), { target: { value: '2026-06-01' } });
    fireEvent.change(screen.getByLabelText('Bis'), { target: { value: '2026-11-02' } });
    await waitFor(() => expect(shown()).toEqual([id(2), id(4)]));
    expect(last()).toEqual({ limit: '30', mode: 'ALL', from: '2026-06-01', to: '2026-11-02' });

    fireEvent.change(screen.getByLabelText('Von'), { target: { value: '2026-12-01' } });
    expect(await screen.findByText('„Bis“ liegt vor „Von“.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Von'), { target: { value: '2026-06-01' } });
    await waitFor(() => expect(screen.queryByText('„Bis“ liegt vor „Von“.')).toBeNull());

    await user.click(screen.getByRole('checkbox', { name: 'Nur ungelesene' }));
    await waitFor(() => expect(shown()).toEqual([id(4)]));
    expect(last()).toEqual({ limit: '30', mode: 'ALL', from: '2026-06-01', to: '2026-11-02', unread: 'true' });

    await user.click(screen.getByRole('button', { name: 'Filter zurücksetzen' }));
    await waitFor(() => expect(shown()).toHaveLength(4));
    expect(router.state.location.search).toBe('');
  });

  it('pages with "Weitere laden": the next page comes by its cursor and is added below', async () => {
    const documents = Array.from({ length: 65 }, (_, n) =>
      testDocument({ id: id(n + 1), title: `Kontoauszug ${n + 1}`, date: new Date(Date.UTC(2026, 0, 1) + n * 86_400_000).toISOString(), read: true }),
    );
    const server = installFakePosteingangServer({ documents });
    const { user } = await renderApp('/posteingang');
    const list = await documentList();
    expect(within(list).getAllByRole('listitem')).toHaveLength(30);
    expect(screen.getByText('30 von 65 Dokumenten')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Weitere laden' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(60));
    expect(server.documentQueries().at(-1)).toEqual({ limit: '30', mode: 'ALL', cursor: '30' });
    await user.click(screen.getByRole('button', { name: 'Weitere laden' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(65));
    expect(screen.queryByRole('button', { name: 'Weitere laden' })).toBeNull();
    expect(within(list).getAllByRole('listitem').at(-1)!.textContent).toMatch(/^Kontoauszug 1Abrechnungen/);
  });

  it('shows a skeleton while loading, then an error with "Erneut versuchen" that asks again', async () => {
    const server = installFakePosteingangServer({ documents: [testDocument({ id: id(1), title: 'Kontoauszug Oktober' })] });
    let release = () => {};
    server.state.hold = new Promise((resolve) => (release = resolve));
    server.state.fail = 503;
    const { user } = await renderApp('/posteingang');
    const panel = await screen.findByRole('tabpanel', { name: /Dokumente/ });
    await waitFor(() => expect(panel.querySelector('[data-request-state="LOADING"][aria-busy="true"]')).not.toBeNull());
    act(() => release());
    server.state.hold = null;
    expect(await screen.findByText('Ihre Dokumente können gerade nicht geladen werden.', undefined, { timeout: 10_000 })).toBeTruthy();
    server.state.fail = null;
    await user.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    expect(within(await documentList()).getByText('Kontoauszug Oktober')).toBeTruthy();
  });

  it('an HTTP 406 answer shows the "nicht verfügbar" state, no retry', async () => {
    const server = installFakePosteingangServer();
    server.state.fail = 406;
    await renderApp('/posteingang?ansicht=nachrichten');
    const panel = await screen.findByRole('tabpanel', { name: /Nachrichten/ });
    await waitFor(() => expect(panel.querySelector('[data-request-state="NOT_ACCEPTABLE"]')).not.toBeNull(), { timeout: 10_000 });
    expect(within(panel).getByText('Nicht verfügbar')).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: 'Erneut versuchen' })).toBeNull();
  });

  it('marks a document read and unread again; the tab count follows', async () => {
    const server = installFakePosteingangServer({ documents: [testDocument({ id: id(1), title: 'Kostenausweis 2025', kind: 'cost_report', category: 'DEPOT_KONTO' })] });
    const { user } = await renderApp('/posteingang');
    const item = within(await documentList()).getByRole('listitem');
    await screen.findByRole('tab', { name: /^Dokumente\s?1\s?ungelesen$/ });
    await user.click(within(item).getByRole('button', { name: 'Als gelesen markieren: Kostenausweis 2025' }));
    await waitFor(() => expect(item.hasAttribute('data-unread')).toBe(false));
    await screen.findByRole('tab', { name: 'Dokumente' });
    expect(server.state.calls.filter((c) => c.method === 'PUT').map((c) => [c.path, c.body])).toEqual([[`/api/posteingang/${id(1)}/read`, { read: true }]]);
    await user.click(within(item).getByRole('button', { name: 'Als ungelesen markieren: Kostenausweis 2025' }));
    await waitFor(() => expect(item.hasAttribute('data-unread')).toBe(true));
    await screen.findByRole('tab', { name: /^Dokumente\s?1\s?ungelesen$/ });
  });

  it('a click on a document opens the viewer (?doc= in the URL), Escape closes it and the list is back', async () => {
    installFakePosteingangServer({ documents: [testDocument({ id: id(7), pdfTitle: 'Wertpapierabrechnung Verkauf', pdfIsin: 'DE0007164600' })] });
    // The PDF itself is fetched without the API client; here the server has none.
    vi.stubGlobal('fetch', vi.fn(async () => new Response('Nicht gefunden', { status: 404 })));
    const { user, router } = await renderApp('/posteingang');
    const item = within(await documentList()).getByRole('listitem');
    await user.click(within(item).getAllByRole('link')[0]!);
    const viewer = await screen.findByRole('dialog', { name: 'Wertpapierabrechnung Verkauf DE0007164600' }, { timeout: 15_000 });
    expect(router.state.location.search).toBe(`?doc=${id(7)}`);
    expect(await within(viewer).findByText('Dieses Dokument gibt es nicht in Ihrem Posteingang.')).toBeTruthy();
    expect(within(viewer).getByRole('link', { name: 'Herunterladen' }).getAttribute('href')).toBe(`/api/posteingang/${id(7)}/pdf?download=1`);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.search).toBe('');
  });
});

describe('/posteingang, Nachrichten', () => {
  it('links each kind to its object, shows the new stop of a TSL move, and keeps an unknown kind as a plain message', async () => {
    const order = 'a1111111-2222-4333-8444-555555555555';
    const rfq = 'b1111111-2222-4333-8444-555555555555';
    const server = installFakePosteingangServer({
      messages: [
        testMessage({ id: id(1), kind: 'order', textForm: 'ORDER', title: 'Order ausgeführt', body: 'Kauf 10 SAP SE zu 180,00 €', orderId: order, date: '2026-11-23T10:00:00.000Z' }),
        testMessage({ id: id(2), kind: 'tslupdate', textForm: 'TSLUPDATE', title: 'Trailing Stop nachgezogen', body: 'SAP SE', orderId: order, stop: '171.50', date: '2026-11-23T09:00:00.000Z' }),
        testMessage({ id: id(3), kind: 'previously_quoted', textForm: 'PREVIOUSLY_QUOTED', title: 'Ihr Preis ist da', body: '', orderId: rfq, date: '2026-11-23T08:00:00.000Z' }),
        testMessage({ id: id(4), kind: 'ticket', textForm: 'TICKET', title: 'Antwort auf Ihr Anliegen', ticketId: 'T-42', date: '2026-11-23T07:00:00.000Z' }),
        testMessage({ id: id(5), kind: 'msg', title: 'Wartung am Samstag', body: 'Von 2 bis 4 Uhr.', date: '2026-11-23T06:00:00.000Z', read: true }),
        testMessage({ id: id(6), kind: 'unknown', textForm: 'HOLOGRAM', title: 'Neue Funktion', body: 'Etwas, das diese Version nicht kennt.', date: '2026-11-23T05:00:00.000Z' }),
      ],
    });
    const { user, router } = await renderApp('/posteingang?ansicht=nachrichten');
    const list = await screen.findByRole('list', { name: 'Ihre Nachrichten' }, { timeout: 10_000 });
    expect(await screen.findByRole('tab', { name: /^Nachrichten\s?5\s?ungelesen$/, selected: true })).toBeTruthy();
    const items = within(list).getAllByRole('listitem');
    expect(items.map((i) => i.getAttribute('data-message-kind'))).toEqual(['order', 'tslupdate', 'previously_quoted', 'ticket', 'msg', 'unknown']);
    const link = (i: number) => within(items[i]!).queryByRole('link');
    expect([link(0)?.textContent, link(0)?.getAttribute('href')]).toEqual(['Zur Order', `/orders/${order}`]);
    expect([link(1)?.textContent, link(1)?.getAttribute('href')]).toEqual(['Zur Order', `/orders/${order}`]);
    expect(within(items[1]!).getByText('Neuer Stop: 171,50 €')).toBeTruthy();
    expect([link(2)?.textContent, link(2)?.getAttribute('href')]).toEqual(['Zur Festpreisanfrage', `/orders/${rfq}`]);
    expect([link(3)?.textContent, link(3)?.getAttribute('href')]).toEqual(['Zum Serviceauftrag', '/service/T-42']);
    expect(link(4)).toBeNull();
    expect(link(5)).toBeNull();
    expect(items[5]!.textContent).toContain('Neue FunktionEtwas, das diese Version nicht kennt.Mitteilung');

    await user.click(within(items[4]!).getByRole('button', { name: 'Als ungelesen markieren: Wartung am Samstag' }));
    await waitFor(() => expect(items[4]!.hasAttribute('data-unread')).toBe(true));
    // Following a link marks the message read on the way.
    await user.click(link(0)!);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/orders/${order}`));
    await waitFor(() => expect(server.state.calls.filter((c) => c.method === 'PUT').map((c) => [c.path, c.body])).toEqual([
      [`/api/posteingang/messages/${id(5)}/read`, { read: false }],
      [`/api/posteingang/messages/${id(1)}/read`, { read: true }],
    ]));
  });

  it('switching tabs keeps the choice in the URL, so back returns to the documents', async () => {
    installFakePosteingangServer();
    const { user, router } = await renderApp('/posteingang');
    await user.click(await screen.findByRole('tab', { name: 'Nachrichten' }));
    expect(router.state.location.search).toBe('?ansicht=nachrichten');
    await screen.findByRole('heading', { level: 2, name: 'Keine Nachrichten' });
    await act(() => router.navigate(-1));
    expect(await screen.findByRole('tab', { name: 'Dokumente', selected: true })).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 2, name: 'Keine Dokumente' })).toBeTruthy();
  });
});
