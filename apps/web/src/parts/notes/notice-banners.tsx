import { useEffect, useState } from 'react';
import type { Notice, NoticePage } from '@kontor/domain/notes-contracts';
import { isFreshDepot, useDepot } from '../queries/depot';
import { useNotes } from '../queries/notes';
import { KontorNotice } from './kontor-notice';
import styles from './notes.module.css';

/**
 * The notices from Kontor that concern `page` (or every page): at most one, compact, above the
 * page's content, with a link to the others on the Notizen page (`page` ALL: only those for every
 * page; null: none, e.g. on the Notizen page that lists them). One that asks the customer to act
 * comes before one that informs; one for this page before one for every page. A new customer's
 * depot shows its welcome instead. The app shell places it once and names the page from the route;
 * nothing shows while loading or when the notices cannot be loaded (the page itself matters more).
 */
export function NoticeBanners({ page, isin = null }: { page: NoticePage | null; isin?: string | null }) {
  const notes = useNotes(null, { enabled: page !== null });
  const welcome = useDepotWelcome(page);
  const shown =
    page === null || welcome !== false
      ? []
      : (notes.data?.notices ?? []).filter(
          // A notice about one instrument shows on that instrument's page only.
          (n) => n.pages.includes('ALL') || (n.pages.includes(page) && (page !== 'INSTRUMENT' || n.isin === null || n.isin === isin)),
        );
  const [first] = [...shown].sort(byUrgency);
  if (!first) return null;
  return (
    <div className={styles.banners} data-notice-banners="">
      <KontorNotice notice={first} compact others={shown.length - 1} />
    </div>
  );
}

/** Action before information, a page's own before every page's; otherwise as the server lists them. */
const byUrgency = (a: Notice, b: Notice) =>
  (a.level === 'action' ? 0 : 1) - (b.level === 'action' ? 0 : 1) || (a.pages.includes('ALL') ? 1 : 0) - (b.pages.includes('ALL') ? 1 : 0);

/** On the depot: whether it welcomes a new customer (true), does not (false), or is not known yet (undefined). */
function useDepotWelcome(page: NoticePage | null): boolean | undefined {
  const depot = useDepot(page === 'DEPOT');
  if (page !== 'DEPOT') return false;
  if (depot.isError) return false;
  return depot.data ? isFreshDepot(depot.data) : undefined;
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
  const welcome = useDepotWelcome(page);
  // A first failure settles it too: retries must not keep the page from showing.
  const pending = page !== null && ((notes.isPending && notes.failureCount === 0) || welcome === undefined);
  const [waited, setWaited] = useState(false);
  useEffect(() => {
    if (!pending) return;
    const timer = setTimeout(() => setWaited(true), BANNER_WAIT_MS);
    return () => clearTimeout(timer);
  }, [pending]);
  return !pending || waited;
}
