import { createContext, createElement, useContext, type ReactNode } from 'react';
import { runtimeConfigSchema, type RuntimeConfig } from '@kontor/domain/runtime-config';

/**
 * The one typed configuration of the web app: what the server hands out as `/config.json`
 * (API base URL, feature flags, external links, error-reporting DSN, identity pool).
 * One build runs against Kontor's embedded services or real providers, so nothing here is baked
 * in at build time.
 */
export type { RuntimeConfig };

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
  const parsed = runtimeConfigSchema.safeParse(json);
  if (!parsed.success) throw new ConfigLoadError('Configuration is invalid', { cause: parsed.error });
  return parsed.data;
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
