import { useTranslation } from 'react-i18next';
import { Card } from '../../ui/card';
import { CorporateActionIcon } from '../../ui/icons';
import { EmptyState, Page } from '../../ui/page';

export function CorporateActionsPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('pages.corporateActions.title')}>
      <Card>
        <EmptyState icon={<CorporateActionIcon />} title={t('pages.corporateActions.emptyTitle')}>
          {t('pages.corporateActions.emptyText')}
        </EmptyState>
      </Card>
    </Page>
  );
}
