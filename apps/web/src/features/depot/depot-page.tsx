import { lazy, Suspense, useMemo, useRef, useState, type ReactNode, type FormEvent } from 'react';
import Decimal from 'decimal.js';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-aria-components';
import { shownReservedParts } from '@kontor/domain/money-contracts';
import type { Depot } from '@kontor/domain/trading-contracts';
import { isApiError } from '../../lib/api-client';
import { amountInputError, amountInputValue } from '../../lib/amount-input';
import { devToolsMissing, useDevToolsAvailable } from '../../lib/dev-tools';
import { formatMoney, formatQuantity } from '../../lib/format';
import { PositionNoteDialog } from '../../parts/notes/own-note-card';
import { corporateActionPath, orderTicketPath, searchPath } from '../../lib/paths';
import { useInstrumentPath } from '../../parts/instrument-link';
import { isFreshDepot, useDepot } from '../../parts/queries/depot';
import { toasts } from '../../lib/toasts';
import { Badge } from '../../ui/badge';
import { Button, LinkButton } from '../../ui/button';
import { Card } from '../../ui/card';
import { Dialog } from '../../ui/dialog';
import { DepotIcon } from '../../ui/icons';
import { LoadError } from '../../ui/load-error';
import { Notice } from '../../ui/notice';
import { Change, FlashingPrice, Money } from '../../ui/number';
import { EmptyState, Page } from '../../ui/page';
import { Skeleton, SkeletonText } from '../../ui/skeleton';
import { Cell, Column, Row, Table, TableBody, TableContainer, TableHeader } from '../../ui/table';
import { TextField } from '../../ui/text-field';
import { useSimulatedDeposit } from './depot-api';
import { depotTotals, type PositionValuation, usePositionValuations } from '../../parts/depot-valuation';
import { PerformanceCard } from './performance-card';
import { useWidth } from '../../lib/use-width';
import styles from './depot.module.css';

// Only a new customer's depot shows the welcome: it loads with it, not with every depot.
const WelcomeCard = lazy(() => import('./welcome-card').then((m) => ({ default: m.WelcomeCard })));

/** A rights position (Bezugsrechte of a capital increase) carries the event it came from. */
const rightsOf = (row: PositionValuation) => row.position.rightsOf;

/**
 * Where a row leads: a right to its corporate action (it has no instrument page), anything else to
 * the instrument; nowhere when the configuration has no instrument page.
 */
function useRowPath(): (row: PositionValuation) => string | undefined {
  const instrumentPath = useInstrumentPath();
  return (row) => {
    const rights = rightsOf(row);
    return rights ? corporateActionPath(rights.eventId) : (instrumentPath(row.position.isin) ?? undefined);
  };
}

/** Below this width of the card the table turns into a list (phones). */
const COMPACT_BELOW_PX = 760;

/**
 * A dash for the eye, words for the ear, while a price is on its way. One line of the text it
 * stands for high (`1lh`), so the figure arriving moves nothing below it.
 */
function Pending({ width = '5rem' }: { width?: string }) {
  const { t } = useTranslation();
  return (
    <span>
      <Skeleton width={width} height="1lh" />
      <span className="visually-hidden">{t('depot.waitingForPrice')}</span>
    </span>
  );
}

function useValuations(depot: Depot | undefined): PositionValuation[] {
  const positions = useMemo(() => depot?.positions ?? [], [depot]);
  return usePositionValuations(positions);
}

/**
 * /depot — the start page: the positions valued live at the bid (in euros), gain and loss since
 * purchase in euros and percent, the day's change, the totals, and the cash account with the
 * buying power. A row opens the instrument; "Verkaufen" opens the ticket for a sale.
 */
