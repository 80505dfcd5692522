import { useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { ConfigProvider, type RuntimeConfig } from '../lib/config';
import { i18n } from '../lib/i18n';
import { createQueryClient } from '../lib/query-client';
import { ToastProvider, type ToastStore } from '../lib/toasts';

export type ProvidersProps = {
  config: RuntimeConfig;
  queryClient?: QueryClient;
  toastStore?: ToastStore;
  children: ReactNode;
};

/** Everything a page may rely on: configuration, server state, translations, toasts. */
export function Providers({ config, queryClient, toastStore, children }: ProvidersProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <ConfigProvider config={config}>
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={client}>
          <ToastProvider store={toastStore}>{children}</ToastProvider>
        </QueryClientProvider>
      </I18nextProvider>
    </ConfigProvider>
  );
}
