import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/button';
import styles from './inbox.module.css';

type Paged = { hasNextPage: boolean; isFetchingNextPage: boolean; isFetchNextPageError: boolean; fetchNextPage: () => unknown };

/** "Weitere laden" under a list with more pages, and what went wrong if the next page did not come. */
export function LoadMore({ query }: { query: Paged }) {
  const { t } = useTranslation();
  return (
    <>
      {query.hasNextPage && (
        <div className={styles.more}>
          <Button variant="secondary" isPending={query.isFetchingNextPage} onPress={() => void query.fetchNextPage()}>
            {t('inbox.loadMore')}
          </Button>
        </div>
      )}
      {query.isFetchNextPageError && (
        <p className={styles.moreError} role="alert">
          {t('inbox.loadMoreError')}
        </p>
      )}
    </>
  );
}
