import { createContext, createElement, useContext, type ReactNode } from 'react';
import type { ExternalLinks, FeatureFlagSet, IdentityClientConfig, RuntimeConfig } from '@kontor/domain/runtime-config';

/**
 * The one typed configuration of the web app: what the server hands out as `/config.json`
 * (API base URL, feature flags, external links, error-reporting DSN, identity pool).
 * One build runs against Kontor's embedded services or real providers, so nothing here is baked
 * in at build time.
 */
export type { RuntimeConfig };

/**
 * Reading `/config.json` by hand, not with the domain's zod schema: the server builds the file with
 * that schema (it parses what it sends), and zod would be 22 KB of the first load of every page
 * (README "First load"). Like the schema, a reader takes only the keys it knows and refuses a value
 * of another type; config.test.ts holds the two to the same verdict.
 */
const INVALID = Symbol('invalid');
type Reader<T> = (value: unknown) => T | typeof INVALID;
type Shape<T> = { [K in keyof T]-?: Reader<T[K]> };

const string: Reader<string> = (v) => (typeof v === 'string' ? v : INVALID);
const boolean: Reader<boolean> = (v) => (typeof v === 'boolean' ? v : INVALID);
const language: Reader<'de' | 'en'> = (v) => (v === 'de' || v === 'en' ? v : INVALID);
const nullable = <T>(read: Reader<T>): Reader<T | null> => (v) => (v === null ? null : read(v));
const optional = <T>(read: Reader<T>): Reader<T | undefined> => (v) => (v === undefined ? undefined : read(v));
function list<T>(read: Reader<T>): Reader<T[]> {
  return (v) => {
    if (!Array.isArray(v)) return INVALID;
    const out: T[] = [];
    for (const item of v) {
      const value = read(item);
      if (value === INVALID) return INVALID;
      out.push(value);
    }
    return out;
  };
}
function object<T>(shape: Shape<T>): Reader<T> {
  return (v) => {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return INVALID;
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(shape) as (keyof T & string)[]) {
      const value = shape[key]((v as Record<string, unknown>)[key]);
      if (value === INVALID) return INVALID;
      // An optional key that is absent stays absent, as zod leaves it.
      if (value !== undefined || key in v) out[key] = value;
    }
    return out as T;
  };
}

const externalLinks = object<ExternalLinks>({
  website: string,
  imprint: string,
  faq: string,
  fairUsePolicy: string,
  priceList: string,
  termsOfUse: string,
  dataProtection: string,
  securityNotes: string,
  forms: string,
  administration: string,
  registration: string,
  depotTransfer: string,
  logout: string,
  disclaimer: string,
  socialMedia: list(object({ name: string, url: string })),
});

const featureFlags = object<FeatureFlagSet>({
  instrumentDetail: boolean,
  subscriptionRights: boolean,
  directDebit: boolean,
  multiOrderStrategies: boolean,
  taxDisabled: boolean,
  versionCheck: boolean,
  tokensInLocalStorage: boolean,
  sendAuthHeaderToApi: boolean,
});

const identity = object<IdentityClientConfig>({
  region: string,
  userPoolId: string,
  userPoolClientId: string,
  userPoolEndpoint: optional(string),
});

/** The configuration in `json`, or null when it is not one. */
export const readRuntimeConfig = (json: unknown): RuntimeConfig | null => {
  const config = object<RuntimeConfig>({
    apiBaseUrl: string,
    environment: string,
    defaultLanguage: language,
    languages: list(language),
    errorReportingDsn: nullable(string),
    botProtectionScriptUrl: nullable(string),
    featureFlags,
    externalLinks,
    identity: nullable(identity),
    devTools: optional(boolean),
  })(json);
  return config === INVALID ? null : config;
};

export class ConfigLoadError extends Error {
  override readonly name = 'ConfigLoadError';
}

/** Fetches and validates `/config.json`; throws ConfigLoadError when it is missing or malformed. */
export async function loadRuntimeConfig(fetchFn: typeof fetch = fetch): Promise<RuntimeConfig> {
  let response: Response;
  try {
    // No cache mode of its own: the server's no-store decides, and the preload from index.html is taken.
    response = await fetchFn('/config.json', { credentials: 'same-origin' });
  } catch (cause) {
    throw new ConfigLoadError('Configuration could not be fetched', { cause });
  }
  if (!response.ok) throw new ConfigLoadError(`Configuration answered ${response.status}`);
  let json: unknown;
  try {
    json = await response.json();
  } catch (cause) {
    throw new ConfigLoadError('Configuration is not JSON', { cause });
  }
  const config = readRuntimeConfig(json);
  if (!config) throw new ConfigLoadError('Configuration is invalid');
  return config;
}

let current: RuntimeConfig | null = null;

/** Called once at boot, before anything reads the configuration. */
export function setConfig(config: RuntimeConfig): void {
  current = config;
}

/** Non-React access (API client, monitoring). Throws when called before boot finished. */
export function getConfig(): RuntimeConfig {
  if (!current) throw new Error('Runtime configuration is not loaded yet');
  return current;
}

const ConfigContext = createContext<RuntimeConfig | null>(null);

export function ConfigProvider({ config, children }: { config: RuntimeConfig; children: ReactNode }) {
  return createElement(ConfigContext.Provider, { value: config }, children);
}

export function useConfig(): RuntimeConfig {
  const config = useContext(ConfigContext);
  if (!config) throw new Error('useConfig() needs a <ConfigProvider>');
  return config;
}
