import { useCallback, useSyncExternalStore } from 'react';

/** Below this width the app shows its phone layout (the bottom navigation; see layout.module.css). */
export const PHONE_LAYOUT = '(max-width: 767px)';

/** Whether a media query matches, kept current; false where the browser cannot tell (no matchMedia). */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = typeof window.matchMedia === 'function' ? window.matchMedia(query) : null;
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => (typeof window.matchMedia === 'function' ? window.matchMedia(query).matches : false),
    () => false,
  );
}
