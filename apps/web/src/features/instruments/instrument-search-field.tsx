import { memo, useState, type KeyboardEvent } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ComboBox, Input, Label, ListBox, ListBoxItem, Popover, type Key } from 'react-aria-components';
import { useNavigate } from 'react-router';
import type { Instrument } from '@kontor/domain/instrument';
import { useLabels } from '../../lib/domain-labels';
import { useInstrumentPath } from '../../parts/instrument-link';
import { searchPath } from '../../lib/paths';
import { Badge } from '../../ui/badge';
import { SearchIcon } from '../../ui/icons';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { searchInstruments, splitMatch } from './instruments-api';
import styles from './instruments.module.css';

export const TYPEAHEAD_SIZE = 8;
export const TYPEAHEAD_DELAY_MS = 200;
const ALL_RESULTS_KEY = '__all__';

type Entry = { id: string; instrument?: Instrument };

/** The name with the part that matches the query in bold. */
export function HighlightedName({ name, query }: { name: string; query: string }) {
  const [before, match, after] = splitMatch(name, query);
  return (
    <>
      {before}
      {match && <mark className={styles.match}>{match}</mark>}
      {after}
    </>
  );
}

/**
 * The instrument search in the top bar: suggestions while typing (debounced), Enter opens the
 * focused suggestion, or the first one when none is focused; the last entry opens /suche.
 */
export const InstrumentSearchField = memo(function InstrumentSearchField({
  className,
  inputClassName,
  iconClassName,
}: {
  className?: string;
  inputClassName?: string;
  iconClassName?: string;
}) {
  const { t } = useTranslation();
  const { label } = useLabels();
  const navigate = useNavigate();
  const instrumentPath = useInstrumentPath();
  const [inputValue, setInputValue] = useState('');
  const query = useDebouncedValue(inputValue.trim(), TYPEAHEAD_DELAY_MS);
  const search = useQuery({
    queryKey: ['instruments', 'typeahead', query],
    queryFn: ({ signal }) => searchInstruments({ q: query, size: TYPEAHEAD_SIZE }, signal),
    enabled: query.length > 0,
    placeholderData: keepPreviousData,
  });
  const settled = query === inputValue.trim() && !search.isFetching;
  const results = search.data?.results.slice(0, TYPEAHEAD_SIZE) ?? [];
  const entries: Entry[] =
    inputValue.trim().length === 0 ? [] : [...results.map((instrument) => ({ id: instrument.isin, instrument })), { id: ALL_RESULTS_KEY }];

  const close = () => setInputValue('');
  const openKey = (key: Key | null) => {
    if (key === null) return;
    if (key === ALL_RESULTS_KEY) void navigate(searchPath({ q: inputValue }));
    // Without instrument pages a hit opens the results page on its ISIN.
    else void navigate(instrumentPath(String(key)) ?? searchPath({ q: String(key) }));
    close();
  };
  // Enter with no suggestion focused: the first hit, or the results page when there is none.
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' || event.currentTarget.getAttribute('aria-activedescendant')) return;
    if (!inputValue.trim()) return;
    const first = settled ? results[0] : undefined;
    openKey(first ? first.isin : ALL_RESULTS_KEY);
  };

  return (
    <ComboBox
      className={className}
      items={entries}
      inputValue={inputValue}
      onInputChange={setInputValue}
      selectedKey={null}
      onSelectionChange={openKey}
      menuTrigger="input"
      allowsCustomValue
      allowsEmptyCollection={inputValue.trim().length > 0}
    >
      <Label className="visually-hidden">{t('topbar.searchLabel')}</Label>
      <SearchIcon className={iconClassName} />
      <Input className={inputClassName} type="search" placeholder={t('topbar.searchPlaceholder')} onKeyDown={onKeyDown} />
      <Popover className={styles.popover} placement="bottom start" offset={6}>
        {!settled && (
          <p className={styles.status} role="status">
            {t('search.loading')}
          </p>
        )}
        {settled && query.length > 0 && results.length === 0 && (
          <p className={styles.status} role="status">
            {t('search.noHits')}
          </p>
        )}
        <ListBox<Entry> className={styles.listbox} aria-label={t('search.suggestions')}>
          {(entry) =>
            entry.instrument ? (
              <ListBoxItem id={entry.id} textValue={entry.instrument.name} className={styles.option}>
                <span className={styles.optionMain}>
                  <span className={styles.optionName}>
                    <HighlightedName name={entry.instrument.name} query={inputValue} />
                  </span>
                  <span className={styles.optionMeta}>
                    {[entry.instrument.isin, entry.instrument.wkn].filter(Boolean).join(' · ')}
                  </span>
                </span>
                <Badge>{label('instrumentType', entry.instrument.instrumentType)}</Badge>
              </ListBoxItem>
            ) : (
              <ListBoxItem id={ALL_RESULTS_KEY} textValue={t('search.allResults', { q: inputValue.trim() })} className={`${styles.option} ${styles.allResults}`}>
                <span>{t('search.allResults', { q: inputValue.trim() })}</span>
              </ListBoxItem>
            )
          }
        </ListBox>
      </Popover>
    </ComboBox>
  );
});
