import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-aria-components';
import { taxTotal } from '@kontor/domain/tax';
import { type TaxEvent, type TaxYearView } from '@kontor/domain/tax-contracts';
import { domainLabel } from '../../lib/domain-labels';
import { formatDate, formatMoney, trend } from '../../lib/format';
import { orderPath, posteingangDocumentPath } from '../../lib/paths';
import { isRefund, signedEuro } from '../../parts/tax/tax-format';
import { TaxLines } from '../../parts/tax/tax-lines';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { ChevronDownIcon, TaxIcon } from '../../ui/icons';
import { EmptyState } from '../../ui/page';
import styles from './tax.module.css';

type T = ReturnType<typeof useTranslation>['t'];

/** What an event's amount is: a sale's gain or loss, a dividend, a Vorabpauschale. */
export function amountLabel(event: Pick<TaxEvent, 'kind' | 'amount'>, t: T): string {
  if (event.kind === 'sale') return trend(event.amount) === 'loss' ? t('tax.events.loss') : t('tax.events.gain');
  if (event.kind === 'adjustment') return t('tax.events.adjustmentAmount');
  return domainLabel(t, 'taxEvent', event.kind);
}

/** The year's taxed events, newest first (as the server sends them), each with its calculation behind "Berechnung". */
export function TaxEvents({ view }: { view: TaxYearView }) {
  const { t } = useTranslation();
  return (
    <Card title={t('tax.events.title', { year: view.year })} flush={view.events.length > 0}>
      {view.events.length === 0 ? (
        <EmptyState icon={<TaxIcon />} title={t('tax.events.emptyTitle')}>
          {t('tax.events.empty')}
        </EmptyState>
      ) : (
        <ul className={styles.events} aria-label={t('tax.events.title', { year: view.year })}>
          {view.events.map((event) => (
            <EventItem key={event.id} event={event} />
          ))}
        </ul>
      )}
    </Card>
  );
}

function EventItem({ event }: { event: TaxEvent }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const total = taxTotal(event);
  const refund = isRefund(total);
  const label = amountLabel(event, t);
  return (
    <li className={styles.event} data-tax-event={event.id} data-kind={event.kind}>
      <div className={styles.eventHead}>
        <div className={styles.eventMain}>
          <span className={styles.eventTitle}>{event.name}</span>
          <span className={styles.muted}>
            {domainLabel(t, 'taxEvent', event.kind)} · <time dateTime={event.at}>{formatDate(event.at)}</time>
          </span>
        </div>
        <div className={styles.eventSide}>
          <span>
            <span className={styles.muted}>{label} </span>
            {signedEuro(event.amount)}
          </span>
          <span className={refund ? styles.refund : undefined} data-tax-total="">
            {refund ? t('tax.events.refund', { amount: formatMoney(total.replace('-', '')) }) : t('tax.events.tax', { amount: formatMoney(total) })}
          </span>
        </div>
      </div>
      <div className={styles.eventActions}>
        <Button variant="ghost" size="sm" aria-expanded={open} aria-controls={detailsId} onPress={() => setOpen((o) => !o)}>
          {t('tax.events.calculation')}
          <ChevronDownIcon className={styles.chevron} />
        </Button>
        {event.documentId && (
          <Link href={posteingangDocumentPath(event.documentId)} className={styles.textLink}>
            {t('tax.events.document')}
          </Link>
        )}
        {event.orderId && (
          <Link href={orderPath(event.orderId)} className={styles.textLink}>
            {t('tax.events.order')}
          </Link>
        )}
      </div>
      <div id={detailsId} hidden={!open} className={styles.calculation}>
        {open && <TaxLines figures={event} amountLabel={label} label={t('tax.events.calculationOf', { name: event.name })} showTotal />}
      </div>
    </li>
  );
}
