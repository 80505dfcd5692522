import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ToggleButton } from 'react-aria-components';
import { DOCUMENT_CATEGORIES } from '@kontor/domain/posteingang-contracts';
import type { FilterMode } from '@kontor/domain/enums';
import { useLabels } from '../../lib/domain-labels';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { Button } from '../../ui/button';
import { Checkbox } from '../../ui/checkbox';
import { SegmentedControl } from '../../ui/segmented-control';
import { TextField } from '../../ui/text-field';
import { hasFilters, type DocumentFilters } from './inbox-params';
import styles from './inbox.module.css';

/** How long the search waits after the last key before it asks the server. */
export const SEARCH_DELAY_MS = 300;

export type DocumentFiltersProps = {
  filters: DocumentFilters;
  /** `replace`: a step not worth a history entry (each pause while typing a search). */
  onChange: (change: Partial<DocumentFilters>, options?: { replace?: boolean }) => void;
};

/**
 * The filters of the document list: the spec's filter modes (all, savings plans, chosen
 * categories), search by title or ISIN, an issue-date range and "nur ungelesene".
 */
export function DocumentFiltersBar({ filters, onChange }: DocumentFiltersProps) {
  const { t } = useTranslation();
  const { label } = useLabels();
  const [text, setText] = useState(filters.q);
  const query = useDebouncedValue(text.trim(), SEARCH_DELAY_MS);
  // Typing asks after a pause; back/forward brings the search of that step into the field.
  useEffect(() => {
    if (query !== filters.q) onChange({ q: query }, { replace: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new pause in typing searches
  }, [query]);
  const [shownQ, setShownQ] = useState(filters.q);
  if (shownQ !== filters.q) {
    setShownQ(filters.q);
    if (text.trim() !== filters.q) setText(filters.q);
  }

  const modes: { id: FilterMode; label: string }[] = [
    { id: 'ALL', label: t('inbox.filter.all') },
    { id: 'SAVINGS_PLAN', label: t('inbox.filter.savingsPlan') },
    { id: 'CATEGORIES', label: t('inbox.filter.categories') },
  ];
  const toggle = (category: (typeof DOCUMENT_CATEGORIES)[number]) => {
    const chosen = new Set(filters.categories);
    if (chosen.has(category)) chosen.delete(category);
    else chosen.add(category);
    onChange({ categories: DOCUMENT_CATEGORIES.filter((c) => chosen.has(c)) });
  };

  return (
    <div className={styles.filters}>
      <SegmentedControl label={t('inbox.filter.mode')} items={modes} selected={filters.mode} onChange={(mode) => onChange({ mode })} />
      {filters.mode === 'CATEGORIES' && (
        <div className={styles.chips} role="group" aria-label={t('inbox.filter.categoryGroup')}>
          {DOCUMENT_CATEGORIES.map((category) => (
            <ToggleButton key={category} className={styles.chip} isSelected={filters.categories.includes(category)} onChange={() => toggle(category)}>
              {label('documentCategory', category)}
            </ToggleButton>
          ))}
        </div>
      )}
      <div className={styles.fields}>
        <TextField className={styles.search} type="search" label={t('inbox.filter.search')} placeholder={t('inbox.filter.searchHint')} value={text} onChange={setText} />
        <TextField className={styles.date} type="date" label={t('inbox.filter.from')} value={filters.from} onChange={(from) => onChange({ from }, { replace: true })} />
        <TextField
          className={styles.date}
          type="date"
          label={t('inbox.filter.to')}
          value={filters.to}
          onChange={(to) => onChange({ to }, { replace: true })}
          errorMessage={filters.from && filters.to && filters.from > filters.to ? t('inbox.filter.rangeInvalid') : undefined}
        />
      </div>
      <div className={styles.row}>
        <Checkbox isSelected={filters.unread} onChange={(unread) => onChange({ unread })}>
          {t('inbox.filter.unread')}
        </Checkbox>
        {hasFilters(filters) && (
          <Button
            variant="ghost"
            size="sm"
            onPress={() => {
              setText('');
              onChange({ mode: 'ALL', categories: [], q: '', from: '', to: '', unread: false });
            }}
          >
            {t('inbox.filter.reset')}
          </Button>
        )}
      </div>
    </div>
  );
}
