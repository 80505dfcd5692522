import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import type { PosteingangDocument } from '@kontor/domain/posteingang-contracts';
import { formatCount } from '../../lib/format';
import { documentDownloadUrl, documentPdfUrl } from '../../lib/paths';
import { PdfLoadError } from '../../ui/pdf-load-error';
import { Card } from '../../ui/card';
import { Page } from '../../ui/page';
import { Tab, TabList, TabPanel, Tabs } from '../../ui/tabs';
import { DocumentFiltersBar } from './document-filters';
import { DocumentList, displayTitle } from './document-list';
import { useDocumentOpened, useDocuments, useUnread } from './inbox-api';
import { PARAM, readFilters, readView, withFilters, type DocumentFilters } from './inbox-params';
import { MessageList } from './message-list';
import styles from './inbox.module.css';
import { useDomainText } from '../../lib/domain-text';

// pdf.js comes with the viewer, on the first document opened, never with the app or this page.
const PdfViewer = lazy(() => import('../../ui/pdf-viewer'));

type ViewerState = { viewer?: boolean } | null;

/** The unread count on a tab: the number shows, "ungelesen" is read out (both tabs fit at 360 px). */
function UnreadCount({ count }: { count: number }) {
  const { t } = useTranslation();
  return (
    <span className={styles.tabCount}>
      {formatCount(count)}
      <span className="visually-hidden"> {t('inbox.tabUnread')}</span>
    </span>
  );
}

/**
 * /posteingang: the documents (filters, search, date range, paging, in-app viewer) and the
 * messages, as two tabs with their unread counts. Tab, filters and the open document live in the
 * URL: ?ansicht=nachrichten, ?modus=CATEGORIES&kategorien=STEUERN, ?doc=<id>.
 */
export function InboxPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const view = readView(params);
  const filters = readFilters(params);
  const unread = useUnread();
  const opened = useDocumentOpened();
  const text = useDomainText();
  const openId = params.get(PARAM.document);
  // The open document's title, when it is among the loaded ones (a link may name any document).
  const documents = useDocuments(filters, { enabled: openId !== null });
  const openDoc = openId ? documents.data?.pages.flatMap((p) => p.documents).find((d) => d.id === openId) : undefined;

  const change = (next: URLSearchParams, replace = false) => setParams(next, { replace });
  const setFilters = (update: Partial<DocumentFilters>, options: { replace?: boolean } = {}) => change(withFilters(params, update), options.replace);
  const open = (doc: PosteingangDocument) => {
    const next = new URLSearchParams(params);
    next.set(PARAM.document, doc.id);
    setParams(next, { state: { viewer: true } satisfies ViewerState });
  };
  const close = () => {
    // Opened from the list: back to it (the history step goes too). Opened by a link: stay here.
    if ((location.state as ViewerState)?.viewer) void navigate(-1);
    else {
      const next = new URLSearchParams(params);
      next.delete(PARAM.document);
      change(next, true);
    }
  };

  const counts = unread.data;
  return (
    <Page title={t('pages.inbox.title')} description={counts && counts.documents > 0 ? t('inbox.unreadCount', { count: counts.documents }) : undefined}>
      <Tabs
        selectedKey={view}
        onSelectionChange={(key) => {
          const next = new URLSearchParams(params);
          if (key === 'nachrichten') next.set(PARAM.view, 'nachrichten');
          else next.delete(PARAM.view);
          change(next);
        }}
      >
        <TabList aria-label={t('inbox.views')}>
          <Tab id="dokumente">
            {t('inbox.documentsTab')}
            {counts && counts.documents > 0 && <UnreadCount count={counts.documents} />}
          </Tab>
          <Tab id="nachrichten">
            {t('inbox.messagesTab')}
            {counts && counts.messages > 0 && <UnreadCount count={counts.messages} />}
          </Tab>
        </TabList>
        <TabPanel id="dokumente" className={styles.panel}>
          <h2 className="visually-hidden">{t('inbox.documentsTab')}</h2>
          <Card>
            <DocumentFiltersBar filters={filters} onChange={setFilters} />
          </Card>
          <Card flush>
            <DocumentList
              filters={filters}
              onOpen={open}
              onReset={() => setFilters({ mode: 'ALL', categories: [], q: '', from: '', to: '', unread: false })}
            />
          </Card>
        </TabPanel>
        <TabPanel id="nachrichten" className={styles.panel}>
          <h2 className="visually-hidden">{t('inbox.messagesTab')}</h2>
          <Card flush>
            <MessageList />
          </Card>
        </TabPanel>
      </Tabs>
      {openId && (
        <Suspense
          fallback={
            <span role="status" className="visually-hidden">
              {t('inbox.viewer.loading')}
            </span>
          }
        >
          <PdfViewer
            key={openId}
            title={openDoc ? displayTitle(openDoc, text) : t('inbox.viewer.untitled')}
            load={async (signal) => {
              const response = await fetch(documentPdfUrl(openId), { credentials: 'include', signal });
              if (response.status === 404) throw new PdfLoadError(t('inbox.viewer.notFound'));
              if (!response.ok) throw new PdfLoadError(t('pdfViewer.failed'), true);
              return response.arrayBuffer();
            }}
            download={{ href: documentDownloadUrl(openId) }}
            onClose={close}
            onLoaded={() => opened(openId)}
          />
        </Suspense>
      )}
    </Page>
  );
}
