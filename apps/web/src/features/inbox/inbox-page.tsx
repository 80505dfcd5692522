import { useTranslation } from 'react-i18next';
import { Card } from '../../ui/card';
import { InboxIcon } from '../../ui/icons';
import { EmptyState, Page } from '../../ui/page';

export function InboxPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('pages.inbox.title')}>
      <Card>
        <EmptyState icon={<InboxIcon />} title={t('pages.inbox.emptyTitle')}>
          {t('pages.inbox.emptyText')}
        </EmptyState>
      </Card>
    </Page>
  );
}
