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
