import Decimal from 'decimal.js';
import { useTranslation } from 'react-i18next';
import type { CaPreview } from '@kontor/domain/ca-contracts';
import { useDomainText } from '../../lib/domain-text';
import { formatDate, formatMoney, formatQuantity } from '../../lib/format';
import { useTaxEnabled } from '../../parts/queries/tax';
import { TaxLines } from '../../parts/tax/tax-lines';
import styles from './corporate-actions.module.css';
import { toWireAmount } from '@kontor/domain/numbers';

const nonZero = (v: string) => !new Decimal(v).isZero();
/** "+1.234,50 €", "−12,00 €": the minus as the typographic sign. */
const signed = (v: string) => formatMoney(v, 'EUR', { signed: true }).replace('-', '\u2212');

/**
 * What an instruction books, as the server works it out with the same calculation as the booking:
 * shares in and out, rights used, bought, sold or lapsed, cash debited and credited, costs, the
 * fraction settled, the tax, and what the cash account gains or loses in the end.
 */
export function PreviewFigures({ preview, hasRights }: { preview: CaPreview; hasRights: boolean }) {
  const { t } = useTranslation();
  const text = useDomainText();
  const taxEnabled = useTaxEnabled();
  const lines: { key: string; label: string; value: string }[] = [];
  for (const s of preview.sharesIn) lines.push({ key: `in-${s.isin}`, label: t('corporateActions.preview.sharesIn', { name: s.name }), value: `+${formatQuantity(s.quantity)}` });
  for (const s of preview.sharesOut) lines.push({ key: `out-${s.isin}`, label: t('corporateActions.preview.sharesOut', { name: s.name }), value: `\u2212${formatQuantity(s.quantity)}` });
  const rights = [
    ['rightsUsed', preview.rightsUsed],
    ['rightsBought', preview.rightsBought],
    ['rightsSold', preview.rightsSold],
    ['rightsLapsed', preview.rightsLapsed],
  ] as const;
  for (const [key, value] of rights) if (hasRights || nonZero(value)) lines.push({ key, label: t(`corporateActions.preview.${key}`), value: formatQuantity(value) });
  if (nonZero(preview.cashDebit)) lines.push({ key: 'cashDebit', label: t('corporateActions.preview.cashDebit'), value: signed(toWireAmount(new Decimal(preview.cashDebit).negated())) });
  if (nonZero(preview.cashCredit)) lines.push({ key: 'cashCredit', label: t('corporateActions.preview.cashCredit'), value: signed(preview.cashCredit) });
  lines.push({ key: 'costs', label: t('corporateActions.preview.costs'), value: formatMoney(preview.costs) });
  if (preview.fraction) {
    const f = preview.fraction;
    lines.push({
      key: 'fraction',
      label: t('corporateActions.preview.fraction'),
      value: t(`corporateActions.preview.fraction_${f.side}`, { quantity: formatQuantity(f.quantity), amount: formatMoney(f.amount) }),
    });
  }
  const tax = taxEnabled ? preview.tax : null;
  // Rights sold or lapsing are booked on their last trading day, before the rest.
  const rightsMove = nonZero(preview.rightsSold) || nonZero(preview.rightsLapsed);
  const rightsDate = rightsMove && preview.bookedOn.rights !== preview.bookedOn.pay ? preview.bookedOn.rights : null;
  return (
    <div className={styles.stack} data-ca-preview="">
      <dl className={styles.facts} aria-label={t('corporateActions.preview.title')}>
        {lines.map((l) => (
          <div key={l.key} className={styles.fact} data-ca-line={l.key}>
            <dt>{text(l.label)}</dt>
            <dd>{l.value}</dd>
          </div>
        ))}
        {tax && (
          <div className={styles.fact} data-ca-line="tax">
            <dt>{t('corporateActions.preview.tax')}</dt>
            <dd>{signed(toWireAmount(new Decimal(tax.total).negated()))}</dd>
          </div>
        )}
        <div className={`${styles.fact} ${styles.total}`} data-ca-line="netCash">
          <dt>{t('corporateActions.preview.netCash')}</dt>
          <dd>{signed(preview.netCash)}</dd>
        </div>
      </dl>
      {tax && (
        <details className={styles.details}>
          <summary>{t('corporateActions.preview.taxDetails')}</summary>
          <TaxLines
            figures={{ ...tax, amount: tax.gain, lossPotSharesBefore: tax.lossPotSharesBefore, lossPotOtherBefore: tax.lossPotOtherBefore }}
            amountLabel={t('corporateActions.preview.taxAmount')}
            label={t('corporateActions.preview.tax')}
            showTotal
          />
        </details>
      )}
      {nonZero(preview.reserve) && <p className={styles.muted}>{t('corporateActions.preview.reserve', { amount: formatMoney(preview.reserve) })}</p>}
      <p className={styles.muted} data-ca-booked-on="">
        {rightsDate
          ? t('corporateActions.preview.bookedOnBoth', { rights: formatDate(rightsDate), pay: formatDate(preview.bookedOn.pay) })
          : t('corporateActions.preview.bookedOn', { date: formatDate(preview.bookedOn.pay) })}
      </p>
    </div>
  );
}
