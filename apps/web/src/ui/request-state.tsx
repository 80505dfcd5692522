import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { RequestState } from '@kontor/domain/enums';
import { isApiError } from '../lib/api-client';
import { LoadError } from './load-error';
import { Notice } from './notice';
import { Skeleton } from './skeleton';
import styles from './request-state.module.css';

/** What a list needs of a @tanstack/react-query result (plain or infinite query). */
export type RequestLike<T> = {
  data: T | undefined;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
};

/**
 * The request state (spec: LOADING, SUCCESS, ERROR, NOT_ACCEPTABLE) of a query. Data already on
 * screen stays there when a refresh fails; HTTP 406 means the server refuses the request as it
 * stands, which no retry changes.
 */
export function requestStateOf(request: Pick<RequestLike<unknown>, 'data' | 'isError' | 'error'>): RequestState {
  if (request.data !== undefined) return 'SUCCESS';
  if (!request.isError) return 'LOADING';
  return isApiError(request.error) && request.error.status === 406 ? 'NOT_ACCEPTABLE' : 'ERROR';
}

export type RequestStateViewProps<T> = {
  request: RequestLike<T>;
  /** Shown on ERROR above "Erneut versuchen" ("Ihre Dokumente können gerade nicht geladen werden."). */
  errorMessage: string;
  /** Shown on NOT_ACCEPTABLE; a general "nicht verfügbar" text without it. */
  notAvailableMessage?: string;
  /** The placeholder while LOADING; three grey rows without it. */
  skeleton?: ReactNode;
  /** Padding of its own, for a card without inner padding. */
  inset?: boolean;
  /** The content on SUCCESS. */
  children: (data: T) => ReactNode;
};

/**
 * One place that turns a request state into what a list shows: a skeleton (LOADING), the content
 * (SUCCESS), the error with "Erneut versuchen" (ERROR) or a "nicht verfügbar" note (NOT_ACCEPTABLE).
 * The wrapper carries `data-request-state` so tests and styles can tell the states apart.
 */
export function RequestStateView<T>({ request, errorMessage, notAvailableMessage, skeleton, inset, children }: RequestStateViewProps<T>) {
  const { t } = useTranslation();
  const state = requestStateOf(request);
  if (state === 'SUCCESS') return <>{children(request.data as T)}</>;
  const className = [styles.state, inset && styles.inset].filter(Boolean).join(' ');
  if (state === 'LOADING')
    return (
      <div className={className} role="status" aria-busy="true" data-request-state={state}>
        <span className="visually-hidden">{t('common.loading')}</span>
        {skeleton ?? [0, 1, 2].map((i) => <Skeleton key={i} height="3rem" />)}
      </div>
    );
  if (state === 'NOT_ACCEPTABLE')
    return (
      <div className={className} data-request-state={state}>
        <Notice tone="info" title={t('requestState.notAvailableTitle')}>
          {notAvailableMessage ?? t('requestState.notAvailable')}
        </Notice>
      </div>
    );
  return (
    <div data-request-state={state}>
      <LoadError message={errorMessage} onRetry={() => void request.refetch()} inset={inset} />
    </div>
  );
}
