import { useTranslation } from 'react-i18next';
import type { TicketDialogEntry } from '@kontor/domain/ticket-contracts';
import { formatDateTime } from '../../lib/format';
import { formatFileSize } from './attachment-files';
import { attachmentUrl } from './tickets-api';
import styles from './tickets.module.css';

function EntryAttachments({ ticketId, entry }: { ticketId: string; entry: TicketDialogEntry }) {
  const { t } = useTranslation();
  if (entry.attachments.length === 0) return null;
  return (
    <ul className={styles.files} aria-label={t('tickets.thread.files')}>
      {entry.attachments.map((file) => (
        <li key={file.attachmentId} data-attachment-id={file.attachmentId}>
          <a href={attachmentUrl(ticketId, file.attachmentId)} download={file.name} className={styles.fileLink}>
            {file.name}
          </a>{' '}
          <span className={styles.muted}>
            ({formatFileSize(file.attachmentSize)}
            {file.isAgentAttachment && `, ${t('tickets.thread.fromAgent')}`})
          </span>
        </li>
      ))}
    </ul>
  );
}

/** "Sie" for the customer; an agent by name, marked as customer service unless the name says so. */
function authorText(entry: TicketDialogEntry, t: (key: string) => string): string {
  if (entry.entryType === 'CUSTOMER') return t('tickets.thread.you');
  const agent = t('tickets.thread.agent');
  return entry.author.toLowerCase().includes(agent.toLowerCase()) ? entry.author : `${entry.author} (${agent})`;
}

/**
 * The dialog, oldest first: the customer's entries on the right, the agents' on the left, each
 * with its writer and Berlin time; Kontor's own status notes small in between.
 */
export function TicketThread({ ticketId, entries }: { ticketId: string; entries: TicketDialogEntry[] }) {
  const { t } = useTranslation();
  if (entries.length === 0) return <p className={styles.muted}>{t('tickets.thread.empty')}</p>;
  return (
    <ol className={styles.thread} aria-label={t('tickets.thread.title')}>
      {entries.map((entry) =>
        entry.entryType === 'SYSTEM' ? (
          <li key={entry.id} className={styles.system} data-entry-type="SYSTEM">
            <time dateTime={entry.dateTime}>{formatDateTime(entry.dateTime)}</time> · {entry.content}
          </li>
        ) : (
          <li key={entry.id} className={entry.entryType === 'CUSTOMER' ? styles.mine : styles.theirs} data-entry-type={entry.entryType}>
            <p className={styles.entryMeta}>
              <span className={styles.author}>{authorText(entry, t)}</span>{' '}
              <time dateTime={entry.dateTime}>{formatDateTime(entry.dateTime)}</time>
            </p>
            {entry.content && <p className={styles.entryText}>{entry.content}</p>}
            <EntryAttachments ticketId={ticketId} entry={entry} />
          </li>
        ),
      )}
    </ol>
  );
}
