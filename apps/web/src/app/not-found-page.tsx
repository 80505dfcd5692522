import { useTranslation } from 'react-i18next';
import { LinkButton } from '../ui/button';
import { Card } from '../ui/card';
import { EmptyState, Page } from '../ui/page';
import { START_PATH } from './navigation';

/** Any path the app does not know. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('pages.notFound.title')}>
      <Card>
        <EmptyState
          icon={<span aria-hidden="true">404</span>}
          title={t('pages.notFound.title')}
          action={<LinkButton href={START_PATH}>{t('pages.notFound.action')}</LinkButton>}
        >
          {t('pages.notFound.text')}
        </EmptyState>
      </Card>
    </Page>
  );
}
