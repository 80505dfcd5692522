/**
 * Toast messages (spec §3): a message, its type, whether it vanishes on the next route change, and
 * a delete time stamp — now plus the given duration, or 0 for a toast that stays until closed.
 * Pure rules; the web app holds the list and the timer.
 */

export const TOAST_TYPES = ['success', 'info', 'warning', 'error'] as const;
export type ToastType = (typeof TOAST_TYPES)[number];

export interface Toast {
  id: string;
  message: string;
  type: ToastType;
  deleteOnRouteChange: boolean;
  /** Epoch milliseconds at which the toast goes; 0 = stays until the customer closes it. */
  deleteAt: number;
}

export interface ToastOptions {
  deleteOnRouteChange?: boolean | undefined;
  /** How long the toast stays; missing, 0 or negative = until closed. */
  durationMs?: number | undefined;
  /** An id of the caller's choosing; by default a new one ("toast-1", "toast-2", …). */
  id?: string | undefined;
}

let sequence = 0;

export function createToast(
  message: string,
  type: ToastType,
  options: ToastOptions,
  now: number,
): Toast {
  const duration = options.durationMs ?? 0;
  return {
    id: options.id ?? `toast-${++sequence}`,
    message,
    type,
    deleteOnRouteChange: options.deleteOnRouteChange ?? false,
    deleteAt: duration > 0 ? now + duration : 0,
  };
}

/** Whether the toast's time is up at `now` (a toast with deleteAt 0 never expires). */
export function isToastExpired(toast: Toast, now: number): boolean {
  return toast.deleteAt > 0 && toast.deleteAt <= now;
}

/** The toasts still shown at `now`, in their order (a new array). */
export function expireToasts<T extends Toast>(toasts: readonly T[], now: number): T[] {
  return toasts.filter((toast) => !isToastExpired(toast, now));
}

/** The toasts still shown after a route change: those that asked to vanish are gone (a new array). */
export function toastsAfterRouteChange<T extends Toast>(toasts: readonly T[]): T[] {
  return toasts.filter((toast) => !toast.deleteOnRouteChange);
}
