import { useTranslation } from 'react-i18next';
import { Card } from '../../ui/card';
import { WatchlistIcon } from '../../ui/icons';
import { EmptyState, Page } from '../../ui/page';

export function WatchlistsPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('pages.watchlists.title')}>
      <Card>
        <EmptyState icon={<WatchlistIcon />} title={t('pages.watchlists.emptyTitle')}>
          {t('pages.watchlists.emptyText')}
        </EmptyState>
      </Card>
    </Page>
  );
}
