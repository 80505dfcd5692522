import { useTranslation } from 'react-i18next';
import { Card } from '../../ui/card';
import { NotesIcon } from '../../ui/icons';
import { EmptyState, Page } from '../../ui/page';

export function NotesPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('pages.notes.title')}>
      <Card>
        <EmptyState icon={<NotesIcon />} title={t('pages.notes.emptyTitle')}>
          {t('pages.notes.emptyText')}
        </EmptyState>
      </Card>
    </Page>
  );
}
