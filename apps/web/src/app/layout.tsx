import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterProvider as AriaRouterProvider } from 'react-aria-components';
import {
  Outlet,
  ScrollRestoration,
  useHref,
  useLocation,
  useNavigate,
  useNavigationType,
  type NavigateOptions,
} from 'react-router';
import { ToastRouteListener } from '../lib/toasts';
import { useCampaignTracking } from '../lib/tracking';
import { BottomBar } from './bottom-bar';
import { Footer } from './footer';
import { SideNav } from './side-nav';
import { Toasts } from './toasts';
import { TopBar } from './top-bar';
import styles from './layout.module.css';

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

/** Links and menu items of react-aria-components navigate through React Router. */
function AriaRouting({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  return (
    <AriaRouterProvider navigate={(to, options) => void navigate(to, options)} useHref={useHref}>
      {children}
    </AriaRouterProvider>
  );
}

/** The frame around every page: top bar, navigation, content, footer, toasts. */
export function Layout({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  useCampaignTracking();
  useFocusPageTitleOnNavigation();
  return (
    <AriaRouting>
      <div className={styles.shell}>
        <a href="#main" className={styles.skipLink}>
          {t('app.skipToContent')}
        </a>
        <TopBar />
        <div className={styles.body}>
          <SideNav />
          <div className={styles.content}>
            <main id="main" className={styles.main} tabIndex={-1}>
              {children ?? <Outlet />}
            </main>
            <Footer />
          </div>
        </div>
        <BottomBar />
        <Toasts />
        <ToastRouteListener />
        <ScrollRestoration />
      </div>
    </AriaRouting>
  );
}
