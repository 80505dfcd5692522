import { useState } from 'react';
import { useArrivedPopup, useOnDemand, type OnDemand } from '../lib/on-demand';

/** What a menu loaded on demand is told as it takes the place of its plain button. */
export type MenuArrival = {
  /** Its button was pressed: the menu takes the focus and opens as it arrives. */
  openAtOnce?: boolean;
};

/**
 * A menu (react-aria's menu, popover and collection) that is not in a page's first load: it loads
 * when the customer focuses its button, and until the button is pressed a plain button of the same
 * look and name stands in; then the menu takes its place, with the focus, and opens.
 * `trigger` goes onto the plain button (ui/button or react-aria's Button).
 */
export function useMenuOnDemand<M>(part: OnDemand<M>) {
  const [Menu, want] = useOnDemand(part);
  const [arrival, setArrival] = useState<MenuArrival>({});
  const trigger = {
    'aria-haspopup': 'true' as const,
    'aria-expanded': 'false' as const,
    // Focused: fetched, so that a press finds it there; the plain button stays until then.
    onFocusChange: (isFocused: boolean) => {
      if (isFocused) void part.load().catch(() => undefined);
    },
    // At the start of the press: the menu may arrive before the press ends.
    onPressStart: () => {
      setArrival({ openAtOnce: true });
      want();
    },
  };
  return { Menu, arrival, trigger };
}

/** In the menu that arrived: its button takes the focus and the menu opens when its plain button was pressed (useArrivedPopup). */
export function useArrivedMenu({ openAtOnce = false }: MenuArrival) {
  return useArrivedPopup({ takesFocus: openAtOnce, opens: openAtOnce });
}
