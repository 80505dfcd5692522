import { useTranslation } from 'react-i18next';
import { Form, Link } from 'react-aria-components';
import { TopBarSearch } from '../features/instruments/top-bar-search';
import { NotificationBell } from '../features/notifications/notification-bell';
import { CustomerMenuButton } from './customer-menu-button';
import { KontorLogo } from './kontor-logo';
import { START_PATH } from './navigation';
import styles from './layout.module.css';

export function TopBar() {
  const { t } = useTranslation();
  return (
    <header className={styles.topbar}>
      <Link href={START_PATH} className={styles.wordmark} aria-label={t('app.home')}>
        <KontorLogo className={styles.logo} />
        <span className={styles.wordmarkText}>{t('app.name')}</span>
      </Link>

      <Form role="search" className={styles.search} onSubmit={(event) => event.preventDefault()}>
        <TopBarSearch className={styles.searchBox} inputClassName={styles.searchInput} iconClassName={styles.searchIcon} />
      </Form>

      <div className={styles.topActions}>
        <NotificationBell />
        <CustomerMenuButton />
      </div>
    </header>
  );
}
