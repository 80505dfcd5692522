import { useTranslation } from 'react-i18next';
import { Card } from '../../ui/card';
import { MoneyIcon } from '../../ui/icons';
import { EmptyState, Page } from '../../ui/page';

export function MoneyPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('pages.money.title')}>
      <Card>
        <EmptyState icon={<MoneyIcon />} title={t('pages.money.emptyTitle')}>
          {t('pages.money.emptyText')}
        </EmptyState>
      </Card>
    </Page>
  );
}
