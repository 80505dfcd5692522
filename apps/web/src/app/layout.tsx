import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { BottomBar } from './bottom-bar';
import { Footer } from './footer';
import { SideNav } from './side-nav';
import { TopBar } from './top-bar';
import styles from './layout.module.css';

/** The frame around every page of a signed-in customer: top bar, navigation, content, footer. */
export function Layout({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  return (
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
    </div>
  );
}
