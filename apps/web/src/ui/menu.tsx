import type { ReactNode } from 'react';
import {
  Header,
  Menu as AriaMenu,
  MenuItem as AriaMenuItem,
  MenuSection as AriaMenuSection,
  Popover,
  Separator,
  type Key,
  type MenuItemProps as AriaMenuItemProps,
  type MenuProps as AriaMenuProps,
  type MenuSectionProps as AriaMenuSectionProps,
  type PopoverProps,
} from 'react-aria-components';
import { CheckIcon } from './icons';
import styles from './menu.module.css';

/**
 * A dropdown menu: put <MenuTrigger> (react-aria-components) around a Button and a MenuPopover.
 * Items with `href` are links (client-side for app paths through the app's RouterProvider).
 */
export function MenuPopover({ children, placement = 'bottom end', ...props }: PopoverProps & { children: ReactNode }) {
  return (
    <Popover {...props} placement={placement} className={styles.popover}>
      {children}
    </Popover>
  );
}

export function Menu<T extends object>(props: AriaMenuProps<T>) {
  return <AriaMenu {...props} className={styles.menu} />;
}

/**
 * In a menu with `selectionMode`, items are checkable (menuitemcheckbox / menuitemradio) and show
 * a check mark when selected.
 */
export function MenuItem({ icon, isCurrent, children, ...props }: AriaMenuItemProps & { icon?: ReactNode; isCurrent?: boolean; children: ReactNode }) {
  const textValue = props.textValue ?? (typeof children === 'string' ? children : undefined);
  return (
    <AriaMenuItem {...props} textValue={textValue} className={styles.item} data-current={isCurrent || undefined}>
      {({ selectionMode, isSelected }) => (
        <>
          {selectionMode !== 'none' && <CheckIcon className={styles.check} data-checked={isSelected || undefined} />}
          {icon}
          {children}
        </>
      )}
    </AriaMenuItem>
  );
}

/**
 * A titled group of items, e.g. the customer's watchlists above "Neue Watchlist". A section may
 * have its own selection (selectionMode, selectedKeys, onSelectionChange) while the rest of the
 * menu holds plain actions.
 */
export function MenuSection<T extends object>({ title, children, ...props }: Omit<AriaMenuSectionProps<T>, 'children'> & { title: ReactNode; children: ReactNode }) {
  return (
    <AriaMenuSection<T> {...props}>
      <Header className={styles.sectionHeader}>{title}</Header>
      {children}
    </AriaMenuSection>
  );
}

export function MenuSeparator() {
  return <Separator className={styles.separator} />;
}

export type { Key };
