import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Instrument } from '@kontor/domain/instrument';
import { NOTIFICATION_KINDS, type Notification, type NotificationPreferences, type PriceAlert } from '@kontor/domain/notifications';
import { configureApi, createApiClient } from '../../lib/api-client';
import { quoteHub } from '../../lib/live-quotes';
import { FakeEventSource } from '../../test/fake-event-source';
import { jsonResponse } from '../../test/fixtures';
import { renderAlone, renderApp } from '../../test/render';
import { checkAlertPrice, PriceAlertButton } from './price-alert-button';

const SAP = 'DE0007164600';
const BASF = 'DE000BASF111';

const SAP_INSTRUMENT = { isin: SAP, name: 'SAP SE', wkn: '716460', quoteCurrencyCode: 'EUR', priceScale: 2 } as Instrument;
const BASF_INSTRUMENT = { isin: BASF, name: 'BASF SE', wkn: 'BASF11', quoteCurrencyCode: 'EUR', priceScale: 2 } as Instrument;

function notification(id: string, title: string, createdAt: string, readAt: string | null = null): Notification {
  return { id, kind: 'PRICE_ALERT', title, body: `${title.replace('Kursalarm: ', '')} steigt auf oder über 210,00 € (aktuell 210,50 €).`, isin: SAP, orderId: null, documentId: null, createdAt, readAt };
}

let notifications: Notification[];
let preferences: NotificationPreferences;
let alerts: PriceAlert[];
// Whole-app renders with lazy pages: more than the default 5 s on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

let calls: { method: string; path: string; body: unknown }[];

beforeEach(() => {
  vi.stubGlobal('EventSource', FakeEventSource);
  calls = [];
  FakeEventSource.opened = [];
  preferences = { kinds: Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, { inApp: true, email: false, push: true }])) as NotificationPreferences['kinds'] };
  notifications = [
    notification('n2', 'Kursalarm: SAP SE', '2026-11-20T10:05:00.000Z'),
    notification('n1', 'Kursalarm: BASF SE', '2026-11-19T09:00:00.000Z', '2026-11-19T09:30:00.000Z'),
  ];
  alerts = [
    { id: 'a2', isin: SAP, direction: 'above', price: '210', createdAt: '2026-11-18T08:00:00.000Z', triggeredAt: null },
    { id: 'a1', isin: BASF, direction: 'below', price: '40.5', createdAt: '2026-11-17T08:00:00.000Z', triggeredAt: '2026-11-19T09:00:00.000Z' },
  ];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init.method ?? 'GET';
    const body = init.body ? (JSON.parse(String(init.body)) as unknown) : undefined;
    calls.push({ method, path: url.pathname, body });
    const [, , , id, action] = url.pathname.split('/');
    if (url.pathname === '/api/notification') return jsonResponse({ unread: notifications.filter((n) => !n.readAt).length, items: notifications });
    if (url.pathname === '/api/notification/preferences' && method === 'PUT') {
      preferences = { kinds: { ...preferences.kinds, ...(body as NotificationPreferences).kinds } };
      return jsonResponse(preferences);
    }
    if (url.pathname === '/api/notification/preferences') return jsonResponse(preferences);
    if (url.pathname === '/api/notification/alerts' && method === 'GET') return jsonResponse(alerts);
    if (url.pathname === '/api/notification/alerts' && method === 'POST') {
      const created = { id: 'a3', ...(body as Pick<PriceAlert, 'isin' | 'direction' | 'price'>), createdAt: new Date().toISOString(), triggeredAt: null };
      alerts = [created, ...alerts];
      return jsonResponse(created, { status: 201 });
    }
    if (url.pathname.startsWith('/api/notification/alerts/') && method === 'DELETE') {
      alerts = alerts.filter((a) => a.id !== action && a.id !== url.pathname.split('/').at(-1));
      return new Response(null, { status: 204 });
    }
    if (action === 'read') {
      notifications = notifications.map((n) => (n.id === id ? { ...n, readAt: new Date().toISOString() } : n));
      return new Response(null, { status: 204 });
    }
    if (url.pathname.startsWith('/api/notification/') && method === 'DELETE') {
      notifications = notifications.filter((n) => n.id !== id);
      return new Response(null, { status: 204 });
    }
    if (url.pathname === '/api/wl') return jsonResponse([]);
    if (url.pathname === '/api/instrument' && method === 'POST') {
      return jsonResponse([SAP_INSTRUMENT, BASF_INSTRUMENT].filter((i) => (body as string[]).includes(i.isin)));
    }
    return jsonResponse({});
  });
  configureApi(createApiClient({ fetch: fetchMock as unknown as typeof fetch }));
});

