import { useEffect, useRef, type ReactNode } from 'react';
import { RouterProvider as AriaRouterProvider } from 'react-aria-components';
import { ScrollRestoration, useHref, useLocation, useNavigate, useNavigationType, type NavigateOptions } from 'react-router';
import { ToastRouteListener } from '../lib/toasts';
import { useCampaignTracking } from '../lib/tracking';
import { Toasts } from './toasts';

declare module 'react-aria-components' {
  interface RouterConfig {
    routerOptions: NavigateOptions;
  }
}

/**
 * After the customer navigates, focus moves to the new page's heading so screen readers follow.
 * Redirects (REPLACE, e.g. "/" → "/depot") are not the customer's doing and leave focus alone.
 */
function useFocusPageTitleOnNavigation() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    if (navigationType === 'REPLACE') return;
    document.querySelector<HTMLElement>('main [data-page-title]')?.focus({ preventScroll: true });
  }, [pathname, navigationType]);
}

/** An address of another site keeps its href as it is (the router would read it as an app path). */
function useAppHref(href: string): string {
  const resolved = useHref(href);
  return /^([a-z][a-z\d+\-.]*:|\/\/)/i.test(href) ? href : resolved;
}

/** Links and menu items of react-aria-components navigate through React Router. */
function AriaRouting({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  return (
    <AriaRouterProvider navigate={(to, options) => void navigate(to, options)} useHref={useAppHref}>
      {children}
    </AriaRouterProvider>
  );
}

/**
 * What every screen needs, signed in or not: campaign tracking on any route (spec §2), focus on
 * the new page's heading, react-aria links through the router, toasts, scroll restoration.
 */
export function AppFrame({ children }: { children: ReactNode }) {
  useCampaignTracking();
  useFocusPageTitleOnNavigation();
  return (
    <AriaRouting>
      {children}
      <Toasts />
      <ToastRouteListener />
      <ScrollRestoration />
    </AriaRouting>
  );
}
