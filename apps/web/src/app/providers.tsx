import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { AuthProvider, type Auth } from '../lib/auth';
import { ConfigProvider, type RuntimeConfig } from '../lib/config';
import { i18n } from '../lib/i18n';
import { ToastProvider, type ToastStore } from '../lib/toasts';

export type ProvidersProps = {
  config: RuntimeConfig;
  toastStore?: ToastStore;
  /** The app's auth (lib/auth) by default; tests pass one in a given state. */
  auth?: Auth;
  children: ReactNode;
};

/**
 * Everything every screen may rely on: configuration, sign-in state, translations, toasts. Server
 * state kept current by the order stream comes with the screens that read the server
 * (app/server-state).
 */
export function Providers({ config, toastStore, auth, children }: ProvidersProps) {
  return (
    <ConfigProvider config={config}>
      <AuthProvider auth={auth}>
        <I18nextProvider i18n={i18n}>
          <ToastProvider store={toastStore}>{children}</ToastProvider>
        </I18nextProvider>
      </AuthProvider>
    </ConfigProvider>
  );
}
