import { useEffect, useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { AuthProvider, useAuth, type Auth } from '../lib/auth';
import { ConfigProvider, type RuntimeConfig } from '../lib/config';
import { i18n } from '../lib/i18n';
import { OrderStreamProvider } from '../lib/order-stream';
import { createQueryClient } from '../lib/query-client';
import { ToastProvider, type ToastStore } from '../lib/toasts';

export type ProvidersProps = {
  config: RuntimeConfig;
  queryClient?: QueryClient;
  toastStore?: ToastStore;
  /** The app's auth (lib/auth) by default; tests pass one in a given state. */
  auth?: Auth;
  children: ReactNode;
};

/** One customer's server data must never show to the next: the cache goes with the sign-out. */
function ClearCacheOnSignOut({ client }: { client: QueryClient }) {
  const { store } = useAuth();
  useEffect(() => {
    let previous = store.getSnapshot().status;
    return store.subscribe(() => {
      const status = store.getSnapshot().status;
      if (previous === 'signedIn' && status !== 'signedIn') client.clear();
      previous = status;
    });
  }, [store, client]);
  return null;
}

/**
 * Everything a page may rely on: configuration, sign-in state, server state kept current by the
 * order stream while signed in, translations, toasts.
 */
export function Providers({ config, queryClient, toastStore, auth, children }: ProvidersProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <ConfigProvider config={config}>
      <AuthProvider auth={auth}>
        <I18nextProvider i18n={i18n}>
          <QueryClientProvider client={client}>
            <ClearCacheOnSignOut client={client} />
            <OrderStreamProvider client={client}>
              <ToastProvider store={toastStore}>{children}</ToastProvider>
            </OrderStreamProvider>
          </QueryClientProvider>
        </I18nextProvider>
      </AuthProvider>
    </ConfigProvider>
  );
}
