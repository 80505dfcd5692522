import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { INSTRUMENT_TYPE_LABELS } from '@kontor/domain/enums';
import type { Instrument } from '@kontor/domain/instrument';
import { isApiError } from '../../lib/api-client';
import { LinkButton } from '../../ui/button';
import { Card } from '../../ui/card';
import { SearchIcon } from '../../ui/icons';
import { Notice } from '../../ui/notice';
import { EmptyState, Page } from '../../ui/page';
import { Skeleton } from '../../ui/skeleton';
import { fetchInstrument } from './instruments-api';
import styles from './instruments.module.css';

/**
 * /wertpapier/:isin — for now the instrument's name, identifiers and type.
 * `actions` (slot): rendered in the header's action area (the app puts "Zur Watchlist" and
 * "Preisalarm" there).
 */
export function InstrumentPage({ actions }: { actions?: (instrument: Instrument) => ReactNode } = {}) {
  const { t } = useTranslation();
  const { isin = '' } = useParams();
  const instrument = useQuery({ queryKey: ['instruments', 'instrument', isin], queryFn: ({ signal }) => fetchInstrument(isin, signal) });

  if (instrument.isPending) {
    return (
      <div className={styles.stack} role="status" aria-busy="true">
        <span className="visually-hidden">{t('common.loading')}</span>
        <Skeleton width="60%" height="2rem" />
        <Skeleton height="6rem" />
      </div>
    );
  }
  if (instrument.isError) {
    const notFound = isApiError(instrument.error) && (instrument.error.status === 404 || instrument.error.status === 400);
    return (
      <Page title={notFound ? t('instrument.notFound') : t('instrument.title')}>
        <Card>
          {notFound ? (
            <EmptyState
              icon={<SearchIcon />}
              title={t('instrument.notFound')}
              action={
                <LinkButton href="/suche" variant="secondary">
                  {t('instrument.toSearch')}
                </LinkButton>
              }
            >
              {t('instrument.notFoundText', { isin })}
            </EmptyState>
          ) : (
            <Notice tone="danger">{t('instrument.loadError')}</Notice>
          )}
        </Card>
      </Page>
    );
  }
  const data = instrument.data;
  return (
    <Page title={data.name} description={INSTRUMENT_TYPE_LABELS[data.instrumentType]} actions={actions?.(data)}>
      <Card title={t('instrument.title')}>
        <dl className={styles.facts}>
          <dt>{t('search.isin')}</dt>
          <dd>{data.isin}</dd>
          <dt>{t('search.wkn')}</dt>
          <dd>{data.wkn ?? '–'}</dd>
          <dt>{t('instrument.type')}</dt>
          <dd>{INSTRUMENT_TYPE_LABELS[data.instrumentType]}</dd>
        </dl>
      </Card>
    </Page>
  );
}
