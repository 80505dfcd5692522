import { useTranslation } from 'react-i18next';
import { LinkButton } from '../../ui/button';
import { Card } from '../../ui/card';
import { DepotIcon } from '../../ui/icons';
import { EmptyState, Page } from '../../ui/page';

export function DepotPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('pages.depot.title')}>
      <Card>
        <EmptyState
          icon={<DepotIcon />}
          title={t('pages.depot.emptyTitle')}
          action={
            <LinkButton variant="secondary" href="/geldtransfer">
              {t('pages.depot.emptyAction')}
            </LinkButton>
          }
        >
          {t('pages.depot.emptyText')}
        </EmptyState>
      </Card>
    </Page>
  );
}
