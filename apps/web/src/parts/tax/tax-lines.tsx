import Decimal from 'decimal.js';
import { useTranslation } from 'react-i18next';
import { taxTotal } from '@kontor/domain/tax';
import { formatMoney } from '../../lib/format';
import { hasTeilfreistellung, isRefund, signedEuro, teilfreistellungAmount, teilfreistellungPercent } from './tax-format';
import styles from './tax-lines.module.css';
import { toWireAmount } from '@kontor/domain/numbers';

/** The figures of one taxed income: a sale (estimated or executed), a dividend, a Vorabpauschale. */
export type TaxFigures = {
  /** Income before the Teilfreistellung; negative for a loss. */
  amount: string;
  teilfreistellung: string;
  taxablePart?: string;
  allowanceUsed: string;
  capitalGainsTax: string;
  solidaritySurcharge: string;
  churchTax: string;
  withholdingTaxCredited?: string;
  lossPotSharesBefore?: string;
  lossPotOtherBefore?: string;
  lossPotSharesAfter: string;
  lossPotOtherAfter: string;
};

export type TaxLinesProps = {
  figures: TaxFigures;
  /** What the amount is: "Veräußerungsgewinn", "Dividende", … */
  amountLabel: string;
  /** Names the list for screen readers ("Berechnung", "Voraussichtliche Steuer"). */
  label: string;
  /** Ends with the sum of the taxes (an Erstattung when negative). */
  showTotal?: boolean;
};

/**
 * The calculation of the tax of one income as the bank withholds it, line by line in the order the
 * law applies it: the income, the Teilfreistellung of funds, the loss pots, the Sparerpauschbetrag,
 * then Kapitalertragsteuer, Solidaritätszuschlag and Kirchensteuer. The sell ticket, the order and the
 * Steuern screen all show it this way. A refund shows its minus sign.
 */
export function TaxLines({ figures: f, amountLabel, label, showTotal }: TaxLinesProps) {
  const { t } = useTranslation();
  const pot = (before: string | undefined, after: string) =>
    before !== undefined && !new Decimal(before).eq(after) ? t('tax.lines.beforeAfter', { before: formatMoney(before), after: formatMoney(after) }) : formatMoney(after);
  const total = taxTotal(f);
  const refund = isRefund(total);
  const withholding = f.withholdingTaxCredited !== undefined && !new Decimal(f.withholdingTaxCredited).isZero();
  return (
    <dl className={styles.lines} aria-label={label}>
      <div data-tax-line="amount">
        <dt>{amountLabel}</dt>
        <dd>{signedEuro(f.amount)}</dd>
      </div>
      {hasTeilfreistellung(f.teilfreistellung) && (
        <div data-tax-line="teilfreistellung">
          <dt>{t('tax.lines.teilfreistellung', { percent: teilfreistellungPercent(f.teilfreistellung) })}</dt>
          <dd>{signedEuro(toWireAmount(new Decimal(teilfreistellungAmount(f.amount, f.teilfreistellung)).negated()))}</dd>
        </div>
      )}
      {f.taxablePart !== undefined && hasTeilfreistellung(f.teilfreistellung) && (
        <div data-tax-line="taxablePart">
          <dt>{t('tax.lines.taxablePart')}</dt>
          <dd>{signedEuro(f.taxablePart)}</dd>
        </div>
      )}
      <div data-tax-line="lossPotShares">
        <dt>{f.lossPotSharesBefore === undefined ? t('tax.lines.lossPotSharesAfter') : t('tax.lines.lossPotShares')}</dt>
        <dd>{pot(f.lossPotSharesBefore, f.lossPotSharesAfter)}</dd>
      </div>
      <div data-tax-line="lossPotOther">
        <dt>{f.lossPotOtherBefore === undefined ? t('tax.lines.lossPotOtherAfter') : t('tax.lines.lossPotOther')}</dt>
        <dd>{pot(f.lossPotOtherBefore, f.lossPotOtherAfter)}</dd>
      </div>
      <div data-tax-line="allowanceUsed">
        <dt>{t('tax.lines.allowanceUsed')}</dt>
        <dd>{signedEuro(f.allowanceUsed)}</dd>
      </div>
      <div data-tax-line="capitalGainsTax">
        <dt>{t('tax.lines.capitalGainsTax')}</dt>
        <dd>{signedEuro(f.capitalGainsTax)}</dd>
      </div>
      <div data-tax-line="solidaritySurcharge">
        <dt>{t('tax.lines.solidaritySurcharge')}</dt>
        <dd>{signedEuro(f.solidaritySurcharge)}</dd>
      </div>
      <div data-tax-line="churchTax">
        <dt>{t('tax.lines.churchTax')}</dt>
        <dd>{signedEuro(f.churchTax)}</dd>
      </div>
      {withholding && (
        <div data-tax-line="withholdingTaxCredited">
          <dt>{t('tax.lines.withholdingTaxCredited')}</dt>
          <dd>{signedEuro(f.withholdingTaxCredited!)}</dd>
        </div>
      )}
      {showTotal && (
        <div className={styles.total} data-tax-line="total">
          <dt>{refund ? t('tax.lines.refund') : t('tax.lines.total')}</dt>
          <dd className={refund ? styles.refund : undefined}>{formatMoney(toWireAmount(new Decimal(total).abs()))}</dd>
        </div>
      )}
    </dl>
  );
}
