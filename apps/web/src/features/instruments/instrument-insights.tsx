import { useTranslation } from 'react-i18next';
import { useDomainText } from '../../lib/domain-text';
import type { Instrument } from '@kontor/domain/instrument';
import { formatDateTime, formatNumber, formatPercent } from '../../lib/format';
import { Card } from '../../ui/card';
import { LoadError } from '../../ui/load-error';
import { SkeletonText } from '../../ui/skeleton';
import { Cell, Column, Row, Table, TableBody, TableContainer, TableHeader } from '../../ui/table';
import { useDividends, useNews } from './instruments-api';
import styles from './instrument-page.module.css';

function Loading() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-busy="true">
      <span className="visually-hidden">{t('common.loading')}</span>
      <SkeletonText lines={4} />
    </div>
  );
}

/** Dividenden: the headline and up to six past years, newest first (the server applies the rule). */
export function Dividends({ instrument }: { instrument: Instrument }) {
  const { t } = useTranslation();
  const domainText = useDomainText();
  const dividends = useDividends(instrument.isin);
  let body;
  if (dividends.isPending) body = <Loading />;
  else if (dividends.isError) body = <LoadError message={t('instrument.dividends.loadError')} onRetry={() => void dividends.refetch()} size="sm" />;
  else {
    const { headline, entries } = dividends.data;
    body = (
      <div className={styles.stack}>
        <p className={entries.length > 0 ? styles.headline : styles.muted}>{domainText(headline)}</p>
        {entries.length > 0 && (
          <TableContainer>
            <Table aria-label={t('instrument.dividends.tableLabel')}>
              <TableHeader>
                <Column isRowHeader>{t('instrument.dividends.year')}</Column>
                <Column align="end">{t('instrument.dividends.amount')}</Column>
                <Column align="end">{t('instrument.dividends.yield')}</Column>
              </TableHeader>
              <TableBody>
                {entries.map((entry) => (
                  <Row key={`${entry.year}-${entry.yieldAbsolute}`} id={`${entry.year}-${entry.yieldAbsolute}`}>
                    <Cell>{entry.year}</Cell>
                    <Cell align="end">{`${formatNumber(entry.yieldAbsolute, 2)}\u00a0${entry.symbol}`}</Cell>
                    <Cell align="end">{formatPercent(entry.yieldPercent, { signed: false })}</Cell>
                  </Row>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </div>
    );
  }
  return (
    <Card title={t('instrument.dividends.title')}>
      <div data-dividends="">{body}</div>
    </Card>
  );
}

/** Nachrichten: the latest headlines about the instrument. */
export function News({ instrument }: { instrument: Instrument }) {
  const { t, i18n } = useTranslation();
  // The news come from German sources, in German: marked as such, and said so in another language.
  const foreign = !i18n.language.startsWith('de');
  const news = useNews(instrument.isin);
  let body;
  if (news.isPending) body = <Loading />;
  else if (news.isError) body = <LoadError message={t('instrument.news.loadError')} onRetry={() => void news.refetch()} size="sm" />;
  else if (news.data.items.length === 0) body = <p className={styles.muted}>{t('instrument.news.none')}</p>;
  else
    body = (
      <>
        {foreign && <p className={styles.muted}>{t('instrument.news.inGerman')}</p>}
        <ul className={styles.news}>
          {news.data.items.map((item) => (
            <li key={item.id} className={styles.newsItem}>
              <article lang="de">
                <h3 className={styles.newsTitle}>{item.title}</h3>
                <p className={styles.newsMeta}>
                  <time dateTime={item.publishedAt}>{formatDateTime(item.publishedAt)}</time> · {item.source}
                </p>
                <p className={styles.newsSummary}>{item.summary}</p>
              </article>
            </li>
          ))}
        </ul>
      </>
    );
  return (
    <Card title={t('instrument.news.title')}>
      <div data-news="">{body}</div>
    </Card>
  );
}
