import type { RuntimeConfig } from '@kontor/domain/runtime-config';

/** A runtime configuration as the embedded server hands it out; override what a test is about. */
export function testConfig(overrides: Partial<RuntimeConfig> = {}): RuntimeConfig {
  return {
    apiBaseUrl: '',
    environment: 'test',
    defaultLanguage: 'de',
    languages: ['de', 'en'],
    errorReportingDsn: null,
    botProtectionScriptUrl: null,
    featureFlags: {
      instrumentDetail: true,
      subscriptionRights: true,
      directDebit: true,
      multiOrderStrategies: true,
      taxDisabled: false,
      versionCheck: true,
      tokensInLocalStorage: false,
      sendAuthHeaderToApi: false,
    },
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
      registration: 'https://kontor.example/depot-eroeffnen',
      depotTransfer: 'https://kontor.example/depotuebertrag',
      logout: 'https://kontor.example/abgemeldet',
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
