import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SortDescriptor } from 'react-aria-components';
import type { Instrument } from '@kontor/domain/instrument';
import { compareDecimal, dayChange, type Quote } from '@kontor/domain/quote';
import type { Watchlist } from '@kontor/domain/watchlists';
import { useInstrumentList } from '../../parts/queries/instrument-list';
import { useLiveQuotes, usePreviousCloses } from '../../lib/live-quotes';
import { useWidth } from '../../lib/use-width';
import { Button } from '../../ui/button';
import { TrashIcon } from '../../ui/icons';
import { Change, FlashingPrice } from '../../ui/number';
import { Select } from '../../ui/select';
import { Skeleton } from '../../ui/skeleton';
import { Cell, Column, Row, Table, TableBody, TableContainer, TableHeader } from '../../ui/table';
import styles from './watchlists.module.css';
import { InstrumentLink } from '../../parts/instrument-link';

export type SortColumn = 'name' | 'bid' | 'ask' | 'change';
export type ItemRow = {
  isin: string;
  addedAt: string;
  instrument: Instrument | undefined;
  name: string;
  quote: Quote | undefined;
  /** Day's change in percent, when quote and previous close are known. */
  change: string | undefined;
};

/** Below this width of the card the table turns into a two-line list (phones). */
const COMPACT_BELOW_PX = 560;

function sortValue(row: ItemRow, column: SortColumn): string | undefined {
  if (column === 'name') return row.name;
  if (column === 'change') return row.change;
  return row.quote?.[column];
}

/** Sorts rows by a column; rows without a value (no quote yet) stay at the end either way. */
export function sortRows(rows: readonly ItemRow[], sort: SortDescriptor | undefined): ItemRow[] {
  // Without a chosen order: the most recently added first.
  if (!sort) return [...rows].sort((a, b) => b.addedAt.localeCompare(a.addedAt));
  const column = sort.column as SortColumn;
  const sign = sort.direction === 'descending' ? -1 : 1;
  return [...rows].sort((a, b) => {
    const x = sortValue(a, column);
    const y = sortValue(b, column);
    if (x === undefined || y === undefined) return x === y ? 0 : x === undefined ? 1 : -1;
    const order = column === 'name' ? x.localeCompare(y, 'de', { sensitivity: 'base' }) : compareDecimal(x, y);
    return sign * order || a.name.localeCompare(b.name, 'de');
  });
}

const SORT_OPTIONS = [
  'added',
  'name-ascending',
  'name-descending',
  'change-descending',
  'change-ascending',
  'bid-descending',
  'bid-ascending',
] as const;
type SortOption = (typeof SORT_OPTIONS)[number];

function toOption(sort: SortDescriptor | undefined): SortOption {
  if (!sort) return 'added';
  const id = `${String(sort.column)}-${sort.direction}`;
  return (SORT_OPTIONS as readonly string[]).includes(id) ? (id as SortOption) : 'added';
}

function fromOption(option: SortOption): SortDescriptor | undefined {
  if (option === 'added') return undefined;
  const [column, direction] = option.split('-') as [SortColumn, SortDescriptor['direction']];
  return { column, direction };
}

function useRows(list: Watchlist): { rows: ItemRow[]; namesLoading: boolean } {
  const isins = useMemo(() => list.items.map((i) => i.isin), [list.items]);
  const instruments = useInstrumentList(isins);
  const quotes = useLiveQuotes(isins);
  const closes = usePreviousCloses(isins);
  const rows = list.items.map((item) => {
    const instrument = instruments.byIsin.get(item.isin);
    const quote = quotes.get(item.isin);
    const close = closes.get(item.isin);
    return {
      isin: item.isin,
      addedAt: item.addedAt,
      instrument,
      name: instrument?.name ?? item.isin,
      quote,
      change: quote && close ? dayChange(quote, close).percent : undefined,
    };
  });
  return { rows, namesLoading: instruments.isFetching };
}

/** A dash for the eye, words for the ear. */
function Missing({ label }: { label: string }) {
  return (
    <>
      <span aria-hidden="true">–</span>
      <span className="visually-hidden">{label}</span>
    </>
  );
}

function Price({ row, side }: { row: ItemRow; side: 'bid' | 'ask' }) {
  const { t } = useTranslation();
  if (!row.quote) return <Missing label={t('watchlists.noQuote')} />;
  return <FlashingPrice value={row.quote[side]} currency={row.instrument?.quoteCurrencyCode ?? 'EUR'} />;
}

