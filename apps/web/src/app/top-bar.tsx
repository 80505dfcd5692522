import { useTranslation } from 'react-i18next';
import { Form, Link, MenuTrigger } from 'react-aria-components';
import { useLocation, useNavigate } from 'react-router';
import { useAuth } from '../lib/auth';
import { useConfig } from '../lib/config';
import { afterSignOut, isAppPath, leaveApp } from '../lib/external-links';
import { useToast } from '../lib/toasts';
import { Button } from '../ui/button';
import { InstrumentSearchField } from '../features/instruments/instrument-search-field';
import { NotificationBell } from '../features/notifications/notification-bell';
import { DeviceIcon, ExternalLinkIcon, LogoutIcon, ServiceIcon, SettingsIcon, UserIcon } from '../ui/icons';
import { Menu, MenuItem, MenuPopover, MenuSeparator } from '../ui/menu';
import { KontorLogo } from './kontor-logo';
import { START_PATH } from './navigation';
import styles from './layout.module.css';

export function TopBar() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const auth = useAuth();
  const navigate = useNavigate();
  const toast = useToast();

  const { externalLinks } = useConfig();
  // Revokes the tokens and clears the API session (lib/auth), then shows the sign-in, or the
  // configured logout page of another site (spec §2).
  const signOut = async () => {
    const { complete } = await auth.signOut();
    if (!complete) toast.warning(t('auth.signOut.incomplete'));
    const next = afterSignOut(externalLinks.logout, window.location.origin);
    if ('external' in next) leaveApp.to(next.external);
    else void navigate(next.path, { replace: true });
  };

  return (
    <header className={styles.topbar}>
      <Link href={START_PATH} className={styles.wordmark} aria-label={t('app.home')}>
        <KontorLogo className={styles.logo} />
        <span className={styles.wordmarkText}>{t('app.name')}</span>
      </Link>

      <Form role="search" className={styles.search} onSubmit={(event) => event.preventDefault()}>
        <InstrumentSearchField className={styles.searchBox} inputClassName={styles.searchInput} iconClassName={styles.searchIcon} />
      </Form>

      <div className={styles.topActions}>
        <NotificationBell />
        <MenuTrigger>
          <Button variant="ghost" iconOnly aria-label={t('topbar.customerMenu')} className={styles.customer}>
            <UserIcon />
          </Button>
          <MenuPopover>
            <Menu aria-label={t('topbar.customerMenu')}>
              <MenuItem href="/einstellungen" icon={<SettingsIcon />} isCurrent={pathname === '/einstellungen'}>
                {t('nav.settings')}
              </MenuItem>
              <MenuItem href="/geraete" icon={<DeviceIcon />} isCurrent={pathname === '/geraete'}>
                {t('nav.devices')}
              </MenuItem>
              <MenuItem href="/service" icon={<ServiceIcon />} isCurrent={pathname === '/service'}>
                {t('nav.tickets')}
              </MenuItem>
              {externalLinks.administration && (
                <MenuItem
                  href={externalLinks.administration}
                  {...(isAppPath(externalLinks.administration) ? {} : { target: '_blank', rel: 'noopener noreferrer' })}
                  icon={<ExternalLinkIcon />}
                >
                  {t('topbar.administration')}
                </MenuItem>
              )}
              <MenuSeparator />
              <MenuItem onAction={() => void signOut()} icon={<LogoutIcon />}>
                {t('topbar.logout')}
              </MenuItem>
            </Menu>
          </MenuPopover>
        </MenuTrigger>
      </div>
    </header>
  );
}
