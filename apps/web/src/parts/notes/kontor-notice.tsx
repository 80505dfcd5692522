import { useTranslation } from 'react-i18next';
import { Link } from 'react-aria-components';
import type { Notice } from '@kontor/domain/notes-contracts';
import { useNoteMutations } from '../queries/notes';
import { Button } from '../../ui/button';
import { CloseIcon } from '../../ui/icons';
import styles from './notes.module.css';

/**
 * A notice from Kontor: title, text, the link where the customer acts on it, and "Ausblenden",
 * which dismisses it for good (on every page and in the Notizen list).
 */
export function KontorNotice({ notice }: { notice: Notice }) {
  const { t } = useTranslation();
  const { dismiss } = useNoteMutations();
  const external = notice.link !== null && /^https?:\/\//.test(notice.link);
  return (
    <section className={[styles.notice, notice.level === 'action' && styles.action].filter(Boolean).join(' ')} aria-label={notice.title} data-notice-id={notice.id}>
      <div className={styles.noticeBody}>
        {/* Not a heading: as a banner it stands above the page's own h1. */}
        <p className={styles.noticeTitle}>{notice.title}</p>
        <p className={styles.noticeText}>{notice.body}</p>
        {notice.link && (
          <Link className={styles.noticeLink} href={notice.link} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
            {notice.linkLabel ?? t('pages.notes.noticeMore')}
          </Link>
        )}
      </div>
      <Button className={styles.dismiss} variant="ghost" size="sm" onPress={() => dismiss.mutate(notice.id)} aria-label={t('pages.notes.dismissFor', { title: notice.title })}>
        <CloseIcon aria-hidden="true" />
        {t('pages.notes.dismiss')}
      </Button>
    </section>
  );
}
