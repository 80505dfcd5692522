import { useEffect, useState } from 'react';
import type { NoticePage } from '@kontor/domain/notes-contracts';
import { useNotes } from '../queries/notes';
import { KontorNotice } from './kontor-notice';
import styles from './notes.module.css';

/**
 * The notices from Kontor that concern `page` (or every page), as banners above its content
 * (`page` ALL: only those for every page; null: none, e.g. on the Notizen page that lists them). The
 * app shell places it once and names the page from the route; nothing shows while loading or when
 * the notices cannot be loaded (the page itself matters more than its banners).
 */
export function NoticeBanners({ page, isin = null }: { page: NoticePage | null; isin?: string | null }) {
  const notes = useNotes(null, { enabled: page !== null });
  const shown =
    page === null
      ? []
      : (notes.data?.notices ?? []).filter(
          // A notice about one instrument shows on that instrument's page only.
          (n) => n.pages.includes('ALL') || (n.pages.includes(page) && (page !== 'INSTRUMENT' || n.isin === null || n.isin === isin)),
        );
  if (shown.length === 0) return null;
  return (
    <div className={styles.banners} data-notice-banners="">
      {shown.map((notice) => (
        <KontorNotice key={notice.id} notice={notice} />
      ))}
    </div>
  );
}

/** How long a page waits, unseen, for its banners on the first load. */
export const BANNER_WAIT_MS = 1500;

/**
 * Whether the page may show: its banners are known (or could not be loaded, or took longer than
 * BANNER_WAIT_MS). Until then the shell keeps the page invisible, so that banners arriving after
 * it do not push it down (a layout shift the customer sees as a jump).
 */
export function useBannersSettled(page: NoticePage | null): boolean {
  const notes = useNotes(null, { enabled: page !== null });
  // A first failure settles it too: retries must not keep the page from showing.
  const pending = page !== null && notes.isPending && notes.failureCount === 0;
  const [waited, setWaited] = useState(false);
  useEffect(() => {
    if (!pending) return;
    const timer = setTimeout(() => setWaited(true), BANNER_WAIT_MS);
    return () => clearTimeout(timer);
  }, [pending]);
  return !pending || waited;
}
