import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { reportError } from '../lib/monitoring';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { ErrorIcon } from '../ui/icons';
import { EmptyState, Page } from '../ui/page';

/** Shown instead of a page that threw while rendering or loading; reported when monitoring is on. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  useEffect(() => {
    reportError(error);
  }, [error]);
  return (
    <Page title={t('pages.error.title')}>
      <Card>
        <EmptyState
          icon={<ErrorIcon />}
          title={t('pages.error.title')}
          action={<Button onPress={() => window.location.reload()}>{t('pages.error.action')}</Button>}
        >
          {t('pages.error.text')}
        </EmptyState>
      </Card>
    </Page>
  );
}
