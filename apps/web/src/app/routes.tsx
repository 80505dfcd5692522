import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation, type RouteObject } from 'react-router';
import { getAuth } from '../lib/auth';
import { useConfig } from '../lib/config';
import { loadAllTexts } from '../lib/i18n';
import { AppFrame } from './app-frame';
import { AuthLayout } from './auth-layout';
import { BootSkeleton } from './boot-screens';
import { START_PATH } from './navigation';
import { NotFoundPage } from './not-found-page';
import { RouteError } from './route-error';

/** A page the configuration may switch off (spec §9 feature flags): then its address does not exist. */
function OnlyWhen({ flag, children }: { flag: 'tax' | 'instrumentDetail'; children: ReactNode }) {
  const flags = useConfig().featureFlags;
  const on = flag === 'tax' ? !flags.taxDisabled : flags[flag];
  return on ? children : <NotFoundPage />;
}

/** The development tools' pages exist only where the configuration offers them. */
function WhenDevTools({ children }: { children: ReactNode }) {
  return useConfig().devTools ? children : <NotFoundPage />;
}

/**
 * A page whose texts are in the `rest` part (lib/i18n): its chunk and those texts load together.
 * The web build's route-preloads.mjs looks for this name to have the server preload the texts.
 */
async function withAllTexts<T>(load: Promise<T>): Promise<T> {
  const [loaded] = await Promise.all([load, loadAllTexts()]);
  return loaded;
}

/**
 * A page that calls the identity client's own functions (devices, MFA, mobile number, password):
 * the client, which signed-in pages otherwise load only for the token refresh (lib/auth), is
 * loaded and configured before the page renders.
 */
async function withIdentityClient<T>(load: Promise<T>): Promise<T> {
  const [loaded] = await Promise.all([load, getAuth().identityReady()]);
  return loaded;
}

/** The signed-in layout around the error screen: loaded only when an error shows. */
const LazyLayout = lazy(async () => ({ default: (await withAllTexts(import('./layout'))).Layout }));

/** "/" is the depot; the query string survives so that campaign parameters still reach tracking. */
function RedirectToStart() {
  const { search, hash } = useLocation();
  return <Navigate to={{ pathname: START_PATH, search, hash }} replace />;
}

