import { useTranslation } from 'react-i18next';
import { Card } from '../../ui/card';
import { ServiceIcon } from '../../ui/icons';
import { EmptyState, Page } from '../../ui/page';

export function TicketsPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('pages.tickets.title')}>
      <Card>
        <EmptyState icon={<ServiceIcon />} title={t('pages.tickets.emptyTitle')}>
          {t('pages.tickets.emptyText')}
        </EmptyState>
      </Card>
    </Page>
  );
}
