import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-aria-components';
import { useLabels } from '../../lib/domain-labels';
import { newSavingsPlanPath } from '../../lib/paths';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { Card } from '../../ui/card';
import { Notice } from '../../ui/notice';
import { Skeleton } from '../../ui/skeleton';
import { TextField } from '../../ui/text-field';
import { useSavingsInstrumentSearch } from './savings-plans-api';
import styles from './savings-plans.module.css';

const SEARCH_DELAY_MS = 250;

/** The first step of a new plan: find an instrument that a savings plan can buy (sparplan=true). */
export function InstrumentPicker() {
  const { t } = useTranslation();
  const { label } = useLabels();
  const [text, setText] = useState('');
  const q = useDebouncedValue(text.trim(), SEARCH_DELAY_MS);
  const search = useSavingsInstrumentSearch(q);
  const waiting = text.trim() !== q || search.isFetching;

  let results;
  if (q.length === 0) results = <p className={styles.muted}>{t('savingsPlans.pick.hint')}</p>;
  else if (search.isError) results = <Notice tone="danger">{t('savingsPlans.pick.error')}</Notice>;
  else if (!search.data)
    results = (
      <div className={styles.loading} role="status" aria-busy="true">
        <span className="visually-hidden">{t('common.loading')}</span>
        <Skeleton height="2.5rem" />
        <Skeleton height="2.5rem" />
      </div>
    );
  else if (search.data.results.length === 0) results = <p className={styles.muted}>{t('savingsPlans.pick.none', { q })}</p>;
  else
    results = (
      <ul className={styles.searchResults} aria-label={t('savingsPlans.pick.results')} aria-busy={waiting}>
        {search.data.results.map((i) => (
          <li key={i.isin}>
            <Link href={newSavingsPlanPath(i.isin)}>
              <span className={styles.name}>{i.name}</span>
              <span className={styles.muted}>
                {label('instrumentType', i.instrumentType)} · {i.isin}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    );

  return (
    <Card title={t('savingsPlans.pick.title')}>
      <div className={styles.form}>
        <TextField label={t('savingsPlans.pick.label')} type="search" value={text} onChange={setText} autoComplete="off" autoFocus />
        {results}
      </div>
    </Card>
  );
}
