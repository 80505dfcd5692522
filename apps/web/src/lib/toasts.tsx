import { createContext, useContext, useEffect, useRef, useSyncExternalStore, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { createToast, expireToasts, toastsAfterRouteChange, type Toast } from '@kontor/domain/toast';

export type { Toast };
export type ToastType = Toast['type'];
export type ToastOptions = { deleteOnRouteChange?: boolean; durationMs?: number };

/** How long a toast stays when the caller does not say; 0 would keep it until closed. */
export const DEFAULT_TOAST_DURATION_MS: Record<ToastType, number> = {
  success: 5000,
  info: 6000,
  warning: 8000,
  error: 10000,
};

export interface ToastStore {
  show(message: string, type: ToastType, options?: ToastOptions): Toast;
  success(message: string, options?: ToastOptions): Toast;
  info(message: string, options?: ToastOptions): Toast;
  warning(message: string, options?: ToastOptions): Toast;
  error(message: string, options?: ToastOptions): Toast;
  dismiss(id: Toast['id']): void;
  /** Drops the toasts that asked to vanish on the next route change. */
  routeChanged(): void;
  clear(): void;
  getSnapshot(): readonly Toast[];
  subscribe(listener: () => void): () => void;
}

type Clock = {
  now: () => number;
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
};

const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * The toast rules (delete time, route-change deletion, expiry) are the domain's; this store only
 * holds the list, notifies React and sets one timer for the next expiry.
 */
export function createToastStore(clock: Clock = systemClock): ToastStore {
  let list: readonly Toast[] = [];
  const listeners = new Set<() => void>();
  let timer: unknown = null;

  const set = (next: readonly Toast[]) => {
    if (next === list) return;
    list = next;
    schedule();
    for (const listener of listeners) listener();
  };

  const schedule = () => {
    if (timer !== null) clock.clearTimeout(timer);
    timer = null;
    const next = Math.min(...list.filter((t) => t.deleteAt > 0).map((t) => t.deleteAt));
    if (!Number.isFinite(next)) return;
    timer = clock.setTimeout(() => {
      timer = null;
      const remaining = expireToasts([...list], clock.now());
      if (remaining.length !== list.length) set(remaining);
      else schedule();
    }, Math.max(0, next - clock.now()));
  };

  const show: ToastStore['show'] = (message, type, options = {}) => {
    const toast = createToast(
      message,
      type,
      { deleteOnRouteChange: options.deleteOnRouteChange ?? false, durationMs: options.durationMs ?? DEFAULT_TOAST_DURATION_MS[type] },
      clock.now(),
    );
    set([...list, toast]);
    return toast;
  };

  return {
    show,
    success: (message, options) => show(message, 'success', options),
    info: (message, options) => show(message, 'info', options),
    warning: (message, options) => show(message, 'warning', options),
    error: (message, options) => show(message, 'error', options),
    dismiss: (id) => set(list.filter((t) => t.id !== id)),
    routeChanged: () => {
      const next = toastsAfterRouteChange([...list]);
      if (next.length !== list.length) set(next);
    },
    clear: () => set([]),
    getSnapshot: () => list,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The app-wide store; non-React code (the API client's global error handler) shows toasts here. */
export const toasts = createToastStore();

const ToastContext = createContext<ToastStore>(toasts);

export function ToastProvider({ store = toasts, children }: { store?: ToastStore; children: ReactNode }) {
  return <ToastContext.Provider value={store}>{children}</ToastContext.Provider>;
}

/** Shows toasts from a component: `const toast = useToast(); toast.success('Gespeichert')`. */
export function useToast(): ToastStore {
  return useContext(ToastContext);
}

/** The current toasts, re-rendering when they change. */
export function useToastList(): readonly Toast[] {
  const store = useToast();
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}

/** Mounted once inside the router: a new pathname clears the toasts flagged deleteOnRouteChange. */
export function ToastRouteListener() {
  const store = useToast();
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    store.routeChanged();
  }, [pathname, store]);
  return null;
}
