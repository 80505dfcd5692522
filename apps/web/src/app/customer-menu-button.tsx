import { useTranslation } from 'react-i18next';
import { onDemand } from '../lib/on-demand';
import { Button } from '../ui/button';
import { UserIcon } from '../ui/icons';
import { useMenuOnDemand } from './menu-on-demand';
import styles from './layout.module.css';

const customerMenu = onDemand(() => import('./customer-menu').then((m) => m.CustomerMenu));

/** The customer menu's button; the menu (customer-menu) loads when the customer turns to it (menu-on-demand). */
export function CustomerMenuButton() {
  const { t } = useTranslation();
  const { Menu, arrival, trigger } = useMenuOnDemand(customerMenu);
  if (Menu) return <Menu {...arrival} />;
  return (
    <Button variant="ghost" iconOnly aria-label={t('topbar.customerMenu')} className={styles.customer} {...trigger}>
      <UserIcon />
    </Button>
  );
}
