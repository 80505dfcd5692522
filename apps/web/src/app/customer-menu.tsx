import { useTranslation } from 'react-i18next';
import { MenuTrigger } from 'react-aria-components';
import { useLocation, useNavigate } from 'react-router';
import { useAuth } from '../lib/auth';
import { useConfig } from '../lib/config';
import { afterSignOut, isAppPath, leaveApp } from '../lib/external-links';
import { useToast } from '../lib/toasts';
import { Button } from '../ui/button';
import { DeviceIcon, ExternalLinkIcon, LogoutIcon, ServiceIcon, SettingsIcon, UserIcon } from '../ui/icons';
import { Menu, MenuItem, MenuPopover, MenuSeparator } from '../ui/menu';
import { useArrivedMenu, type MenuArrival } from './menu-on-demand';
import styles from './layout.module.css';

/**
 * The customer menu of the top bar (settings, devices, service, administration, sign-out), loaded
 * when the customer turns to its button (customer-menu-button, menu-on-demand).
 */
export function CustomerMenu(arrival: MenuArrival) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const auth = useAuth();
  const navigate = useNavigate();
  const toast = useToast();
  const { externalLinks } = useConfig();
  const { ref, isOpen, onOpenChange } = useArrivedMenu(arrival);

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
    <MenuTrigger isOpen={isOpen} onOpenChange={onOpenChange}>
      <Button ref={ref} variant="ghost" iconOnly aria-label={t('topbar.customerMenu')} className={styles.customer}>
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
  );
}
