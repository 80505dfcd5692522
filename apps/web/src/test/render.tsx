import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ReactElement, StrictMode } from 'react';
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

type RenderOptions = { config?: RuntimeConfig; toastStore?: ToastStore; auth?: Auth };

async function renderRouter(router: ReturnType<typeof createMemoryRouter>, options: RenderOptions, auth: Auth | undefined) {
  await loadGerman();
  const toastStore = options.toastStore ?? createToastStore();
  const user = userEvent.setup();
  const view = render(
    <StrictMode>
      <Providers config={options.config ?? testConfig()} toastStore={toastStore} auth={auth}>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
  return { ...view, router, user, toastStore };
}

/**
 * Renders the whole app (layout, routes, providers) at a path, as the customer would open it;
 * signed in as the demo customer unless the test passes another auth.
 */
/** `state`: the history state the page is opened with (what another screen hands over when it navigates). */
export async function renderApp(path: string, options: RenderOptions & { state?: unknown } = {}) {
  const auth = options.auth ?? testAuth();
  // The signed-in frame is a lazy route (its own chunk in the build): loaded here, before the clock
  // of the test's first wait starts (it was imported with routes.tsx before).
  await import('../app/signed-in-frame');
  const [pathname = path, search = ''] = path.split('?');
  const entry = options.state === undefined ? path : { pathname, search: search ? `?${search}` : '', state: options.state };
  const rendered = await renderRouter(createMemoryRouter(routes, { initialEntries: [entry] }), options, auth);
  return { ...rendered, auth };
}

/**
 * Renders one piece of a feature on its own (no layout, no other routes) inside the app's
 * providers, at `path` (default "/"), e.g. a button that the app puts into another area's page.
 */
export async function renderAlone(element: ReactElement, options: RenderOptions & { route?: string; path?: string } = {}) {
  const path = options.path ?? '/';
  return renderRouter(createMemoryRouter([{ path: options.route ?? path.split('?')[0], element }], { initialEntries: [path] }), options, options.auth);
}
