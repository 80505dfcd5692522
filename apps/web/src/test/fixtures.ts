import { FEATURE_FLAGS } from '@kontor/domain/constants';
import { vi } from 'vitest';
import type { Instrument } from '@kontor/domain/instrument';
import type { Position } from '@kontor/domain/trading-contracts';
import type { RuntimeConfig } from '@kontor/domain/runtime-config';
import { createAuthStore, type Auth, type AuthState, type AuthUser } from '../lib/auth';

/** A runtime configuration as the embedded server hands it out; override what a test is about. */
export function testConfig(overrides: Partial<RuntimeConfig> = {}): RuntimeConfig {
  return {
    apiBaseUrl: '',
    environment: 'test',
    defaultLanguage: 'de',
    languages: ['de', 'en'],
    errorReportingDsn: null,
    botProtectionScriptUrl: null,
    featureFlags: { ...FEATURE_FLAGS },
    externalLinks: {
      website: 'https://kontor.example/',
      imprint: 'https://kontor.example/impressum',
      faq: 'https://kontor.example/faq',
      fairUsePolicy: 'https://kontor.example/fair-use',
      priceList: 'https://kontor.example/preisverzeichnis.pdf',
      termsOfUse: 'https://kontor.example/nutzungsbedingungen',
      dataProtection: 'https://kontor.example/datenschutz',
      securityNotes: 'https://kontor.example/sicherheit',
      forms: 'https://kontor.example/formulare',
      administration: 'https://kontor.example/verwaltung',
      registration: '/registrieren',
      depotTransfer: 'https://kontor.example/depotuebertrag',
      logout: '/anmelden',
      disclaimer: 'https://kontor.example/risikohinweise',
      socialMedia: [{ name: 'Mastodon', url: 'https://social.example/@kontor' }],
    },
    identity: null,
    ...overrides,
  };
}

/** A JSON response as the Kontor server sends it. */
export function jsonResponse(body: unknown, init: ResponseInit = {}): Response {
  return new Response(JSON.stringify(body), {
    status: 200,
    ...init,
    headers: { 'content-type': 'application/json', ...(init.headers as Record<string, string> | undefined) },
  });
}

export const testCustomer: AuthUser = {
  sub: '2f1e4c1a-0000-4000-8000-000000000001',
  email: 'demo@kontor.example',
  givenName: 'Max',
  familyName: 'Mustermann',
  phoneNumber: '+4915112345678',
};

export const testIdentity = {
  region: 'eu-central-1',
  userPoolId: 'eu-central-1_K0ntorPool',
  userPoolClientId: '4k0nt0rweb1c1ient0000000a',
  userPoolEndpoint: 'http://localhost/identity/',
};

/** An auth in a given state whose actions are spies: signOut and completeSignIn move the state. */
export function testAuth(state: AuthState = { status: 'signedIn', user: testCustomer }): Auth {
  const store = createAuthStore(state);
  return {
    store,
    identity: testIdentity,
    start: vi.fn(async () => {}),
    prepareSignIn: vi.fn(async () => {}),
    identityReady: vi.fn(async () => {}),
    completeSignIn: vi.fn(async () => {
      store.set({ status: 'signedIn', user: testCustomer });
      return testCustomer;
    }),
    signOut: vi.fn(async () => {
      store.set({ status: 'signedOut', reason: 'signedOut' });
      return { complete: true };
    }),
    refreshSession: vi.fn(async () => true),
    currentDeviceKey: vi.fn(() => null),
    reloadCustomer: vi.fn(async () => {}),
  };
}

/** A whole instrument, as the server sends it (an answer is parsed by its schema): a share unless told. */
export function testInstrument(i: Pick<Instrument, 'isin' | 'name' | 'wkn'> & Partial<Instrument>): Instrument {
  return {
    shortName: i.name,
    instrumentType: 'AKTIE',
    marketName: 'Kontor Market Maker',
    quoteCurrencyCode: 'EUR',
    leverage: null,
    complex: false,
    knockedOutFlag: false,
    endfaellig: null,
    emittentShortCode: null,
    underlyingIsin: null,
    underlyingName: null,
    basisinformationen: null,
    verkaufsprospekt: null,
    halbjahresbericht: null,
    jahresbericht: null,
    tradingHoursStartTime: '08:00',
    tradingHoursStopTime: '22:00',
    sparplan: true,
    lowTradingThresholdQuantity: null,
    minQty: '1',
    priceIncr: '0.01',
    priceScale: 2,
    qtyIncr: '1',
    qtyScale: 0,
    isOTC: false,
    disabledExecTypes: [],
    historicQuotes: true,
    fractionalTrading: true,
    tradingFees: null,
    weekendTrading: false,
    minimumOrderValue: '1.00',
    lowTradingThreshold: '500.00',
    ...i,
  };
}

/** A depot position as the trading area sends it: 10 SAP bought in January for 1.501,00 €, unless told. */
export function testPosition(overrides: Partial<Position> = {}): Position {
  return {
    isin: 'DE0007164600',
    name: 'SAP SE',
    instrumentType: 'AKTIE',
    currency: 'EUR',
    quantity: '10',
    blocked: '0',
    available: '10',
    cost: '1501.00',
    averagePrice: '150.1',
    firstPurchase: '2026-01-05T09:00:00.000Z',
    realisedPnl: '0.00',
    // The server's valuation at load; the pages value live from the quotes.
    value: null,
    gain: null,
    gainPercent: null,
    ...overrides,
  };
}
