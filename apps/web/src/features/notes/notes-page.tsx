import { useTranslation } from 'react-i18next';
import type { Notice, OwnNote } from '@kontor/domain/notes-contracts';
import { KontorNotice } from '../../parts/notes/kontor-notice';
import { OwnNoteItem } from '../../parts/notes/own-note-item';
import { useNotes } from '../../parts/queries/notes';
import { Badge } from '../../ui/badge';
import { Card } from '../../ui/card';
import { NotesIcon } from '../../ui/icons';
import { EmptyState, Page } from '../../ui/page';
import { RequestStateView } from '../../ui/request-state';
import { Skeleton } from '../../ui/skeleton';
import styles from './notes-page.module.css';
import { InstrumentLink } from '../../parts/instrument-link';

/**
 * Notizen: the notices from Kontor the customer has not dismissed, and the customer's own notes on
 * instruments and positions, newest first, each editable in place.
 */
export function NotesPage() {
  const { t } = useTranslation();
  const notes = useNotes();
  return (
    <Page title={t('pages.notes.title')}>
      <div className={styles.sections}>
        {notes.data && notes.data.notices.length > 0 && <Notices notices={notes.data.notices} />}
        <Card title={t('pages.notes.ownTitle')}>
          <RequestStateView
            request={notes}
            errorMessage={t('pages.notes.loadError')}
            skeleton={
              <div className={styles.skeleton}>
                <Skeleton height="6rem" />
                <Skeleton height="6rem" />
              </div>
            }
          >
            {({ notes: own }) => <OwnNotes notes={own} />}
          </RequestStateView>
        </Card>
      </div>
    </Page>
  );
}

function Notices({ notices }: { notices: Notice[] }) {
  const { t } = useTranslation();
  return (
    <Card title={t('pages.notes.noticesTitle')}>
      <ul className={styles.list} aria-label={t('pages.notes.noticesTitle')}>
        {notices.map((notice) => (
          <li key={notice.id}>
            <KontorNotice notice={notice} />
          </li>
        ))}
      </ul>
    </Card>
  );
}

function OwnNotes({ notes }: { notes: OwnNote[] }) {
  const { t } = useTranslation();
  if (notes.length === 0)
    return (
      <EmptyState icon={<NotesIcon />} title={t('pages.notes.emptyTitle')}>
        {t('pages.notes.emptyText')}
      </EmptyState>
    );
  return (
    <ul className={`${styles.list} ${styles.divided}`} aria-label={t('pages.notes.ownTitle')}>
      {notes.map((note) => (
        <li key={note.id}>
          <OwnNoteItem
            note={note}
            heading={
              <h3 className={styles.noteHeading}>
                <InstrumentLink isin={note.isin} className={styles.instrumentLink}>
                  {note.name}
                </InstrumentLink>
                <Badge tone={note.subject === 'POSITION' ? 'info' : 'neutral'}>{t(`pages.notes.subject.${note.subject}`)}</Badge>
              </h3>
            }
          />
        </li>
      ))}
    </ul>
  );
}
