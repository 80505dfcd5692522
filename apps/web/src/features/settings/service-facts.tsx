import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ServiceRequestType } from '@kontor/domain/service-requests';
import { newTicketPath } from '../../lib/paths';
import { LinkButton } from '../../ui/button';
import { Card } from '../../ui/card';
import { LoadError } from '../../ui/load-error';
import { Skeleton } from '../../ui/skeleton';
import styles from './settings.module.css';

/**
 * The pieces of the settings cards that show what service requests change: each value with the
 * way to change it, a new service request of its type.
 */

/** "Ändern" (or another verb) leading to the request form; `what` names the value for a screen reader. */
export function ChangeLink({ type, what, label }: { type: ServiceRequestType; what: string; label?: string }) {
  const { t } = useTranslation();
  return (
    <LinkButton variant="secondary" size="sm" href={newTicketPath(type)} data-change-type={type}>
      {label ?? t('settings.service.change')}
      <span className="visually-hidden"> ({what})</span>
    </LinkButton>
  );
}

export type Fact = { label: string; value: ReactNode; key?: string };

export function Facts({ facts, name }: { facts: Fact[]; name?: string }) {
  return (
    <dl className={`${styles.facts} ${styles.single}`} data-facts={name}>
      {facts.map((fact) => (
        <div key={fact.key ?? fact.label}>
          <dt>{fact.label}</dt>
          <dd>{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A card whose content waits for a query: skeleton while loading, the error with "Erneut versuchen". */
export function QueryCard<T>({
  title,
  query,
  errorMessage,
  actions,
  children,
}: {
  title: string;
  query: Pick<UseQueryResult<T>, 'isPending' | 'isError' | 'data' | 'refetch'>;
  errorMessage: string;
  actions?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  let content: ReactNode;
  if (query.isPending) {
    content = (
      <div role="status" aria-busy="true" className={styles.stack}>
        <span className="visually-hidden">{t('common.loading')}</span>
        <Skeleton height="1.25rem" />
        <Skeleton height="2.5rem" />
      </div>
    );
  } else if (query.isError || query.data === undefined) {
    content = <LoadError message={errorMessage} onRetry={() => void query.refetch()} size="sm" />;
  } else {
    content = <div className={styles.stack}>{children(query.data)}</div>;
  }
  return (
    <Card title={title} actions={actions}>
      {content}
    </Card>
  );
}

export function LinkRow({ children }: { children: ReactNode }) {
  return <div className={styles.methodActions}>{children}</div>;
}
