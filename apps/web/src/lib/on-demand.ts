import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';

/**
 * A part of the app that is not in a page's first load (README "First load"): loaded on first
 * need, then kept for the session. A failed load (offline) is tried again at the next need.
 */
export type OnDemand<T> = { load: () => Promise<T>; loaded: () => T | null };

export function onDemand<T>(importer: () => Promise<T>): OnDemand<T> {
  let value: T | null = null;
  let loading: Promise<T> | null = null;
  return {
    load: () =>
      (loading ??= importer().then(
        (loaded) => (value = loaded),
        (error: unknown) => {
          loading = null;
          throw error;
        },
      )),
    loaded: () => value,
  };
}

/**
 * The part, once `want()` was called and it has arrived (at once when it was fetched before);
 * at the first render when an earlier screen put it in place. `part.load()` alone only fetches it.
 */
export function useOnDemand<T>(part: OnDemand<T>): [T | null, () => void] {
  const [value, setValue] = useState<T | null>(() => part.loaded());
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const want = useCallback(() => {
    const loaded = part.loaded();
    // Fetched before (on focus, by another screen): at once.
    if (loaded !== null) {
      setValue(() => loaded);
      return;
    }
    part.load().then(
      (arrived) => mounted.current && setValue(() => arrived),
      () => undefined,
    );
  }, [part]);
  return [value, want];
}

/**
 * A part with a popup that takes the place of its plain stand-in (a menu, a select): its own button
 * (`ref`) takes the focus when the stand-in had it or was pressed, in the commit that removes the
 * stand-in, so no key goes elsewhere in between; a pressed one then opens, only after a render with
 * the focus on its button, because the popup returns the focus to the element that had it when it
 * opened, and the stand-in is gone. For the popup's `isOpen` and `onOpenChange`.
 */
export function useArrivedPopup({ takesFocus, opens }: { takesFocus: boolean; opens: boolean }) {
  const ref = useRef<HTMLButtonElement>(null);
  const [isOpen, onOpenChange] = useState(false);
  useLayoutEffect(() => {
    if (takesFocus) ref.current?.focus();
    // Once, as it arrives.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the second render, see above
    if (opens) onOpenChange(true);
    // Once, as it arrives.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return { ref, isOpen, onOpenChange };
}
