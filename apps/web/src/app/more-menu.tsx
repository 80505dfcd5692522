import { useTranslation } from 'react-i18next';
import { Button as AriaButton, MenuTrigger } from 'react-aria-components';
import { useLocation } from 'react-router';
import { MoreIcon } from '../ui/icons';
import { Menu, MenuItem, MenuPopover } from '../ui/menu';
import { useArrivedMenu, type MenuArrival } from './menu-on-demand';
import type { NavItem } from './navigation';
import styles from './layout.module.css';

/** The bottom bar's "Mehr": the areas that have no tab of their own, loaded when the customer turns to it (menu-on-demand). */
export function MoreMenu({ items, ...arrival }: { items: readonly NavItem[] } & MenuArrival) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { ref, isOpen, onOpenChange } = useArrivedMenu(arrival);
  const active = items.some((item) => pathname.startsWith(item.path));
  return (
    <MenuTrigger isOpen={isOpen} onOpenChange={onOpenChange}>
      <AriaButton ref={ref} className={styles.tab} data-active={active || undefined} aria-label={t('nav.moreMenu')}>
        <MoreIcon />
        <span aria-hidden="true">{t('nav.more')}</span>
      </AriaButton>
      <MenuPopover placement="top end">
        <Menu aria-label={t('nav.moreMenu')}>
          {items.map(({ id, path, icon: Icon }) => (
            <MenuItem key={id} href={path} icon={<Icon />} isCurrent={pathname.startsWith(path)}>
              {t(`nav.${id}`)}
            </MenuItem>
          ))}
        </Menu>
      </MenuPopover>
    </MenuTrigger>
  );
}
