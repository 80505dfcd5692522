import type { KeyboardEvent } from 'react';
import { Button } from './button';
import { CheckCircleIcon, CloseIcon, ErrorIcon, InfoIcon, WarningIcon } from './icons';
import styles from './toast-region.module.css';

export type ToastView = {
  id: string;
  message: string;
  type: 'success' | 'info' | 'warning' | 'error';
};

const icons = { success: CheckCircleIcon, info: InfoIcon, warning: WarningIcon, error: ErrorIcon };

export type ToastRegionProps = {
  toasts: readonly ToastView[];
  onDismiss: (id: ToastView['id']) => void;
  /** Accessible name of the landmark, e.g. "Meldungen". */
  label: string;
  closeLabel: string;
};

/**
 * Where toasts appear. The landmark is always present, so screen readers announce what is added:
 * errors and warnings as alerts, the rest politely as status. Each toast has a close button and
 * also closes with Escape while focus is inside it.
 */
export function ToastRegion({ toasts, onDismiss, label, closeLabel }: ToastRegionProps) {
  return (
    // Top layer: stays readable and clickable while a modal dialog hides the rest of the page.
    <section className={styles.region} aria-label={label} data-react-aria-top-layer="true">
      <div className={styles.list}>
        {toasts.map((toast) => {
          const Icon = icons[toast.type];
          const urgent = toast.type === 'error' || toast.type === 'warning';
          const onKeyDown = (event: KeyboardEvent) => {
            if (event.key === 'Escape') {
              event.stopPropagation();
              onDismiss(toast.id);
            }
          };
          return (
            <div
              key={toast.id}
              className={`${styles.toast} ${styles[toast.type]}`}
              role={urgent ? 'alert' : 'status'}
              aria-atomic="true"
              onKeyDown={onKeyDown}
            >
              <Icon className={styles.icon} />
              <p className={styles.message}>{toast.message}</p>
              <Button variant="ghost" size="sm" iconOnly aria-label={closeLabel} onPress={() => onDismiss(toast.id)}>
                <CloseIcon />
              </Button>
            </div>
          );
        })}
      </div>
    </section>
  );
}
