import type { ReactNode } from 'react';
import styles from './page.module.css';

export type PageProps = {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
};

/**
 * The frame of every screen: its heading (the target of focus after navigation, hence
 * tabIndex -1) and the document title "… · Kontor".
 */
export function Page({ title, description, actions, children }: PageProps) {
  return (
    <div className={styles.page}>
      <title>{`${title} · Kontor`}</title>
      <div className={styles.header}>
        <div>
          <h1 className={styles.title} tabIndex={-1} data-page-title>
            {title}
          </h1>
          {description && <p className={styles.description}>{description}</p>}
        </div>
        {actions && <div className={styles.actions}>{actions}</div>}
      </div>
      {children}
    </div>
  );
}

export type EmptyStateProps = {
  title: ReactNode;
  children: ReactNode;
  icon?: ReactNode;
  /** The next step, usually a LinkButton or Button. */
  action?: ReactNode;
};

/** Says what will appear here and what to do next, instead of an empty white box. */
export function EmptyState({ title, children, icon, action }: EmptyStateProps) {
  return (
    <div className={styles.empty}>
      {icon && <div className={styles.emptyIcon}>{icon}</div>}
      <h2 className={styles.emptyTitle}>{title}</h2>
      <p className={styles.emptyText}>{children}</p>
      {action && <div className={styles.emptyAction}>{action}</div>}
    </div>
  );
}
