import { useTranslation } from 'react-i18next';
import { Link } from 'react-aria-components';
import type { Notice } from '@kontor/domain/notes-contracts';
import { useDomainText } from '../../lib/domain-text';
import { useNoteMutations } from '../queries/notes';
import { notesPath } from '../../lib/paths';
import { Button } from '../../ui/button';
import { CloseIcon } from '../../ui/icons';
import styles from './notes.module.css';

/**
 * A notice from Kontor: title, text, the link where the customer acts on it, and "Ausblenden",
 * which dismisses it for good (on every page and in the Notizen list). `compact`: as a banner above
 * a page, in a line or two, with a link to the `others` on the Notizen page.
 */
export function KontorNotice({ notice, compact = false, others = 0 }: { notice: Notice; compact?: boolean; others?: number }) {
  const { t } = useTranslation();
  const { dismiss } = useNoteMutations();
  // Kontor writes its notices in German; in English they read from the domain-text catalogue.
  const text = useDomainText();
  const title = text(notice.title);
  const external = notice.link !== null && /^https?:\/\//.test(notice.link);
  return (
    <section
      className={[styles.notice, notice.level === 'action' && styles.action, compact && styles.compact].filter(Boolean).join(' ')}
      aria-label={title}
      data-notice-id={notice.id}
    >
      <div className={styles.noticeBody}>
        {/* Not a heading: as a banner it stands above the page's own h1. */}
        <p className={styles.noticeTitle}>{title}</p>
        <p className={styles.noticeText}>{text(notice.body)}</p>
        {(notice.link || others > 0) && (
          <p className={styles.noticeLinks}>
            {notice.link && (
              <Link className={styles.noticeLink} href={notice.link} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
                {notice.linkLabel ? text(notice.linkLabel) : t('pages.notes.noticeMore')}
              </Link>
            )}
            {others > 0 && (
              <Link className={styles.noticeLink} href={notesPath}>
                {t('pages.notes.otherNotices', { count: others })}
              </Link>
            )}
          </p>
        )}
      </div>
      <Button className={styles.dismiss} variant="ghost" size="sm" onPress={() => dismiss.mutate(notice.id)} aria-label={t('pages.notes.dismissFor', { title })}>
        <CloseIcon aria-hidden="true" />
        <span className={compact ? 'visually-hidden-narrow' : undefined}>{t('pages.notes.dismiss')}</span>
      </Button>
    </section>
  );
}