export function DepotPage() {
  const { t } = useTranslation();
  const depot = useDepot();
  const rows = useValuations(depot.data);
  const [depositOpen, setDepositOpen] = useState(false);
  const showDeposit = useDevToolsAvailable();

  const depositButton = showDeposit ? (
    <Button variant="secondary" onPress={() => setDepositOpen(true)}>
      {t('depot.deposit.button')}
    </Button>
  ) : undefined;

  let content: ReactNode;
  if (depot.isPending) {
    content = (
      <div className={styles.loading} role="status" aria-busy="true">
        <span className="visually-hidden">{t('common.loading')}</span>
        <div className={styles.summary}>
          <Card title={t('depot.summary.title')}>
            <Skeleton width="10rem" height="2rem" />
            <SkeletonText lines={3} />
          </Card>
          <Card title={t('depot.cash.title')}>
            <Skeleton width="10rem" height="2rem" />
            <SkeletonText lines={3} />
          </Card>
        </div>
        <Card title={t('depot.positions.title')}>
          <SkeletonText lines={5} />
        </Card>
      </div>
    );
  } else if (depot.isError) {
    content = (
      <Card title={t('depot.positions.title')}>
        <LoadError message={t('depot.loadError')} onRetry={() => void depot.refetch()} />
      </Card>
    );
  } else if (isFreshDepot(depot.data)) {
    content = (
      <Suspense fallback={<Skeleton height="14rem" radius="var(--radius-lg)" />}>
        <WelcomeCard />
      </Suspense>
    );
  } else {
    const data = depot.data;
    const totals = depotTotals(rows, data.cash);
    const hasCash = new Decimal(data.cash.total).gt(0);
    content = (
      <>
        <div className={styles.summary}>
          <Card title={t('depot.summary.title')} className={styles.summaryCard}>
            <p className={styles.bigNumber} data-depot-value="">
              {totals.value !== undefined ? <Money amount={totals.value} /> : <Pending width="9rem" />}
            </p>
            <dl className={styles.facts}>
              <div>
                <dt>{t('depot.summary.pnl')}</dt>
                <dd data-depot-pnl="">
                  {totals.pnl !== undefined ? (
                    <>
                      <Change value={totals.pnl} kind="money" />
                      {totals.pnlPercent != null && (
                        <>
                          {' '}
                          <Change value={totals.pnlPercent} />
                        </>
                      )}
                    </>
                  ) : (
                    // As wide as a gain with its percentage: on a phone the row wraps before the figure comes, not after.
                    <Pending width="9rem" />
                  )}
                </dd>
              </div>
              <div>
                <dt>{t('depot.summary.today')}</dt>
                <dd>
                  {totals.dayChange !== undefined ? (
                    <>
                      <Change value={totals.dayChange} kind="money" /> <Change value={totals.dayChangePercent ?? '0'} />
                    </>
                  ) : data.positions.length === 0 ? (
                    '–'
                  ) : (
                    <Pending />
                  )}
                </dd>
              </div>
              <div>
                <dt>{t('depot.summary.cost')}</dt>
                <dd>
                  <Money amount={totals.cost} />
                </dd>
              </div>
            </dl>
          </Card>
          <Card title={t('depot.cash.title')} className={styles.summaryCard}>
            <p className={styles.bigNumber} data-buying-power="">
              <Money amount={data.cash.available} />
            </p>
            <p className={styles.muted}>{t('depot.cash.buyingPower')}</p>
            <dl className={styles.facts}>
              {shownReservedParts(data.cash.reservedParts).map((part) => (
                <div key={part} data-reserved={part}>
                  <dt>{t(`reservedParts.${part}`)}</dt>
                  <dd>
                    <Money amount={data.cash.reservedParts[part]} />
                  </dd>
                </div>
              ))}
              <div>
                <dt>{t('depot.cash.total')}</dt>
                <dd>
                  <Money amount={data.cash.total} />
                </dd>
              </div>
              <div className={styles.total}>
                <dt>{t('depot.cash.wealth')}</dt>
                <dd>{totals.wealth !== undefined ? <Money amount={totals.wealth} /> : <Pending />}</dd>
              </div>
            </dl>
          </Card>
        </div>
        <PerformanceCard />
        {data.positions.length === 0 ? (
          <Card>
            <EmptyState
              icon={<DepotIcon />}
              title={t('pages.depot.emptyTitle')}
              action={
                hasCash ? (
                  <LinkButton variant="secondary" href={searchPath()}>
                    {t('depot.emptySearch')}
                  </LinkButton>
                ) : (
                  <LinkButton variant="secondary" href="/geldtransfer">
                    {t('pages.depot.emptyAction')}
                  </LinkButton>
                )
              }
            >
              {t('pages.depot.emptyText')}
            </EmptyState>
          </Card>
        ) : (
          <Positions rows={rows} />
        )}
      </>
    );
  }

  return (
    <Page title={t('pages.depot.title')} actions={depositButton}>
      {content}
      <DepositDialog
        isOpen={depositOpen}
        onOpenChange={setDepositOpen}
        onUnavailable={() => setDepositOpen(false)}
      />
    </Page>
  );
}

