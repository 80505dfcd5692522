import { useTranslation } from 'react-i18next';
import { Card } from '../../ui/card';
import { DeviceIcon } from '../../ui/icons';
import { EmptyState, Page } from '../../ui/page';

export function DevicesPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('pages.devices.title')}>
      <Card>
        <EmptyState icon={<DeviceIcon />} title={t('pages.devices.emptyTitle')}>
          {t('pages.devices.emptyText')}
        </EmptyState>
      </Card>
    </Page>
  );
}
