import { z } from 'zod';

/**
 * What the built web app reads from `GET /config.json` at start, so that one build runs against
 * Kontor's embedded services or real providers. The server fills it from its environment.
 */

/** The external links of spec §2, one key each. */
export const EXTERNAL_LINK_KEYS = [
  'website',
  'imprint',
  'faq',
  'fairUsePolicy',
  'priceList',
  'termsOfUse',
  'dataProtection',
  'securityNotes',
  'forms',
  'administration',
  'registration',
  'depotTransfer',
  'logout',
  'disclaimer',
  'socialMedia',
] as const;
export type ExternalLinkKey = (typeof EXTERNAL_LINK_KEYS)[number];

export const externalLinksSchema = z.object({
  website: z.string(),
  imprint: z.string(),
  faq: z.string(),
  fairUsePolicy: z.string(),
  priceList: z.string(),
  termsOfUse: z.string(),
  dataProtection: z.string(),
  securityNotes: z.string(),
  forms: z.string(),
  administration: z.string(),
  registration: z.string(),
  depotTransfer: z.string(),
  logout: z.string(),
  disclaimer: z.string(),
  socialMedia: z.array(z.object({ name: z.string(), url: z.string() })),
}) satisfies z.ZodType<Record<ExternalLinkKey, unknown>>;
export type ExternalLinks = z.infer<typeof externalLinksSchema>;

export const featureFlagsSchema = z.object({
  instrumentDetail: z.boolean(),
  subscriptionRights: z.boolean(),
  directDebit: z.boolean(),
  multiOrderStrategies: z.boolean(),
  taxDisabled: z.boolean(),
  versionCheck: z.boolean(),
  tokensInLocalStorage: z.boolean(),
  sendAuthHeaderToApi: z.boolean(),
});
export type FeatureFlagSet = z.infer<typeof featureFlagsSchema>;

export const identityClientConfigSchema = z.object({
  region: z.string(),
  userPoolId: z.string(),
  userPoolClientId: z.string(),
  /** Set for Kontor's own pool; absent when the app talks to the provider's regional endpoint. */
  userPoolEndpoint: z.string().optional(),
});
export type IdentityClientConfig = z.infer<typeof identityClientConfigSchema>;

export const runtimeConfigSchema = z.object({
  /** Base URL of the API; '' means the same origin as the app. */
  apiBaseUrl: z.string(),
  environment: z.string(),
  defaultLanguage: z.enum(['de', 'en']),
  languages: z.array(z.enum(['de', 'en'])),
  /** Error reporting and session replay are on only when a DSN is configured. */
  errorReportingDsn: z.string().nullable(),
  /** AWS-WAF-style challenge script; null uses Kontor's embedded token endpoint. */
  botProtectionScriptUrl: z.string().nullable(),
  featureFlags: featureFlagsSchema,
  externalLinks: externalLinksSchema,
  identity: identityClientConfigSchema.nullable(),
  /** Development tools (DEV_TOOLS) are on: the web shows "Zeit vorspulen"; absent means off. */
  devTools: z.boolean().optional(),
});
export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;