function Positions({ rows }: { rows: PositionValuation[] }) {
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const width = useWidth(container);
  const compact = width !== undefined && width < COMPACT_BELOW_PX;
  const label = t('depot.positions.title');
  const rowPath = useRowPath();

  // In euros like the Einstandskurs beside it; a price in another currency follows in brackets.
  const price = (row: PositionValuation) => {
    if (!row.quote) return <Pending />;
    if (row.position.currency === 'EUR' || row.bidEur === undefined) return <FlashingPrice value={row.quote.bid} currency={row.position.currency} />;
    return (
      <span data-quoted-price="">
        <FlashingPrice value={row.bidEur} currency="EUR" /> <span className={styles.muted}>({formatMoney(row.quote.bid, row.position.currency)})</span>
      </span>
    );
  };
  const value = (row: PositionValuation) => (row.value !== undefined ? <Money amount={row.value} /> : <Pending />);
  // In the list (phones) the figure carries its period; in the table the column header names it.
  const pnl = (row: PositionValuation) =>
    row.pnl !== undefined ? (
      <span className={styles.pnl} data-since-purchase="">
        <Change value={row.pnl} kind="money" />
        {row.pnlPercent != null && <Change value={row.pnlPercent} className={styles.small} />}
        {compact && <span className={`${styles.small} ${styles.muted}`}>{t('depot.positions.sincePurchase')}</span>}
      </span>
    ) : (
      <Pending />
    );
  const today = (row: PositionValuation) => (row.dayChangePercent !== undefined ? <Change value={row.dayChangePercent} /> : '–');
  const quantity = (row: PositionValuation) => (
    <>
      {formatQuantity(row.position.quantity)}
      {row.position.blocked !== '0' && (
        <span className={styles.blocked}>{t('depot.positions.blocked', { quantity: formatQuantity(row.position.blocked) })}</span>
      )}
    </>
  );
  const [noteFor, setNoteFor] = useState<{ isin: string; name: string } | null>(null);
  const note = (row: PositionValuation) => (
    <Button variant="ghost" size="sm" onPress={() => setNoteFor({ isin: row.position.isin, name: row.position.name })} aria-label={t('pages.notes.positionNoteFor', { name: row.position.name })}>
      {t('pages.notes.positionNote')}
    </Button>
  );
  const rightsBadge = (row: PositionValuation) =>
    rightsOf(row) && (
      <span className={styles.tag}>
        <Badge tone="info">{t('depot.positions.rights')}</Badge>
      </span>
    );
  const sell = (row: PositionValuation) =>
    rightsOf(row) ? (
      <LinkButton variant="secondary" size="sm" href={rowPath(row)} aria-label={t('depot.positions.rightsOfNamed', { name: row.position.name })}>
        {t('depot.positions.rightsOf')}
      </LinkButton>
    ) : (
      <LinkButton
        variant="secondary"
        size="sm"
        href={orderTicketPath(row.position.isin, 'sell')}
        isDisabled={row.position.available === '0'}
        aria-label={t('depot.positions.sellNamed', { name: row.position.name })}
      >
        {t('depot.positions.sell')}
      </LinkButton>
    );

  return (
    <Card title={label} flush>
      <div ref={container} data-positions="">
        {compact ? (
          <ul className={styles.list} aria-label={label}>
            {rows.map((row) => (
              <li key={row.position.isin} className={styles.listItem} data-isin={row.position.isin} data-rights-of={rightsOf(row)?.eventId}>
                <div className={styles.listMain}>
                  {rowPath(row) ? (
                    <Link href={rowPath(row)} className={styles.nameLink}>
                      {row.position.name}
                    </Link>
                  ) : (
                    <span className={styles.nameLink}>{row.position.name}</span>
                  )}
                  {rightsBadge(row)}
                  <span className={styles.muted}>
                    {t('depot.positions.pieces', { quantity: formatQuantity(row.position.quantity) })} · {price(row)}
                  </span>
                  <span className={styles.muted}>
                    {t('depot.positions.today')} {today(row)}
                  </span>
                </div>
                <div className={styles.listSide}>
                  {value(row)}
                  {pnl(row)}
                  <span className={styles.rowActions}>
                    {note(row)}
                    {sell(row)}
                  </span>
                </div>
              </li>
            ))}
          </ul>
        ) : (
          <TableContainer>
            <Table aria-label={label} className={styles.table}>
              <TableHeader>
                <Column id="name" isRowHeader>
                  {t('depot.positions.name')}
                </Column>
                <Column id="quantity" align="end">
                  {t('depot.positions.quantity')}
                </Column>
                <Column id="average" align="end">
                  {t('depot.positions.averagePrice')}
                </Column>
                <Column id="bid" align="end">
                  {t('depot.positions.bid')}
                </Column>
                <Column id="value" align="end">
                  {t('depot.positions.value')}
                </Column>
                <Column id="pnl" align="end">
                  {t('depot.positions.pnl')}
                </Column>
                <Column id="today" align="end">
                  {t('depot.positions.today')}
                </Column>
                <Column id="actions" align="end">
                  <span className="visually-hidden">{t('depot.positions.actions')}</span>
                </Column>
              </TableHeader>
              <TableBody items={rows.map((r) => ({ ...r, id: r.position.isin }))}>
                {(row) => (
                  <Row id={row.id} href={rowPath(row)} data-isin={row.position.isin} data-rights-of={rightsOf(row)?.eventId}>
                    <Cell>
                      <span className={styles.nameCell}>
                        <span className={styles.name}>{row.position.name}</span>
                        <span className={styles.ids}>{row.position.isin}</span>
                        {rightsBadge(row)}
                      </span>
                    </Cell>
                    <Cell align="end">{quantity(row)}</Cell>
                    <Cell align="end">
                      <Money amount={row.position.averagePrice} />
                    </Cell>
                    <Cell align="end">{price(row)}</Cell>
                    <Cell align="end">{value(row)}</Cell>
                    <Cell align="end">{pnl(row)}</Cell>
                    <Cell align="end">{today(row)}</Cell>
                    <Cell align="end">
                      <span className={styles.rowActions}>
                        {note(row)}
                        {sell(row)}
                      </span>
                    </Cell>
                  </Row>
                )}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </div>
      {/* Outside the table: a dialog inside a row would pass its clicks on to the row's link. */}
      <PositionNoteDialog position={noteFor} onClose={() => setNoteFor(null)} />
    </Card>
  );
}

function DepositDialog({ isOpen, onOpenChange, onUnavailable }: { isOpen: boolean; onOpenChange: (open: boolean) => void; onUnavailable: () => void }) {
  const { t } = useTranslation();
  const deposit = useSimulatedDeposit();
  const [amount, setAmount] = useState('10.000,00');
  const [shown, setShown] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const fieldError = amountInputError(amount);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setShown(true);
    setError(null);
    if (fieldError) return;
    try {
      const value = amountInputValue(amount);
      await deposit.mutateAsync(value);
      toasts.success(t('depot.deposit.done', { amount: formatMoney(value) }));
      onOpenChange(false);
    } catch (e) {
      if (devToolsMissing(e)) {
        toasts.info(t('depot.deposit.unavailable'));
        onUnavailable();
        return;
      }
      setError(isApiError(e) ? e.message : t('trading.errors.unexpected'));
    }
  };

  return (
    <Dialog title={t('depot.deposit.title')} isOpen={isOpen} onOpenChange={onOpenChange}>
      <form className={styles.stack} onSubmit={(e) => void submit(e)} noValidate>
        <p className={styles.muted}>{t('depot.deposit.text')}</p>
        <TextField
          label={t('depot.deposit.amount')}
          value={amount}
          onChange={setAmount}
          onBlur={() => setShown(true)}
          inputMode="decimal"
          autoComplete="off"
          errorMessage={shown && fieldError ? t(fieldError.key) : undefined}
        />
        {error && <Notice tone="danger">{error}</Notice>}
        <div className={styles.dialogActions}>
          <Button variant="secondary" onPress={() => onOpenChange(false)} isDisabled={deposit.isPending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" isPending={deposit.isPending}>
            {t('depot.deposit.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
