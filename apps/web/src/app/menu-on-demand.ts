import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useOnDemand, type OnDemand } from '../lib/on-demand';

/** What a menu loaded on demand is told as it takes the place of its plain button. */
export type MenuArrival = {
  /** Its button was pressed: the menu opens as it arrives. */
  openAtOnce?: boolean;
  /** Its button had the focus: the menu's own button takes it. */
  focusAtOnce?: boolean;
};

/**
 * A menu (react-aria's menu, popover and collection) that is not in a page's first load: until the
 * customer focuses or presses its button, a plain button of the same look and name stands in; then
 * the menu loads and takes its place, with the focus, open when the button was pressed.
 * `trigger` goes onto the plain button (ui/button or react-aria's Button).
 */
export function useMenuOnDemand<M>(part: OnDemand<M>) {
  const [Menu, want] = useOnDemand(part);
  const [arrival, setArrival] = useState<MenuArrival>({});
  const trigger = {
    'aria-haspopup': 'true' as const,
    'aria-expanded': 'false' as const,
    onFocusChange: (isFocused: boolean) => {
      setArrival((a) => ({ ...a, focusAtOnce: isFocused }));
      if (isFocused) want();
    },
    // At the start of the press: the menu may arrive before the press ends.
    onPressStart: () => {
      setArrival((a) => ({ ...a, openAtOnce: true }));
      want();
    },
  };
  return { Menu, arrival, trigger };
}

/**
 * In the menu that arrived: its button (`ref`) takes the focus the plain one had, and the menu
 * opens when that was pressed — only after a render with the focus on this button, because the
 * menu returns the focus to the element that had it when it opened, and the plain one is gone.
 * For a MenuTrigger's `isOpen` and `onOpenChange`.
 */
export function useArrivedMenu({ openAtOnce = false, focusAtOnce = false }: MenuArrival) {
  const ref = useRef<HTMLButtonElement>(null);
  const [isOpen, onOpenChange] = useState(false);
  // In the commit that takes the plain button away: no key can go elsewhere in between.
  useLayoutEffect(() => {
    if (openAtOnce || focusAtOnce) ref.current?.focus();
    // Once, as it arrives.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the second render, see above
    if (openAtOnce) onOpenChange(true);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return { ref, isOpen, onOpenChange };
}
