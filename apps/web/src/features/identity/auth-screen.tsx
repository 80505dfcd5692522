import type { FormEvent, ReactNode } from 'react';
import styles from './identity.module.css';

/**
 * The frame of every sign-in screen: one card with the heading (focused after navigation, for
 * screen readers), an introduction, the form, and links below the card.
 */
export function AuthScreen({ title, intro, children, below }: { title: string; intro?: ReactNode; children: ReactNode; below?: ReactNode }) {
  return (
    <div className={styles.screen}>
      <title>{`${title} · Kontor`}</title>
      <section className={styles.card} aria-labelledby="auth-title">
        <div className={styles.heading}>
          <h1 id="auth-title" className={styles.title} tabIndex={-1} data-page-title>
            {title}
          </h1>
          {intro && <p className={styles.intro}>{intro}</p>}
        </div>
        {children}
      </section>
      {below && <div className={styles.below}>{below}</div>}
    </div>
  );
}

/** A form stack: fields, notices and buttons one below the other. */
export function FormStack({
  children,
  onSubmit,
  onInput,
  label,
}: {
  children: ReactNode;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** The first typing (or autofill) in any field. */
  onInput?: () => void;
  label?: string;
}) {
  return (
    <form className={styles.form} onSubmit={onSubmit} onInput={onInput} noValidate aria-label={label}>
      {children}
    </form>
  );
}

export function Actions({ children }: { children: ReactNode }) {
  return <div className={styles.actions}>{children}</div>;
}
