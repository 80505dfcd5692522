import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { RuntimeConfig } from '@kontor/domain/runtime-config';
import de from '../../public/assets/i18n/de.json';
import { Providers } from '../app/providers';
import { routes } from '../app/routes';
import { initI18n } from '../lib/i18n';
import { createToastStore, type ToastStore } from '../lib/toasts';
import type { Auth } from '../lib/auth';
import { testAuth, testConfig } from './fixtures';

/** i18next with the real German translation file, served by a fetch stub instead of the server. */
export async function loadGerman(): Promise<void> {
  await initI18n({
    language: 'de',
    fetch: async () => new Response(JSON.stringify(de), { headers: { 'content-type': 'application/json' } }),
  });
}

/**
 * Renders the whole app (layout, routes, providers) at a path, as the customer would open it;
 * signed in as the demo customer unless the test passes another auth.
 */
export async function renderApp(path: string, options: { config?: RuntimeConfig; toastStore?: ToastStore; auth?: Auth } = {}) {
  await loadGerman();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const toastStore = options.toastStore ?? createToastStore();
  const auth = options.auth ?? testAuth();
  const user = userEvent.setup();
  const view = render(
    <StrictMode>
      <Providers config={options.config ?? testConfig()} toastStore={toastStore} auth={auth}>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
  return { ...view, router, user, toastStore, auth };
}
