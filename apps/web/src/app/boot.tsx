import { useEffect, useState, type ReactNode } from 'react';
import { configureApi, createAppApiClient } from '../lib/api-client';
import { configureAuth } from '../lib/auth';
import { loadRuntimeConfig, setConfig, type RuntimeConfig } from '../lib/config';
import { i18n, initI18n } from '../lib/i18n';
import { initMonitoring } from '../lib/monitoring';
import { applyTheme, rememberedLanguage, rememberedTheme } from '../lib/preferences';
import { BootError, BootSkeleton } from './boot-screens';

/**
 * Boot order: configuration and German translations load in parallel; then monitoring starts
 * (it needs the DSN), the API client and the identity client are configured and the configured
 * language is switched to.
 * Memoised, so React StrictMode's double effects start the app once; a retry starts over.
 */
let started: Promise<RuntimeConfig> | null = null;

export function startApp(): Promise<RuntimeConfig> {
  started ??= (async () => {
    const [config] = await Promise.all([loadRuntimeConfig(), initI18n()]);
    setConfig(config);
    // Monitoring must not hold up or break the start; it reports from the moment it is ready.
    void initMonitoring(config).catch((error: unknown) => console.error('Monitoring could not start', error));
    configureApi(createAppApiClient(config));
    // The sign-in state is determined while the app renders; the route guard shows a loading state.
    // The identity client loads only when a stored session needs it (lib/auth lazyIdentityClient).
    const auth = await configureAuth(config);
    void auth.start();
    // The language last chosen on this device (the sign-in screens speak it), else the configured one.
    const remembered = rememberedLanguage();
    const language = remembered && config.languages.includes(remembered) ? remembered : config.defaultLanguage;
    if (i18n.language !== language) await i18n.changeLanguage(language);
    const theme = rememberedTheme();
    if (theme) applyTheme(theme);
    if (!i18n.hasResourceBundle(i18n.language, 'translation')) throw new Error('Translations could not be loaded');
    return config;
  })().catch((error: unknown) => {
    started = null;
    throw error;
  });
  return started;
}

type BootState = { status: 'loading' } | { status: 'ready'; config: RuntimeConfig } | { status: 'failed' };

export type BootProps = {
  start?: () => Promise<RuntimeConfig>;
  children: (config: RuntimeConfig) => ReactNode;
};

/** Shows the skeleton while starting, the German error screen with "Erneut versuchen" on failure. */
export function Boot({ start = startApp, children }: BootProps) {
  const [state, setState] = useState<BootState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let active = true;
    start().then(
      (config) => active && setState({ status: 'ready', config }),
      (error: unknown) => {
        console.error('Kontor could not start', error);
        if (active) setState({ status: 'failed' });
      },
    );
    return () => {
      active = false;
    };
  }, [start, attempt]);

  if (state.status === 'ready') return <>{children(state.config)}</>;
  if (state.status === 'failed') {
    return (
      <BootError
        onRetry={() => {
          setState({ status: 'loading' });
          setAttempt((n) => n + 1);
        }}
      />
    );
  }
  return <BootSkeleton />;
}
