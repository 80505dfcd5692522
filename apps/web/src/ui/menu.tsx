import type { ReactNode } from 'react';
import {
  Menu as AriaMenu,
  MenuItem as AriaMenuItem,
  Popover,
  Separator,
  type Key,
  type MenuItemProps as AriaMenuItemProps,
  type MenuProps as AriaMenuProps,
  type PopoverProps,
} from 'react-aria-components';
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

export function MenuItem({ icon, isCurrent, children, ...props }: AriaMenuItemProps & { icon?: ReactNode; isCurrent?: boolean; children: ReactNode }) {
  const textValue = props.textValue ?? (typeof children === 'string' ? children : undefined);
  return (
    <AriaMenuItem {...props} textValue={textValue} className={styles.item} data-current={isCurrent || undefined}>
      {icon}
      {children}
    </AriaMenuItem>
  );
}

export function MenuSeparator() {
  return <Separator className={styles.separator} />;
}

export type { Key };
