import { useTranslation } from 'react-i18next';
import { Button as AriaButton, MenuTrigger } from 'react-aria-components';
import { NavLink, useLocation } from 'react-router';
import { MoreIcon } from '../ui/icons';
import { Menu, MenuItem, MenuPopover } from '../ui/menu';
import { useNavItems } from './navigation';
import styles from './layout.module.css';

/** Phones (below 768 px): the five most used areas (short labels where needed) plus "Mehr" for the rest. */
export function BottomBar() {
  const { t } = useTranslation();
  const items = useNavItems();
  const { pathname } = useLocation();
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
      <MenuTrigger>
        <AriaButton className={styles.tab} data-active={moreActive || undefined} aria-label={t('nav.moreMenu')}>
          <MoreIcon />
          <span aria-hidden="true">{t('nav.more')}</span>
        </AriaButton>
        <MenuPopover placement="top end">
          <Menu aria-label={t('nav.moreMenu')}>
            {more.map(({ id, path, icon: Icon }) => (
              <MenuItem key={id} href={path} icon={<Icon />} isCurrent={pathname.startsWith(path)}>
                {t(`nav.${id}`)}
              </MenuItem>
            ))}
          </Menu>
        </MenuPopover>
      </MenuTrigger>
    </nav>
  );
}
