import Decimal from 'decimal.js';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-aria-components';
import { taxTotal } from '@kontor/domain/tax';
import type { TaxYearView } from '@kontor/domain/tax-contracts';
import { formatMoney, formatPercent } from '../../lib/format';
import { newTicketPath } from '../../lib/paths';
import { signedEuro } from '../../parts/tax/tax-format';
import { Card } from '../../ui/card';
import lines from '../../parts/tax/tax-lines.module.css';
import styles from './tax.module.css';

/** Share of the allowance used, in percent points (0 when there is no allowance). */
function usedPercent(used: string, total: string): string {
  const t = new Decimal(total);
  if (t.lte(0)) return '0';
  return Decimal.min(100, new Decimal(used).div(t).times(100)).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toString();
}

/** Sparerpauschbetrag under the Freistellungsauftrag: what it is, what is used, what is left (a bar), and where to change it. */
export function AllowanceCard({ view }: { view: TaxYearView }) {
  const { t } = useTranslation();
  const { total, used, remaining } = view.allowance;
  const percent = usedPercent(used, total);
  return (
    <Card title={t('tax.allowance.title')}>
      <dl className={lines.lines}>
        <div>
          <dt>{t('tax.allowance.total')}</dt>
          <dd data-allowance="total">{formatMoney(total)}</dd>
        </div>
        <div>
          <dt>{t('tax.allowance.used')}</dt>
          <dd data-allowance="used">{formatMoney(used)}</dd>
        </div>
        <div className={lines.total}>
          <dt>{t('tax.allowance.remaining')}</dt>
          <dd data-allowance="remaining">{formatMoney(remaining)}</dd>
        </div>
      </dl>
      <div
        className={styles.bar}
        role="meter"
        aria-label={t('tax.allowance.usedShare')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Number(percent)}
        aria-valuetext={formatPercent(percent, { signed: false, fractionDigits: 0 })}
      >
        <span className={styles.barFill} style={{ width: `${percent}%` }} />
      </div>
      {new Decimal(total).isZero() && <p className={styles.hint}>{t('tax.allowance.none')}</p>}
      <p className={styles.cardAction}>
        <Link href={newTicketPath('EXEMPTION_ORDER')} className={styles.textLink}>
          {t('tax.allowance.change')}
        </Link>
      </p>
    </Card>
  );
}

/** The two loss pots (shares, other), and what was carried in from last year when anything was. */
export function LossPotsCard({ view }: { view: TaxYearView }) {
  const { t } = useTranslation();
  const carried = view.carriedLossPots;
  return (
    <Card title={t('tax.lossPots.title')}>
      <dl className={lines.lines}>
        <div>
          <dt>{t('tax.lossPots.shares')}</dt>
          <dd data-loss-pot="shares">{formatMoney(view.lossPots.shares)}</dd>
        </div>
        <div>
          <dt>{t('tax.lossPots.other')}</dt>
          <dd data-loss-pot="other">{formatMoney(view.lossPots.other)}</dd>
        </div>
        {!new Decimal(carried.shares).isZero() && (
          <div className={styles.muted}>
            <dt>{t('tax.lossPots.carriedShares', { year: view.year - 1 })}</dt>
            <dd>{formatMoney(carried.shares)}</dd>
          </div>
        )}
        {!new Decimal(carried.other).isZero() && (
          <div className={styles.muted}>
            <dt>{t('tax.lossPots.carriedOther', { year: view.year - 1 })}</dt>
            <dd>{formatMoney(carried.other)}</dd>
          </div>
        )}
      </dl>
      <p className={styles.hint}>{t('tax.lossPots.hint')}</p>
    </Card>
  );
}

/** The tax withheld in the year (after refunds), and the foreign withholding tax credited against it. */
export function PaidCard({ view }: { view: TaxYearView }) {
  const { t } = useTranslation();
  const { paid } = view;
  return (
    <Card title={t('tax.paid.title', { year: view.year })}>
      <dl className={lines.lines}>
        <div>
          <dt>{t('tax.lines.capitalGainsTax')}</dt>
          <dd data-paid="capitalGainsTax">{signedEuro(paid.capitalGainsTax)}</dd>
        </div>
        <div>
          <dt>{t('tax.lines.solidaritySurcharge')}</dt>
          <dd data-paid="solidaritySurcharge">{signedEuro(paid.solidaritySurcharge)}</dd>
        </div>
        <div>
          <dt>{t('tax.lines.churchTax')}</dt>
          <dd data-paid="churchTax">{signedEuro(paid.churchTax)}</dd>
        </div>
        <div className={lines.total}>
          <dt>{t('tax.paid.total')}</dt>
          <dd data-paid="total">{signedEuro(taxTotal(paid))}</dd>
        </div>
        <div>
          <dt>{t('tax.paid.withholdingTaxCredited')}</dt>
          <dd data-paid="withholdingTaxCredited">{formatMoney(view.withholdingTaxCredited)}</dd>
        </div>
      </dl>
    </Card>
  );
}
