import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OnboardingApplication } from '@kontor/domain/onboarding-contracts';
import { configureApi, createApiClient } from '../../lib/api-client';
import { embeddedBotProtection } from '../../lib/bot-protection';
import { jsonResponse, testAuth } from '../../test/fixtures';
import { renderApp } from '../../test/render';

vi.setConfig({ testTimeout: 30_000 });

const APPLICATION_ID = '0b6c1f7e-2f3a-4c1e-9a57-3f1d2b4c5d6e';

function application(overrides: Partial<OnboardingApplication> = {}): OnboardingApplication {
  return {
    id: APPLICATION_ID,
    email: 'lena@kontor.example',
    status: 'OPEN',
    steps: { personal: false, tax: false, account: false, experience: false, terms: false },
    nextStep: 'personal',
    personal: null,
    tax: null,
    account: null,
    experience: null,
    terms: null,
    identification: null,
    ...overrides,
  };
}

const LENA = {
  salutation: 'FRAU' as const,
  givenName: 'Lena',
  familyName: 'Neumann',
  birthDate: '1990-05-17',
  birthPlace: 'Köln',
  nationality: 'DE',
  address: { street: 'Hauptstraße', street2: null, houseNumber: '5', houseNumber2: null, postalCode: '50667', city: 'Köln', country: 'DE' },
};

type Call = { method: string; path: string; body: unknown; headers: Headers };
let calls: Call[];
let answer: (call: Call) => Response | undefined;
let wafTokens: number;

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  calls = [];
  wafTokens = 0;
  answer = () => undefined;
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const call = { method: init.method ?? 'GET', path: url.pathname, body: init.body ? (JSON.parse(String(init.body)) as unknown) : undefined, headers: new Headers(init.headers) };
    calls.push(call);
    return answer(call) ?? jsonResponse({ message: 'not here', status: 404 }, { status: 404 });
  });
  configureApi(createApiClient({ fetch: fetchMock as unknown as typeof fetch, botProtection: { getToken: async () => `waf-${++wafTokens}` } }));
});

afterEach(() => {
  configureApi(createApiClient());
  sessionStorage.clear();
  localStorage.clear();
});

const signedOut = () => testAuth({ status: 'signedOut' });
const stepOf = () => document.querySelector('[data-step]')?.textContent ?? '';