/**
 * The sign-in screens (spec §4) are open to everyone; every other route needs a signed-in
 * customer. Every area of spec §1 has its German path; pages load on first visit (one chunk per
 * area).
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: (
      <AppFrame>
        <Outlet />
      </AppFrame>
    ),
    hydrateFallbackElement: <BootSkeleton />,
    errorElement: (
      <AppFrame>
        <Suspense fallback={<BootSkeleton />}>
          <LazyLayout>
            <RouteError />
          </LazyLayout>
        </Suspense>
      </AppFrame>
    ),
    children: [
      {
        element: <AuthLayout />,
        errorElement: <RouteError />,
        children: [
          { path: 'anmelden', lazy: async () => ({ Component: (await import('../features/identity/sign-in-page')).SignInPage }) },
          {
            path: 'registrieren',
            lazy: async () => ({ Component: (await withAllTexts(import('../features/onboarding/onboarding-page'))).OnboardingPage }),
          },
          // The pool's e-mail confirmation is part of the account opening now.
          { path: 'registrieren/bestaetigen', element: <Navigate to="/registrieren" replace /> },
          {
            path: 'dev/identifizierung',
            lazy: async () => {
              const { IdentificationPage } = await withAllTexts(import('../features/dev-tools/identification-page'));
              return { Component: () => <WhenDevTools><IdentificationPage /></WhenDevTools> };
            },
          },
          {
            path: 'passwort-vergessen',
            lazy: async () => ({ Component: (await import('../features/identity/forgot-password-page')).ForgotPasswordPage }),
          },
          {
            // A stand-in third-party portfolio tool: it signs in nobody, it only holds an OAuth token.
            path: 'dev/oauth-client',
            lazy: async () => {
              const { DevOAuthClientPage } = await withAllTexts(import('../features/oauth/dev-client-page'));
              return { Component: () => <WhenDevTools><DevOAuthClientPage /></WhenDevTools> };
            },
          },
        ],
      },
      {
        // Signed in, but on its own: another application's request, without the app's navigation.
        lazy: async () => ({ Component: (await withAllTexts(import('./signed-in-bare-frame'))).SignedInBareFrame }),
        errorElement: <RouteError />,
        children: [{ path: 'oauth/zustimmung', lazy: async () => ({ Component: (await import('../features/oauth/consent-page')).ConsentPage }) }],
      },
      {
        // The guard and the signed-in layout come with the first signed-in page (app/signed-in-frame).
        lazy: async () => ({ Component: (await withAllTexts(import('./signed-in-frame'))).SignedInFrame }),
        children: [
          {
            errorElement: <RouteError />,
            children: [
              { index: true, element: <RedirectToStart /> },
              { path: 'depot', lazy: async () => ({ Component: (await import('../features/depot/depot-page')).DepotPage }) },
              { path: 'orders', lazy: async () => ({ Component: (await import('../features/trading/trading-page')).OrdersPage }) },
              {
                path: 'orders/neu',
                lazy: async () => ({ Component: (await import('../features/trading/order-ticket-page')).OrderTicketPage }),
              },
              {
                path: 'orders/:id',
                lazy: async () => ({ Component: (await import('../features/trading/order-detail-page')).OrderDetailPage }),
              },
              {
                path: 'sparplaene',
                lazy: async () => ({ Component: (await import('../features/savings-plans/savings-plans-page')).SavingsPlansPage }),
              },
              {
                path: 'sparplaene/neu',
                lazy: async () => ({ Component: (await import('../features/savings-plans/new-savings-plan-page')).NewSavingsPlanPage }),
              },
              {
                path: 'sparplaene/:id',
                lazy: async () => ({ Component: (await import('../features/savings-plans/savings-plan-detail-page')).SavingsPlanDetailPage }),
              },
              {
                path: 'preisverzeichnis',
                lazy: async () => ({ Component: (await import('../features/price-list/price-list-page')).PriceListPage }),
              },
              {
                path: 'watchlisten',
                lazy: async () => ({ Component: (await import('../features/watchlists/watchlists-page')).WatchlistsPage }),
              },
              { path: 'posteingang', lazy: async () => ({ Component: (await import('../features/inbox/inbox-page')).InboxPage }) },
              { path: 'notizen', lazy: async () => ({ Component: (await import('../features/notes/notes-page')).NotesPage }) },
              {
                path: 'benachrichtigungen',
                lazy: async () => ({ Component: (await import('../features/notifications/notifications-page')).NotificationsPage }),
              },
              { path: 'service', lazy: async () => ({ Component: (await import('../features/tickets/tickets-page')).TicketsPage }) },
              {
                path: 'service/neu',
                lazy: async () => ({ Component: (await import('../features/tickets/forms/new-request-page')).NewRequestPage }),
              },
              {
                path: 'service/neu/:type',
                lazy: async () => ({ Component: (await import('../features/tickets/forms/service-request-page')).ServiceRequestPage }),
              },
              {
                path: 'service/:id/bearbeiten',
                lazy: async () => ({ Component: (await import('../features/tickets/forms/service-request-page')).ServiceRequestPage }),
              },
              { path: 'service/:id', lazy: async () => ({ Component: (await import('../features/tickets/ticket-page')).TicketPage }) },
              { path: 'geldtransfer', lazy: async () => ({ Component: (await import('../features/money/money-page')).MoneyPage }) },
              {
                path: 'kapitalmassnahmen',
                lazy: async () => ({
                  Component: (await import('../features/corporate-actions/corporate-actions-page')).CorporateActionsPage,
                }),
              },
              {
                path: 'kapitalmassnahmen/:id',
                lazy: async () => ({
                  Component: (await import('../features/corporate-actions/corporate-action-page')).CorporateActionPage,
                }),
              },
              {
                path: 'einstellungen',
                // The applications the customer connected (OAuth) are a card of their own feature.
                lazy: async () => {
                  const [{ SettingsPage }, { ConnectedAppsCard }] = await withIdentityClient(
                    Promise.all([import('../features/settings/settings-page'), import('../features/oauth/connected-apps-card')]),
                  );
                  return { Component: () => <SettingsPage connectedApps={<ConnectedAppsCard />} /> };
                },
              },
              {
                path: 'suche',
                // Each hit gets a star to put it on a watchlist.
                lazy: async () => {
                  const [{ SearchPage }, { AddToWatchlistButton }] = await Promise.all([
                    import('../features/instruments/search-page'),
                    import('../features/watchlists/add-to-watchlist-button'),
                  ]);
                  return {
                    Component: () => (
                      <SearchPage resultActions={(instrument) => <AddToWatchlistButton isin={instrument.isin} name={instrument.name} compact />} />
                    ),
                  };
                },
              },
              {
                path: 'wertpapier/:isin',
                // The instrument page carries "Zur Watchlist" and "Kursalarm" in its header; it
                // exists only with the `instrumentDetail` flag.
                lazy: async () => {
                  const [{ InstrumentPage }, { AddToWatchlistButton }, { PriceAlertButton }] = await Promise.all([
                    import('../features/instruments/instrument-page'),
                    import('../features/watchlists/add-to-watchlist-button'),
                    import('../features/notifications/price-alert-button'),
                  ]);
                  return {
                    Component: () => (
                      <OnlyWhen flag="instrumentDetail">
                        <InstrumentPage
                          actions={(instrument) => (
                            <>
                              <AddToWatchlistButton isin={instrument.isin} name={instrument.name} />
                              <PriceAlertButton instrument={instrument} />
                            </>
                          )}
                        />
                      </OnlyWhen>
                    ),
                  };
                },
              },
              {
                path: 'steuern',
                // Without tax (the `taxDisabled` flag) the address does not exist.
                lazy: async () => {
                  const { TaxPage } = await import('../features/tax/tax-page');
                  return {
                    Component: () => (
                      <OnlyWhen flag="tax">
                        <TaxPage />
                      </OnlyWhen>
                    ),
                  };
                },
              },
              {
                path: 'geraete',
                lazy: async () => ({ Component: (await withIdentityClient(import('../features/devices/devices-page'))).DevicesPage }),
              },
              { path: '*', element: <NotFoundPage /> },
            ],
          },
        ],
      },
    ],
  },
];
