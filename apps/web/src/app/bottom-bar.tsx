import { useTranslation } from 'react-i18next';
import { Button as AriaButton } from 'react-aria-components';
import { NavLink, useLocation } from 'react-router';
import { onDemand } from '../lib/on-demand';
import { MoreIcon } from '../ui/icons';
import { useMenuOnDemand } from './menu-on-demand';
import { useNavItems } from './navigation';
import styles from './layout.module.css';

const moreMenu = onDemand(() => import('./more-menu').then((m) => m.MoreMenu));

/** Phones (below 768 px): the five most used areas (short labels where needed) plus "Mehr" for the rest. */
export function BottomBar() {
  const { t } = useTranslation();
  const items = useNavItems();
  const { pathname } = useLocation();
  const { Menu, arrival, trigger } = useMenuOnDemand(moreMenu);
  const primary = items.filter((item) => item.primary);
  const more = items.filter((item) => !item.primary);
  const moreActive = more.some((item) => pathname.startsWith(item.path));
  return (
    <nav className={styles.bottombar} aria-label={t('nav.main')}>
      {primary.map(({ id, path, icon: Icon }) => (
        <NavLink key={id} to={path} className={styles.tab}>
          <Icon />
          <span>{t(`nav.short.${id}`, { defaultValue: t(`nav.${id}`) })}</span>
        </NavLink>
      ))}
      {Menu ? (
        <Menu items={more} {...arrival} />
      ) : (
        <AriaButton className={styles.tab} data-active={moreActive || undefined} aria-label={t('nav.moreMenu')} {...trigger}>
          <MoreIcon />
          <span aria-hidden="true">{t('nav.more')}</span>
        </AriaButton>
      )}
    </nav>
  );
}
