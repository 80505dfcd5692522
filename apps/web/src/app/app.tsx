import { useState } from 'react';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import type { RuntimeConfig } from '../lib/config';
import { DemoBanner } from './demo-banner';
import { OfflineNotice } from './offline-notice';
import { Providers } from './providers';
import { routes } from './routes';
import { VersionBanner } from './version-banner';

/** The booted app: providers around the router. */
export function App({ config }: { config: RuntimeConfig }) {
  const [router] = useState(() => createBrowserRouter(routes));
  return (
    <Providers config={config}>
      <DemoBanner />
      <OfflineNotice />
      <RouterProvider router={router} />
      <VersionBanner />
    </Providers>
  );
}
