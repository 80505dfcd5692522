import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { documentDisplayTitle } from '@kontor/domain/documents';
import { type PosteingangDocument } from '@kontor/domain/posteingang-contracts';
import { useLabels } from '../../lib/domain-labels';
import { formatCount, formatDate } from '../../lib/format';
import { documentDownloadUrl, documentPdfUrl } from '../../lib/paths';
import { Button, LinkButton } from '../../ui/button';
import { DownloadIcon, InboxIcon, MailIcon, MailOpenIcon } from '../../ui/icons';
import { EmptyState } from '../../ui/page';
import { RequestStateView } from '../../ui/request-state';
import { LoadMore } from './load-more';
import { useDocuments, useMarkDocumentRead } from './inbox-api';
import { hasFilters, type DocumentFilters } from './inbox-params';
import styles from './inbox.module.css';
import { useDomainText } from '../../lib/domain-text';

/** A document's title as the list shows it, in the app's language (`text`: the domain-text translator; the PDF itself stays German). */
export const displayTitle = (doc: PosteingangDocument, text: (german: string) => string) =>
  documentDisplayTitle({ ...doc, title: text(doc.title), pdfTitle: doc.pdfTitle ? text(doc.pdfTitle) : doc.pdfTitle });

/** A plain click opens the in-app viewer; with a modifier key the browser opens the PDF itself (new tab, save). */
const plainClick = (event: MouseEvent) => event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

function DocumentRow({ doc, onOpen }: { doc: PosteingangDocument; onOpen: (doc: PosteingangDocument) => void }) {
  const { t } = useTranslation();
  const { label } = useLabels();
  const mark = useMarkDocumentRead();
  const title = displayTitle(doc, useDomainText());
  return (
    <li className={styles.item} data-unread={doc.read ? undefined : ''} data-document-id={doc.id}>
      <a
        href={documentPdfUrl(doc.id)}
        className={styles.link}
        onClick={(event) => {
          if (!plainClick(event)) return;
          event.preventDefault();
          onOpen(doc);
        }}
      >
        <span className={styles.main}>
          <span className={styles.title}>
            {!doc.read && <span className="visually-hidden">{t('inbox.unread')}: </span>}
            {title}
          </span>
          <span className={styles.meta}>
            {label('documentCategory', doc.category)} · {formatDate(doc.date)}
          </span>
        </span>
      </a>
      <div className={styles.actions}>
        <Button
          variant="ghost"
          size="sm"
          iconOnly
          aria-label={t(doc.read ? 'inbox.markUnread' : 'inbox.markRead', { title })}
          isPending={mark.isPending}
          onPress={() => mark.mutate({ id: doc.id, read: !doc.read })}
        >
          {doc.read ? <MailIcon /> : <MailOpenIcon />}
        </Button>
        <LinkButton variant="ghost" size="sm" iconOnly aria-label={t('inbox.downloadNamed', { title })} href={documentDownloadUrl(doc.id)} download>
          <DownloadIcon />
        </LinkButton>
      </div>
    </li>
  );
}

/**
 * The documents matching the filters, newest first, a page at a time ("Weitere laden"): a customer
 * with thousands of documents gets the first page at once and never thousands of rows.
 */
export function DocumentList({ filters, onOpen, onReset }: { filters: DocumentFilters; onOpen: (doc: PosteingangDocument) => void; onReset: () => void }) {
  const { t } = useTranslation();
  const documents = useDocuments(filters);
  return (
    <RequestStateView request={documents} errorMessage={t('inbox.loadError')} notAvailableMessage={t('inbox.notAvailable')} inset>
      {(data) => {
        const list = data.pages.flatMap((page) => page.documents);
        const total = data.pages[0]?.total ?? 0;
        if (list.length === 0)
          return hasFilters(filters) ? (
            <EmptyState icon={<InboxIcon />} title={t('inbox.noMatchTitle')} action={<Button variant="secondary" onPress={onReset}>{t('inbox.filter.reset')}</Button>}>
              {t('inbox.noMatchText')}
            </EmptyState>
          ) : (
            <EmptyState icon={<InboxIcon />} title={t('pages.inbox.emptyTitle')}>
              {t('pages.inbox.emptyText')}
            </EmptyState>
          );
        return (
          <>
            <p className={styles.count} aria-live="polite">
              {t('inbox.shown', { count: total, shown: formatCount(list.length), total: formatCount(total) })}
            </p>
            <ul className={styles.list} aria-label={t('inbox.listLabel')}>
              {list.map((doc) => (
                <DocumentRow key={doc.id} doc={doc} onOpen={onOpen} />
              ))}
            </ul>
            <LoadMore query={documents} />
          </>
        );
      }}
    </RequestStateView>
  );
}
