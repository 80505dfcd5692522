import { useTranslation } from 'react-i18next';
import { LinkButton } from '../../ui/button';
import { Card } from '../../ui/card';
import { SettingsIcon } from '../../ui/icons';
import { EmptyState, Page } from '../../ui/page';

export function SettingsPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('pages.settings.title')}>
      <Card>
        <EmptyState
          icon={<SettingsIcon />}
          title={t('pages.settings.emptyTitle')}
          action={
            <LinkButton variant="secondary" href="/geraete">
              {t('pages.settings.emptyAction')}
            </LinkButton>
          }
        >
          {t('pages.settings.emptyText')}
        </EmptyState>
      </Card>
    </Page>
  );
}
