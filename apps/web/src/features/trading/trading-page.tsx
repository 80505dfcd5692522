import { useTranslation } from 'react-i18next';
import { Card } from '../../ui/card';
import { OrdersIcon } from '../../ui/icons';
import { EmptyState, Page } from '../../ui/page';

export function OrdersPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('pages.orders.title')}>
      <Card>
        <EmptyState icon={<OrdersIcon />} title={t('pages.orders.emptyTitle')}>
          {t('pages.orders.emptyText')}
        </EmptyState>
      </Card>
    </Page>
  );
}
