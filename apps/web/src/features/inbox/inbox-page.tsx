import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { documentDisplayTitle } from '@kontor/domain/documents';
import type { DocumentPage, PosteingangDocument } from '@kontor/domain/posteingang-contracts';
import { api } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format';
import { documentPdfUrl } from '../../lib/paths';
import { queryKeys } from '../../lib/query-keys';
import { Badge } from '../../ui/badge';
import { Card } from '../../ui/card';
import { InboxIcon } from '../../ui/icons';
import { LoadError } from '../../ui/load-error';
import { EmptyState, Page } from '../../ui/page';
import { Skeleton } from '../../ui/skeleton';
import styles from './inbox.module.css';

// The first page of the Posteingang's documents (the full screen with filters and paging replaces this list).
type InboxList = DocumentPage;
type InboxDocument = PosteingangDocument;

function useDocuments() {
  return useQuery({
    queryKey: queryKeys.inbox,
    queryFn: ({ signal }) => api.request<InboxList>('GET', '/api/posteingang', { signal, skipGlobalErrorHandler: true }),
  });
}

/**
 * /posteingang — the customer's documents, newest first (for now the contract notes of executed
 * orders); unread ones are marked, and a document opens as PDF in a new tab, which marks it read.
 */
export function InboxPage() {
  const { t } = useTranslation();
  const documents = useDocuments();
  const client = useQueryClient();

  // The server marks a document read when its PDF is fetched; the list shows it at once.
  const opened = (doc: InboxDocument) =>
    client.setQueryData<InboxList>(queryKeys.inbox, (old) => old && { ...old, documents: old.documents.map((d) => (d.id === doc.id ? { ...d, read: true } : d)) });

  let content;
  if (documents.isPending) {
    content = (
      <div className={styles.loading} role="status" aria-busy="true">
        <span className="visually-hidden">{t('common.loading')}</span>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height="3rem" />
        ))}
      </div>
    );
  } else if (documents.isError) {
    content = (
      <LoadError message={t('inbox.loadError')} onRetry={() => void documents.refetch()} inset />
    );
  } else if (documents.data.documents.length === 0) {
    content = (
      <EmptyState icon={<InboxIcon />} title={t('pages.inbox.emptyTitle')}>
        {t('pages.inbox.emptyText')}
      </EmptyState>
    );
  } else {
    const sorted = [...documents.data.documents].sort((a, b) => b.date.localeCompare(a.date));
    content = (
      <ul className={styles.list} aria-label={t('inbox.listLabel')}>
        {sorted.map((doc) => (
          <li key={doc.id} className={styles.item} data-unread={doc.read ? undefined : ''} data-document-id={doc.id}>
            <a href={documentPdfUrl(doc.id)} target="_blank" rel="noopener" className={styles.link} onClick={() => opened(doc)}>
              <span className={styles.main}>
                <span className={styles.title}>
                  {!doc.read && <span className="visually-hidden">{t('inbox.unread')}: </span>}
                  {documentDisplayTitle(doc)}
                </span>
                <span className={styles.meta}>
                  {formatDateTime(doc.date)} · {t('inbox.pdf')}
                  <span className="visually-hidden"> {t('inbox.opensNewTab')}</span>
                </span>
              </span>
              {!doc.read && (
                <span aria-hidden="true">
                  <Badge tone="info">{t('inbox.new')}</Badge>
                </span>
              )}
            </a>
          </li>
        ))}
      </ul>
    );
  }

  const unread = documents.data?.documents.filter((d) => !d.read).length ?? 0;
  return (
    <Page title={t('pages.inbox.title')} description={unread > 0 ? t('inbox.unreadCount', { count: unread }) : undefined}>
      <Card flush title={t('inbox.listLabel')}>
        {content}
      </Card>
    </Page>
  );
}