describe('account opening (/registrieren)', () => {
  it('the bot check says what it does and how far it is while the step is sent, and goes when the code is sent', async () => {
    // Kontor's own proof of work, paused between its batches until the test lets it go on.
    let release: () => void = () => undefined;
    let paused = 0;
    const pause = () => new Promise<void>((resolve) => {
      paused++;
      release = resolve;
    });
    const challenge = { challenge: 'v1.bm9uY2U.mhx3k2a0.12.bWFj', difficulty: 12 };
    const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      if (path === '/api/bot-protection/challenge') return jsonResponse(challenge);
      if (path === '/api/onboarding/startOnboarding') return jsonResponse({ applicationId: APPLICATION_ID, destination: 'l***@k***' });
      return jsonResponse({ message: 'not here', status: 404, errors: [] }, { status: 404 });
    });
    configureApi(createApiClient({ fetch: fetchMock as unknown as typeof fetch, botProtection: embeddedBotProtection('', fetchMock as unknown as typeof fetch, { pause, batch: 100 }) }));
    const { user } = await renderApp('/registrieren', { auth: signedOut() });
    await user.type(await screen.findByRole('textbox', { name: /^E-Mail-Adresse/ }), 'lena@kontor.example');
    await user.click(screen.getByRole('button', { name: 'Code senden' }));
    const check = await screen.findByText(/löst eine kleine Rechenaufgabe/);
    const progress = screen.getByRole('progressbar', { name: 'Fortschritt der Sicherheitsprüfung' }) as HTMLProgressElement;
    expect(check.closest('[data-bot-check]')).toBeTruthy();
    // After the first batch of 100 hashes at difficulty 12: 1 − e^(−100/4096) ≈ 2.4 %.
    expect(progress.value).toBeCloseTo(1 - Math.exp(-100 / 4096), 6);
    // Let it go on until the code is sent: the solution is the 677th try, so six pauses.
    const codeScreen = () => screen.queryByRole('heading', { level: 2, name: 'E-Mail-Adresse bestätigen' });
    while (!codeScreen()) {
      release();
      await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    }
    expect(paused).toBe(6);
    expect(screen.queryByText(/löst eine kleine Rechenaufgabe/)).toBeNull();
  });

  it('e-mail, code (a wrong one refused on its field), then the personal data; every call carries a fresh bot-protection token', async () => {
    answer = (call) => {
      if (call.path === '/api/onboarding/startOnboarding') return jsonResponse({ applicationId: APPLICATION_ID, destination: 'l***@k***' });
      if (call.path === '/api/onboarding/registrationconfirmation') {
        if ((call.body as { code: string }).code !== '654321') {
          return jsonResponse({ message: 'Bitte prüfen Sie Ihre Eingaben.', status: 400, errors: [{ field: 'code', message: 'Der Code ist nicht richtig.' }] }, { status: 400 });
        }
        return jsonResponse({ token: 'app-token', application: application() });
      }
      return undefined;
    };
    const { user } = await renderApp('/registrieren', { auth: signedOut() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Konto eröffnen' })).toBeTruthy();
    expect(stepOf()).toBe('Schritt 1 von 8 · E-Mail-Adresse');

    await user.click(screen.getByRole('button', { name: 'Code senden' }));
    expect(await screen.findByText('Bitte geben Sie Ihre E-Mail-Adresse ein.')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: /^E-Mail-Adresse/ }), 'lena@kontor.example');
    await user.click(screen.getByRole('button', { name: 'Code senden' }));

    expect(await screen.findByRole('heading', { level: 2, name: 'E-Mail-Adresse bestätigen' })).toBeTruthy();
    // The address just typed, as typed (the server's answer carries it masked).
    expect(screen.getByText('Wir haben Ihnen einen 6-stelligen Code an lena@kontor.example geschickt.')).toBeTruthy();
    await user.type(screen.getByLabelText('Code aus der E-Mail', { exact: false }), '111111');
    await user.click(screen.getByRole('button', { name: 'Bestätigen' }));
    expect(await screen.findByText('Der Code ist nicht richtig.')).toBeTruthy();
    await user.clear(screen.getByLabelText('Code aus der E-Mail', { exact: false }));
    await user.type(screen.getByLabelText('Code aus der E-Mail', { exact: false }), '654321');
    await user.click(screen.getByRole('button', { name: 'Bestätigen' }));

    expect(await screen.findByRole('heading', { level: 2, name: 'Persönliche Daten' })).toBeTruthy();
    expect(stepOf()).toBe('Schritt 2 von 8 · Persönliche Daten');
    // The token survives a reload (sessionStorage) and a later visit (localStorage).
    expect(sessionStorage.getItem('kontor.onboarding.token')).toBe('app-token');
    expect(localStorage.getItem('kontor.onboarding.token')).toBe('app-token');
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts.map((c) => c.headers.get('x-aws-waf-token'))).toEqual(['waf-1', 'waf-2', 'waf-3']);

    // The domain's rules speak on the fields before anything is sent.
    await user.click(screen.getByRole('button', { name: 'Weiter' }));
    expect(await screen.findByText('Bitte wählen Sie eine Anrede.')).toBeTruthy();
    expect(screen.getByText('Bitte geben Sie Ihren Vornamen ein.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('a reload continues at the open step; Zurück shows the saved answers; a saved step goes on with the application token', async () => {
    localStorage.setItem('kontor.onboarding.token', 'app-token');
    let current = application({ nextStep: 'tax', steps: { personal: true, tax: false, account: false, experience: false, terms: false }, personal: LENA });
    answer = (call) => {
      if (call.path === '/api/onboarding/application' && call.method === 'GET') return jsonResponse(current);
      if (call.path === '/api/onboarding/application/personal') {
        current = { ...current, personal: call.body as typeof LENA };
        return jsonResponse(current);
      }
      return undefined;
    };
    const { user } = await renderApp('/registrieren', { auth: signedOut() });
    expect(await screen.findByRole('heading', { level: 2, name: 'Steuerliche Angaben' })).toBeTruthy();
    expect(stepOf()).toBe('Schritt 3 von 8 · Steuern');
    expect(calls[0]?.headers.get('x-onboarding-token')).toBe('app-token');

    await user.click(screen.getByRole('button', { name: 'Zurück' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Persönliche Daten' })).toBeTruthy();
    expect((screen.getByLabelText('Vorname', { exact: false }) as HTMLInputElement).value).toBe('Lena');
    expect((screen.getByLabelText('Postleitzahl', { exact: false }) as HTMLInputElement).value).toBe('50667');

    await user.click(screen.getByRole('button', { name: 'Weiter' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Steuerliche Angaben' })).toBeTruthy();
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.body).toEqual(LENA);
    expect(put.headers.get('x-onboarding-token')).toBe('app-token');
    expect(put.headers.get('x-aws-waf-token')).toMatch(/^waf-/);
  });

  it('the acknowledgements are required; once saved, the identification follows and starts with the chosen method', async () => {
    localStorage.setItem('kontor.onboarding.token', 'app-token');
    const done = { personal: true, tax: true, account: true, experience: true, terms: false };
    let current = application({ nextStep: 'terms', steps: done, personal: LENA });
    answer = (call) => {
      if (call.path === '/api/onboarding/application' && call.method === 'GET') return jsonResponse(current);
      if (call.path === '/api/onboarding/application/terms') {
        current = { ...current, nextStep: 'identification', steps: { ...done, terms: true }, terms: call.body as OnboardingApplication['terms'] };
        return jsonResponse(current);
      }
      if (call.path === '/api/onboarding/application/identification') {
        current = { ...current, status: 'IDENT_PENDING', identification: { method: 'EID', status: 'PENDING', startedAt: '2026-11-26T10:00:00.000Z', decidedAt: null } };
        return jsonResponse(current);
      }
      return undefined;
    };
    const { user } = await renderApp('/registrieren', { auth: signedOut() });
    expect(await screen.findByRole('heading', { level: 2, name: 'Bedingungen' })).toBeTruthy();
    const links = screen.getAllByRole('link').map((a) => a.getAttribute('href'));
    expect(links).toEqual(expect.arrayContaining(['https://kontor.example/nutzungsbedingungen', 'https://kontor.example/preisverzeichnis.pdf']));

    await user.click(screen.getByRole('button', { name: 'Weiter' }));
    expect(await screen.findByText('Bitte bestätigen Sie das Preis- und Leistungsverzeichnis.')).toBeTruthy();
    for (const box of screen.getAllByRole('checkbox').slice(0, 3)) await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Weiter' }));

    expect(await screen.findByRole('heading', { level: 2, name: 'Identifizierung' })).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ termsAccepted: true, priceListAccepted: true, preContractualInfoAccepted: true, advertisingConsent: false });
    await user.click(screen.getByRole('button', { name: 'Identifizierung starten' }));
    expect(await screen.findByText('Bitte wählen Sie ein Verfahren.')).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: /Online-Ausweis/ }));
    await user.click(screen.getByRole('button', { name: 'Identifizierung starten' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Identifizierung läuft' })).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/onboarding/application/identification')?.body).toEqual({ method: 'EID' });
  });

  it('the waiting screen asks again until the identification is approved, then asks for the password', async () => {
    localStorage.setItem('kontor.onboarding.token', 'app-token');
    const pending = application({
      status: 'IDENT_PENDING',
      nextStep: 'identification',
      steps: { personal: true, tax: true, account: true, experience: true, terms: true },
      personal: LENA,
      identification: { method: 'VIDEO_IDENT', status: 'PENDING', startedAt: '2026-11-26T10:00:00.000Z', decidedAt: null },
    });
    let approved = false;
    answer = (call) =>
      call.path === '/api/onboarding/application' ? jsonResponse(approved ? { ...pending, status: 'APPROVED', nextStep: 'password' } : pending) : undefined;
    await renderApp('/registrieren', { auth: signedOut() });
    expect(await screen.findByRole('heading', { level: 2, name: 'Identifizierung läuft' })).toBeTruthy();
    expect(within(screen.getByRole('status')).getByText(/Video-Ident läuft/)).toBeTruthy();
    const reads = calls.length;
    // The provider answers; the next read (every 2 s) finds the approval.
    approved = true;
    expect(await screen.findByRole('heading', { level: 2, name: 'Zugangsdaten' })).toBeTruthy();
    expect(stepOf()).toBe('Schritt 8 von 8 · Zugangsdaten');
    expect(calls.length).toBeGreaterThan(reads);
  });

  it('an expired application token goes back to the e-mail step with the server’s German reason', async () => {
    localStorage.setItem('kontor.onboarding.token', 'old-token');
    const expired = 'Ihre Sitzung zur Kontoeröffnung ist abgelaufen. Bitte bestätigen Sie Ihre E-Mail-Adresse erneut.';
    answer = (call) => (call.path === '/api/onboarding/application' ? jsonResponse({ message: expired, status: 401 }, { status: 401 }) : undefined);
    await renderApp('/registrieren', { auth: signedOut() });
    expect(await screen.findByText(expired)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Ihre E-Mail-Adresse' })).toBeTruthy();
    await waitFor(() => expect(localStorage.getItem('kontor.onboarding.token')).toBeNull());
  });
});
