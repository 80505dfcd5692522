import type { ReactNode } from 'react';
import { useDomainText } from '../lib/domain-text';
import { CheckCircleIcon, ErrorIcon, InfoIcon, WarningIcon } from './icons';
import styles from './notice.module.css';

export type NoticeTone = 'info' | 'success' | 'warning' | 'danger';

const icons = { info: InfoIcon, success: CheckCircleIcon, warning: WarningIcon, danger: ErrorIcon };

/**
 * A message inside a form or card (a wrong password, a code that was sent); a plain-text message
 * shows in the current language when it is one of the domain's sentences. Errors and warnings
 * are announced at once (role="alert"), the rest politely (role="status").
 */
export function Notice({ tone = 'info', title, children }: { tone?: NoticeTone; title?: ReactNode; children: ReactNode }) {
  const Icon = icons[tone];
  const text = useDomainText();
  return (
    <div className={`${styles.notice} ${styles[tone]}`} role={tone === 'danger' || tone === 'warning' ? 'alert' : 'status'}>
      <Icon className={styles.icon} />
      <div className={styles.body}>
        {title && <p className={styles.title}>{title}</p>}
        {/* A plain message may be the domain's or the server's German sentence. */}
        <div>{typeof children === 'string' ? text(children) : children}</div>
      </div>
    </div>
  );
}
