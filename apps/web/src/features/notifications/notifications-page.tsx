import { useTranslation } from 'react-i18next';
import { Card } from '../../ui/card';
import { BellIcon } from '../../ui/icons';
import { EmptyState, Page } from '../../ui/page';

export function NotificationsPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('pages.notifications.title')}>
      <Card>
        <EmptyState icon={<BellIcon />} title={t('pages.notifications.emptyTitle')}>
          {t('pages.notifications.emptyText')}
        </EmptyState>
      </Card>
    </Page>
  );
}
