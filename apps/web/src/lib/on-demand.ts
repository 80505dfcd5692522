import { useCallback, useEffect, useRef, useState } from 'react';

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
 * The part, once `want()` was called and it has arrived; at once when an earlier screen loaded it.
 * `want` is cheap to call again (on every focus or hover).
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
    if (part.loaded() !== null) return;
    part.load().then(
      (loaded) => mounted.current && setValue(() => loaded),
      () => undefined,
    );
  }, [part]);
  return [value, want];
}
