import { useId, type ReactNode } from 'react';
import styles from './card.module.css';

export type CardProps = {
  title?: ReactNode;
  /** Buttons or links at the right of the title. */
  actions?: ReactNode;
  /** No inner padding: for tables that run to the card's edges. */
  flush?: boolean;
  className?: string;
  children: ReactNode;
};

/** A titled surface grouping one topic (depot value, a table, a form). */
export function Card({ title, actions, flush, className, children }: CardProps) {
  const titleId = useId();
  return (
    <section className={[styles.card, className].filter(Boolean).join(' ')} aria-labelledby={title ? titleId : undefined}>
      {(title || actions) && (
        <div className={styles.header}>
          {title && (
            <h2 id={titleId} className={styles.title}>
              {title}
            </h2>
          )}
          {actions}
        </div>
      )}
      <div className={flush ? styles.flush : styles.body}>{children}</div>
    </section>
  );
}
