import type { ReactNode } from 'react';
import { CheckCircleIcon, ErrorIcon, InfoIcon, WarningIcon } from './icons';
import styles from './notice.module.css';

export type NoticeTone = 'info' | 'success' | 'warning' | 'danger';

const icons = { info: InfoIcon, success: CheckCircleIcon, warning: WarningIcon, danger: ErrorIcon };

/**
 * A message inside a form or card (a wrong password, a code that was sent). Errors and warnings
 * are announced at once (role="alert"), the rest politely (role="status").
 */
export function Notice({ tone = 'info', title, children }: { tone?: NoticeTone; title?: ReactNode; children: ReactNode }) {
  const Icon = icons[tone];
  return (
    <div className={`${styles.notice} ${styles[tone]}`} role={tone === 'danger' || tone === 'warning' ? 'alert' : 'status'}>
      <Icon className={styles.icon} />
      <div className={styles.body}>
        {title && <p className={styles.title}>{title}</p>}
        <div>{children}</div>
      </div>
    </div>
  );
}
