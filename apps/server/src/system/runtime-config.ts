import type { ExternalLinks, RuntimeConfig } from '@kontor/domain/runtime-config';
import type { Config } from '../config.ts';

const site = 'https://www.kontor.example';

/** External links of spec §2. The product site is not part of this app, so they point outside it (the price list is the app's page). */
export const externalLinks: ExternalLinks = {
  website: site,
  imprint: `${site}/impressum`,
  faq: `${site}/hilfe`,
  fairUsePolicy: `${site}/fair-use`,
  // The app's own page, rendered from the price list the costs are computed with.
  priceList: '/preisverzeichnis',
  termsOfUse: `${site}/nutzungsbedingungen`,
  dataProtection: `${site}/datenschutz`,
  securityNotes: `${site}/sicherheitshinweise`,
  forms: `${site}/formulare`,
  administration: `${site}/verwaltung`,
  // The account opening of the app itself (features/onboarding).
  registration: '/registrieren',
  depotTransfer: `${site}/depotuebertrag`,
  logout: '/anmelden',
  disclaimer: `${site}/risikohinweise`,
  socialMedia: [
    { name: 'LinkedIn', url: 'https://www.linkedin.com/company/kontor-example' },
    { name: 'Instagram', url: 'https://www.instagram.com/kontor.example' },
  ],
};

export function runtimeConfig(config: Config): RuntimeConfig {
  return {
    apiBaseUrl: '',
    environment: config.env,
    defaultLanguage: 'de',
    languages: ['de', 'en'],
    errorReportingDsn: config.errorReportingDsn,
    botProtectionScriptUrl: config.botProtectionScriptUrl,
    featureFlags: config.featureFlags,
    externalLinks,
    devTools: config.devTools,
    identity: {
      region: config.identity.region,
      userPoolId: config.identity.poolId,
      userPoolClientId: config.identity.clientId,
      ...(config.identity.endpoint ? { userPoolEndpoint: config.identity.endpoint } : {}),
    },
  };
}
