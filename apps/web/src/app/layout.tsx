import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { NoticeBanners, useBannersSettled } from '../parts/notes/notice-banners';
import { PreferencesSync } from '../parts/preferences-sync';
import { SessionStepUp } from '../parts/authorisation/session-step-up-host';
import { BottomBar } from './bottom-bar';
import { Footer } from './footer';
import { noticePageOf } from './notice-pages';
import { SideNav } from './side-nav';
import { TopBar } from './top-bar';
import styles from './layout.module.css';

/** The frame around every page of a signed-in customer: top bar, navigation, content, footer. */
export function Layout({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const { page, isin } = noticePageOf(useLocation().pathname);
  const settled = useBannersSettled(children ? null : page);
  return (
    <div className={styles.shell}>
        {/* Signed in only: the error screen may show signed out. */}
        {!children && <PreferencesSync />}
        {/* The server's inactivity refusal of a money call is answered with the step-up here. */}
        {!children && <SessionStepUp />}
        <a href="#main" className={styles.skipLink}>
          {t('app.skipToContent')}
        </a>
        <TopBar />
        <div className={styles.body}>
          <SideNav />
          <div className={styles.content}>
            {/* Unseen (but loading) until the banners are known, so they cannot push the page down. */}
            <main id="main" className={styles.main} tabIndex={-1} style={settled ? undefined : { visibility: 'hidden' }} aria-busy={!settled}>
              {/* Not on the error screen (which may show signed out): banners belong to pages. */}
              {!children && <NoticeBanners page={page} isin={isin} />}
              {children ?? <Outlet />}
            </main>
            <Footer />
          </div>
        </div>
        <BottomBar />
    </div>
  );
}