afterEach(() => {
  configureApi(createApiClient());
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const writes = () => calls.filter((c) => c.method !== 'GET' && c.path.startsWith('/api/notification'));
/** The bell in the top bar (the side navigation has a link of the same name). */
const findBell = async (name: string) => within(await screen.findByRole('banner', {}, { timeout: 10_000 })).findByRole('link', { name }, { timeout: 5000 });
const pageLoaded = () => screen.findByRole('heading', { level: 1, name: 'Benachrichtigungen' }, { timeout: 10_000 });

describe('the bell in the top bar', () => {
  it('says how many are unread and leads to /benachrichtigungen', async () => {
    const { user, router } = await renderApp('/watchlisten');
    const bell = await findBell('Benachrichtigungen, 1 ungelesen');
    expect(bell.getAttribute('href')).toBe('/benachrichtigungen');
    expect(bell.textContent).toBe('1');
    await user.click(bell);
    await waitFor(() => expect(router.state.location.pathname).toBe('/benachrichtigungen'));
  });

  it('takes its count from the live stream: an order executed raises it and shows a toast, without polling', async () => {
    const { toastStore } = await renderApp('/watchlisten');
    await findBell('Benachrichtigungen, 1 ungelesen');
    await waitFor(() => expect(FakeEventSource.openAt('/api/trading/stream')).toHaveLength(1));
    const stream = FakeEventSource.openAt('/api/trading/stream')[0]!;
    act(() => stream.open());
    const asked = () => calls.filter((c) => c.path === '/api/notification').length;
    await waitFor(() => expect(asked()).toBeGreaterThan(0));
    const before = asked();
    notifications = [
      { ...notification('n3', 'Order ausgeführt: Kauf SAP SE', '2026-11-20T11:00:00.000Z'), kind: 'ORDER_EXECUTED', body: '5 Stück zu 182,40 € ausgeführt.', orderId: 'o-1' },
      ...notifications,
    ];
    act(() => stream.emit('notifications', { type: 'notifications', unread: 2 }));
    expect(await findBell('Benachrichtigungen, 2 ungelesen')).toBeTruthy();
    await waitFor(() => expect(toastStore.getSnapshot().map((t) => t.message)).toContain('Order ausgeführt: Kauf SAP SE'));
    // One fetch of the list for the event, none by a timer.
    expect(asked()).toBe(before + 1);
  });

  it('shows no count when all are read', async () => {
    notifications = notifications.map((n) => ({ ...n, readAt: n.readAt ?? '2026-11-20T12:00:00.000Z' }));
    await renderApp('/watchlisten');
    const bell = await findBell('Benachrichtigungen');
    await waitFor(() => expect(calls.some((c) => c.path === '/api/notification')).toBe(true));
    expect(bell.textContent).toBe('');
  });
});

describe('/benachrichtigungen', () => {
  it('lists the notifications newest first, marks one read and deletes one', async () => {
    const { user } = await renderApp('/benachrichtigungen');
    await pageLoaded();
    const list = await screen.findByRole('list', { name: 'Ihre Mitteilungen' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((i) => within(i).getAllByText(/^Kursalarm: /)[0]!.textContent)).toEqual(['Kursalarm: SAP SE', 'Kursalarm: BASF SE']);
    expect(within(items[0]!).getByText('Neu')).toBeTruthy();
    expect(within(items[1]!).queryByText('Neu')).toBeNull();
    expect(screen.getByText('1 ungelesene Mitteilung')).toBeTruthy();
    expect(screen.getByRole('tab', { name: /Mitteilungen/ }).textContent).toContain('1 neu');

    await user.click(within(items[0]!).getByRole('button', { name: '„Kursalarm: SAP SE“ als gelesen markieren' }));
    await waitFor(() => expect(within(items[0]!).queryByText('Neu')).toBeNull());
    expect(writes()).toEqual([{ method: 'POST', path: '/api/notification/n2/read', body: undefined }]);
    expect(await screen.findByText('Alle Mitteilungen sind gelesen.')).toBeTruthy();
    expect(await findBell('Benachrichtigungen')).toBeTruthy();

    await user.click(within(items[1]!).getByRole('button', { name: '„Kursalarm: BASF SE“ löschen' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(writes().at(-1)).toEqual({ method: 'DELETE', path: '/api/notification/n1', body: undefined });
  });

  it('opening a notification marks it read', async () => {
    const { user, router } = await renderApp('/benachrichtigungen');
    await pageLoaded();
    await user.click(await screen.findByRole('link', { name: 'Kursalarm: SAP SE' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/wertpapier/${SAP}`));
    await waitFor(() => expect(writes()).toEqual([{ method: 'POST', path: '/api/notification/n2/read', body: undefined }]));
  });

  it('leads to the order, the document in the Posteingang, or the instrument', async () => {
    notifications = [
      { ...notification('n5', 'Order ausgeführt: Kauf SAP SE', '2026-11-21T10:00:00.000Z'), kind: 'ORDER_EXECUTED', orderId: 'o-7' },
      { ...notification('n4', 'Neues Dokument: Depotauszug', '2026-11-21T09:00:00.000Z'), kind: 'DOCUMENT', isin: null, documentId: 'd-3' },
      ...notifications,
    ];
    await renderApp('/benachrichtigungen');
    await pageLoaded();
    expect((await screen.findByRole('link', { name: 'Order ausgeführt: Kauf SAP SE' })).getAttribute('href')).toBe('/orders/o-7');
    expect(screen.getByRole('link', { name: 'Neues Dokument: Depotauszug' }).getAttribute('href')).toBe('/posteingang?doc=d-3');
    expect(screen.getByRole('link', { name: 'Kursalarm: SAP SE' }).getAttribute('href')).toBe(`/wertpapier/${SAP}`);
  });

  it('chooses per kind and channel where notifications go, each checkbox saved at once and usable by keyboard', async () => {
    const { user } = await renderApp('/benachrichtigungen?ansicht=einstellungen');
    await pageLoaded();
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(NOTIFICATION_KINDS.length + 1);
    const email = await screen.findByRole('checkbox', { name: 'Order ausgeführt: E-Mail' });
    expect((email as HTMLInputElement).checked).toBe(false);
    await user.click(email);
    await waitFor(() => expect(writes()).toEqual([{ method: 'PUT', path: '/api/notification/preferences', body: { kinds: { ORDER_EXECUTED: { inApp: true, email: true, push: true } } } }]));
    expect((email as HTMLInputElement).checked).toBe(true);
    // Keyboard: Tab to the next checkbox (push of the same kind), Space toggles it.
    email.focus();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('checkbox', { name: 'Order ausgeführt: App-Push' }));
    await user.keyboard(' ');
    await waitFor(() => expect(preferences.kinds.ORDER_EXECUTED).toEqual({ inApp: true, email: true, push: false }));
  });

  it('says what to do when there is nothing yet', async () => {
    notifications = [];
    alerts = [];
    const { user } = await renderApp('/benachrichtigungen');
    await pageLoaded();
    expect(await screen.findByRole('heading', { level: 2, name: 'Keine Mitteilungen' })).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: /Kursalarme/ }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Noch keine Kursalarme' })).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Wertpapier suchen' })[0]!.getAttribute('href')).toBe('/suche');
  });

  it('lists the price alerts with instrument, direction, price and state; deletes one', async () => {
    const { user, router } = await renderApp('/benachrichtigungen?ansicht=kursalarme');
    await pageLoaded();
    const list = await screen.findByRole('list', { name: 'Ihre Kursalarme' });
    expect(screen.getByRole('tab', { name: /Kursalarme/, selected: true }).textContent).toContain('1 aktiv');
    const [sap, basf] = within(list).getAllByRole('listitem');
    expect(await within(sap!).findByRole('link', { name: 'SAP SE' })).toBeTruthy();
    expect(sap!.textContent).toContain('steigt auf oder über 210,00\u00a0€');
    expect(within(sap!).getByText('Aktiv')).toBeTruthy();
    expect(sap!.textContent).toContain('Angelegt am 18.11.2026, 09:00');
    expect(basf!.textContent).toContain('fällt auf oder unter 40,50\u00a0€');
    expect(within(basf!).getByText('Ausgelöst')).toBeTruthy();
    expect(basf!.textContent).toContain('Ausgelöst am 19.11.2026, 10:00');

    await user.click(within(basf!).getByRole('button', { name: 'Kursalarm BASF SE fällt auf oder unter 40,50\u00a0€ löschen' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(writes()).toEqual([{ method: 'DELETE', path: '/api/notification/alerts/a1', body: undefined }]);

    await user.click(screen.getByRole('tab', { name: /Mitteilungen/ }));
    expect(router.state.location.search).toBe('');
  });
});

function renderAlertButton() {
  return renderAlone(<PriceAlertButton instrument={SAP_INSTRUMENT} />);
}

describe('PriceAlertButton', () => {
  it('prefills the current mid in German notation, checks the price in German, and creates the alert', async () => {
    act(() => quoteHub.accept([{ id: 'q1', isin: SAP, bid: '199.90', ask: '200.10', ts: new Date().toISOString() }]));
    const { user, toastStore } = await renderAlertButton();
    await user.click(await screen.findByRole('button', { name: 'Kursalarm' }));
    const dialog = await screen.findByRole('dialog', { name: 'Kursalarm für SAP SE' });
    const price = within(dialog).getByLabelText(/Preis in EUR/) as HTMLInputElement;
    await waitFor(() => expect(price.value).toBe('200,00'));
    expect(dialog.textContent).toContain('200,00\u00a0€');
    expect((within(dialog).getByRole('radio', { name: 'steigt auf oder über' }) as HTMLInputElement).checked).toBe(true);

    await user.click(within(dialog).getByRole('button', { name: 'Kursalarm anlegen' }));
    expect(await within(dialog).findByText(/^Der Kurs liegt schon bei oder über diesem Preis/)).toBeTruthy();
    await user.clear(price);
    await user.type(price, 'zweihundert');
    await user.click(within(dialog).getByRole('button', { name: 'Kursalarm anlegen' }));
    expect(await within(dialog).findByText('Bitte geben Sie den Preis als Zahl ein, zum Beispiel 123,45.')).toBeTruthy();
    await user.clear(price);
    await user.click(within(dialog).getByRole('button', { name: 'Kursalarm anlegen' }));
    expect(await within(dialog).findByText('Bitte geben Sie einen Preis ein.')).toBeTruthy();
    expect(writes()).toEqual([]);

    await user.type(price, '1.050,5');
    await user.click(within(dialog).getByRole('button', { name: 'Kursalarm anlegen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes()).toEqual([{ method: 'POST', path: '/api/notification/alerts', body: { isin: SAP, direction: 'above', price: '1050.5' } }]);
    expect(toastStore.getSnapshot().map((t) => t.message)).toEqual(['Kursalarm angelegt: SAP SE steigt auf oder über 1.050,50\u00a0€.']);
  });

  it('"fällt auf oder unter" needs a price below the current mid', async () => {
    act(() => quoteHub.accept([{ id: 'q2', isin: SAP, bid: '199.90', ask: '200.10', ts: new Date(Date.now() + 1000).toISOString() }]));
    const { user } = await renderAlertButton();
    await user.click(await screen.findByRole('button', { name: 'Kursalarm' }));
    const dialog = await screen.findByRole('dialog', { name: 'Kursalarm für SAP SE' });
    await user.click(within(dialog).getByText('fällt auf oder unter'));
    const price = within(dialog).getByLabelText(/Preis in EUR/);
    await user.clear(price);
    await user.type(price, '205');
    await user.click(within(dialog).getByRole('button', { name: 'Kursalarm anlegen' }));
    expect(await within(dialog).findByText(/^Der Kurs liegt schon bei oder unter diesem Preis/)).toBeTruthy();
    await user.clear(price);
    await user.type(price, '180,25');
    await user.click(within(dialog).getByRole('button', { name: 'Kursalarm anlegen' }));
    await waitFor(() => expect(writes()).toEqual([{ method: 'POST', path: '/api/notification/alerts', body: { isin: SAP, direction: 'below', price: '180.25' } }]));
  });
});

describe('checkAlertPrice', () => {
  const t = (key: string) => key;
  it('uses the domain rule for a price above zero and compares with the mid exactly', () => {
    expect(checkAlertPrice({ isin: SAP, direction: 'above', text: '0', mid: undefined }, t)).toBe('Der Preis muss größer als 0 sein.');
    expect(checkAlertPrice({ isin: SAP, direction: 'above', text: '100,00', mid: '100' }, t)).toBe('alerts.alreadyAbove');
    expect(checkAlertPrice({ isin: SAP, direction: 'above', text: '100,01', mid: '100' }, t)).toEqual({ price: '100.01' });
    expect(checkAlertPrice({ isin: SAP, direction: 'below', text: '99,99', mid: '100' }, t)).toEqual({ price: '99.99' });
    expect(checkAlertPrice({ isin: SAP, direction: 'below', text: '-5', mid: '100' }, t)).toBe('Der Preis muss größer als 0 sein.');
  });
});
