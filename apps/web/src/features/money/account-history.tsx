import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_ENTRY_KINDS, type AccountEntry, type AccountEntryKind } from '@kontor/domain/money-contracts';
import { formatDate, formatMonth } from '../../lib/format';
import { useWidth } from '../../lib/use-width';
import { LinkButton } from '../../ui/button';
import { Card } from '../../ui/card';
import { MoneyIcon } from '../../ui/icons';
import { LoadError } from '../../ui/load-error';
import { Change } from '../../ui/number';
import { EmptyState } from '../../ui/page';
import { Select } from '../../ui/select';
import { Skeleton } from '../../ui/skeleton';
import { Cell, Column, Row, Table, TableBody, TableContainer, TableHeader } from '../../ui/table';
import { BalanceValue } from './cash-figures';
import { historyCsvUrl, useAccountHistory, type HistoryFilter } from './money-api';
import styles from './money.module.css';
import { useDomainText } from '../../lib/domain-text';

/** Below this width of the card the table turns into a list (phones). */
const COMPACT_BELOW_PX = 700;
/** The select's key for "no filter". */
const ALL = 'all';

/**
 * Kontoumsätze: every booking of the cash account with booking day, value date, text, amount and
 * the balance after it, newest first; filtered by month and kind, and exported as CSV.
 */
export function AccountHistory() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<HistoryFilter>({ month: null, kind: null });
  const history = useAccountHistory(filter);
  const container = useRef<HTMLDivElement>(null);
  const width = useWidth(container);
  const compact = width !== undefined && width < COMPACT_BELOW_PX;
  const filtered = filter.month !== null || filter.kind !== null;

  // The months come with the answer; the chosen one stays in the list while the next answer loads.
  const months = history.data?.months ?? [];
  const monthOptions = [
    { id: ALL, label: t('money.history.allMonths') },
    ...[...new Set([...months, ...(filter.month ? [filter.month] : [])])].map((m) => ({ id: m, label: formatMonth(m) })),
  ];
  const kindOptions = [{ id: ALL, label: t('money.history.allKinds') }, ...ACCOUNT_ENTRY_KINDS.map((k) => ({ id: k, label: t(`money.kinds.${k}`) }))];

  let content;
  if (history.isPending) {
    content = (
      <div className={styles.loading} role="status" aria-busy="true">
        <span className="visually-hidden">{t('common.loading')}</span>
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} height="2.75rem" />
        ))}
      </div>
    );
  } else if (history.isError) {
    content = <LoadError message={t('money.history.loadError')} onRetry={() => void history.refetch()} inset />;
  } else if (history.data.entries.length === 0) {
    content = filtered ? (
      <EmptyState icon={<MoneyIcon />} title={t('money.history.emptyFilteredTitle')}>
        {t('money.history.emptyFilteredText')}
      </EmptyState>
    ) : (
      <EmptyState icon={<MoneyIcon />} title={t('money.history.emptyTitle')}>
        {t('money.history.emptyText')}
      </EmptyState>
    );
  } else if (compact) {
    content = <EntryList entries={history.data.entries} />;
  } else {
    content = <EntryTable entries={history.data.entries} />;
  }

  return (
    <Card flush title={t('money.history.title')}>
      <div className={styles.toolbar}>
        <Select
          label={t('money.history.month')}
          options={monthOptions}
          selectedKey={filter.month ?? ALL}
          onSelectionChange={(key) => setFilter((f) => ({ ...f, month: key === ALL || key === null ? null : String(key) }))}
        />
        <Select
          label={t('money.history.kind')}
          options={kindOptions}
          selectedKey={filter.kind ?? ALL}
          onSelectionChange={(key) => setFilter((f) => ({ ...f, kind: key === ALL || key === null ? null : (String(key) as AccountEntryKind) }))}
        />
        <div className={styles.toolbarEnd}>
          <LinkButton variant="secondary" href={historyCsvUrl(filter)} download>
            {t('money.history.export')}
          </LinkButton>
        </div>
      </div>
      <div ref={container} className={history.isPlaceholderData ? styles.stale : undefined} aria-busy={history.isFetching || undefined}>
        {content}
      </div>
    </Card>
  );
}

function EntryTable({ entries }: { entries: AccountEntry[] }) {
  const { t } = useTranslation();
  // Booking texts come from the server in German; in English they read from the domain-text catalogue.
  const text = useDomainText();
  return (
    <TableContainer>
      <Table aria-label={t('money.history.title')} className={styles.table}>
        <TableHeader>
          <Column id="date">{t('money.history.columns.date')}</Column>
          <Column id="valueDate">{t('money.history.columns.valueDate')}</Column>
          <Column id="text" isRowHeader>
            {t('money.history.columns.text')}
          </Column>
          <Column id="amount" align="end">
            {t('money.history.columns.amount')}
          </Column>
          <Column id="balance" align="end">
            {t('money.history.columns.balance')}
          </Column>
        </TableHeader>
        <TableBody items={entries}>
          {(entry) => (
            <Row id={entry.id} data-entry-kind={entry.kind}>
              <Cell>
                <span className={styles.nowrap}>{formatDate(entry.date)}</span>
              </Cell>
              <Cell>
                <span className={styles.nowrap}>{formatDate(entry.valueDate)}</span>
              </Cell>
              <Cell>{text(entry.text)}</Cell>
              <Cell align="end">
                <Change value={entry.amount} kind="money" className={styles.nowrap} />
              </Cell>
              <Cell align="end">
                <span className={styles.nowrap}>
                  <BalanceValue amount={entry.balance} />
                </span>
              </Cell>
            </Row>
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** The phone's view: one card per booking, text and amount first. */
function EntryList({ entries }: { entries: AccountEntry[] }) {
  const { t } = useTranslation();
  const text = useDomainText();
  return (
    <ul className={styles.entries} aria-label={t('money.history.title')}>
      {entries.map((entry) => (
        <li key={entry.id} className={styles.entry} data-entry-kind={entry.kind}>
          <span className={styles.entryText}>{text(entry.text)}</span>
          <Change value={entry.amount} kind="money" className={styles.entryAmount} />
          <span className={styles.entryMeta}>
            {formatDate(entry.date)}
            {entry.valueDate !== entry.date && ` · ${t('money.history.valueDateShort', { date: formatDate(entry.valueDate) })}`}
          </span>
          <span className={styles.entryMeta}>
            {t('money.history.balanceShort')} <BalanceValue amount={entry.balance} />
          </span>
        </li>
      ))}
    </ul>
  );
}
