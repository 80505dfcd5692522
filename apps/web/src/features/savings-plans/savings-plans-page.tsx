import { useTranslation } from 'react-i18next';
import { Card } from '../../ui/card';
import { SavingsPlanIcon } from '../../ui/icons';
import { EmptyState, Page } from '../../ui/page';

export function SavingsPlansPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('pages.savingsPlans.title')}>
      <Card>
        <EmptyState icon={<SavingsPlanIcon />} title={t('pages.savingsPlans.emptyTitle')}>
          {t('pages.savingsPlans.emptyText')}
        </EmptyState>
      </Card>
    </Page>
  );
}