function DayChange({ row }: { row: ItemRow }) {
  const { t } = useTranslation();
  if (row.change === undefined) return <Missing label={t('watchlists.noChange')} />;
  return <Change value={row.change} />;
}

function Ids({ row }: { row: ItemRow }) {
  return (
    <span className={styles.ids}>
      {row.isin}
      {row.instrument?.wkn && ` · ${row.instrument.wkn}`}
    </span>
  );
}

function Name({ row, loading }: { row: ItemRow; loading: boolean }) {
  if (!row.instrument && loading) return <Skeleton width="10rem" height="1.1rem" />;
  return (
    <InstrumentLink isin={row.isin} className={styles.nameLink}>
      {row.name}
    </InstrumentLink>
  );
}

export type WatchlistItemsProps = {
  list: Watchlist;
  onRemove: (isin: string, name: string) => void;
  /** ISINs whose removal is under way: their button shows it. */
  removing?: string;
};

/**
 * The instruments of one watchlist with live bid and ask (flashing on change) and the day's
 * change; sortable by name, prices and change. A sortable table on wide cards, a two-line list
 * with a sort menu on phones.
 */
export function WatchlistItems({ list, onRemove, removing }: WatchlistItemsProps) {
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const width = useWidth(container);
  const compact = width !== undefined && width < COMPACT_BELOW_PX;
  const [sort, setSort] = useState<SortDescriptor | undefined>();
  const { rows, namesLoading } = useRows(list);
  const sorted = sortRows(rows, sort);
  const label = t('watchlists.itemsLabel', { name: list.name });

  const removeButton = (row: ItemRow) => (
    <Button
      variant="ghost"
      size="sm"
      iconOnly
      aria-label={t('watchlists.removeNamed', { name: row.name })}
      isPending={removing === row.isin}
      onPress={() => onRemove(row.isin, row.name)}
    >
      <TrashIcon />
    </Button>
  );

  return (
    <div ref={container}>
      {compact ? (
        <div className={styles.compact}>
          <Select
            label={t('watchlists.sortBy')}
            className={styles.sortSelect}
            options={SORT_OPTIONS.map((id) => ({ id, label: t(`watchlists.sort.${id}`) }))}
            selectedKey={toOption(sort)}
            onSelectionChange={(key) => setSort(fromOption(key as SortOption))}
          />
          <ul className={styles.compactList} aria-label={label}>
            {sorted.map((row) => (
              <li key={row.isin} className={styles.compactItem}>
                <div className={styles.compactMain}>
                  <Name row={row} loading={namesLoading} />
                  <Ids row={row} />
                </div>
                <div className={styles.compactNumbers}>
                  <span>
                    <span className="visually-hidden">{t('watchlists.columns.bid')} </span>
                    <Price row={row} side="bid" />
                  </span>
                  <span>
                    <span className="visually-hidden">{t('watchlists.columns.change')} </span>
                    <DayChange row={row} />
                  </span>
                </div>
                {removeButton(row)}
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <TableContainer>
          <Table aria-label={label} sortDescriptor={sort} onSortChange={setSort} className={styles.table}>
            <TableHeader>
              <Column id="name" isRowHeader allowsSorting>
                {t('watchlists.columns.name')}
              </Column>
              <Column id="bid" align="end" allowsSorting>
                {t('watchlists.columns.bid')}
              </Column>
              <Column id="ask" align="end" allowsSorting>
                {t('watchlists.columns.ask')}
              </Column>
              <Column id="change" align="end" allowsSorting>
                {t('watchlists.columns.change')}
              </Column>
              <Column id="actions" align="end">
                <span className="visually-hidden">{t('watchlists.columns.actions')}</span>
              </Column>
            </TableHeader>
            <TableBody items={sorted}>
              {(row) => (
                <Row id={row.isin}>
                  <Cell>
                    <span className={styles.nameCell}>
                      <Name row={row} loading={namesLoading} />
                      <Ids row={row} />
                    </span>
                  </Cell>
                  <Cell align="end">
                    <Price row={row} side="bid" />
                  </Cell>
                  <Cell align="end">
                    <Price row={row} side="ask" />
                  </Cell>
                  <Cell align="end">
                    <DayChange row={row} />
                  </Cell>
                  <Cell align="end">{removeButton(row)}</Cell>
                </Row>
              )}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </div>
  );
}
