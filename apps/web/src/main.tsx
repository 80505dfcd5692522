import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { matchRoutes } from 'react-router';
import { App } from './app/app';
import { Boot } from './app/boot';
import { routes } from './app/routes';
import { reportError } from './lib/monitoring';
import './ui/global.css';

// The current page's chunks start loading now, beside the configuration, the translations and the
// identity client, instead of after them (the router would ask for them only once it renders).
for (const { route } of matchRoutes(routes, window.location) ?? []) {
  if (typeof route.lazy === 'function') void route.lazy().catch(() => {});
}

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing in index.html');

createRoot(root, { onUncaughtError: (error) => reportError(error) }).render(
  <StrictMode>
    <Boot>{(config) => <App config={config} />}</Boot>
  </StrictMode>,
);

// The installable app's service worker (production builds only) registers a while after the load
// event, so that neither its code nor its precache competes with the first load on a slow line (the
// page's data is fetched after the load event). Browser tests block service workers in their
// contexts (e2e/browser.ts), except the one that tests it.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  const register = () => void import('./lib/service-worker').then((m) => m.registerServiceWorker(), reportError);
  const later = () => setTimeout(() => (window.requestIdleCallback ?? ((f: () => void) => f()))(register), 3_000);
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
}
