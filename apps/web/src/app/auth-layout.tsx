import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { LanguageSwitcher } from '../parts/language-switcher';
import { Footer } from './footer';
import { KontorLogo } from './kontor-logo';
import styles from './auth-layout.module.css';

/** The frame of the sign-in screens: the wordmark, one centred column, the legal footer. */
export function AuthLayout() {
  const { t } = useTranslation();
  return (
    <div className={styles.shell}>
      <header className={styles.bar}>
        <Link to="/anmelden" className={styles.wordmark} aria-label={t('auth.layout.home')}>
          <KontorLogo className={styles.logo} />
          <span>{t('app.name')}</span>
        </Link>
        {/* This device only: the customer is not known yet; after sign-in their stored choice applies. */}
        <LanguageSwitcher />
      </header>
      <main id="main" className={styles.main} tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
