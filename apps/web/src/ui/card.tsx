import { createContext, useContext, useId, type ReactNode } from 'react';
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

/** The level of the cards' headings: 2 on a page, 3 inside a section that has its own heading (`CardsUnder`). */
const CardHeadingLevel = createContext<2 | 3>(2);

/** Cards inside a titled section of a page: their headings sit one level under the section's. */
export function CardsUnder({ children }: { children: ReactNode }) {
  return <CardHeadingLevel.Provider value={3}>{children}</CardHeadingLevel.Provider>;
}

/** A titled surface grouping one topic (depot value, a table, a form). */
export function Card({ title, actions, flush, className, children }: CardProps) {
  const titleId = useId();
  const Heading = useContext(CardHeadingLevel) === 3 ? 'h3' : 'h2';
  return (
    <section className={[styles.card, className].filter(Boolean).join(' ')} aria-labelledby={title ? titleId : undefined}>
      {(title || actions) && (
        <div className={styles.header}>
          {title && (
            <Heading id={titleId} className={styles.title}>
              {title}
            </Heading>
          )}
          {actions}
        </div>
      )}
      <div className={flush ? styles.flush : styles.body}>{children}</div>
    </section>
  );
}
