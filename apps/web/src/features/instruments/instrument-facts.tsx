import Decimal from 'decimal.js';
import { TEILFREISTELLUNG } from '@kontor/domain/tax';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Instrument } from '@kontor/domain/instrument';
import { WEEKEND_WINDOWS } from '@kontor/domain/trading-window';
import { useLabels } from '../../lib/domain-labels';
import { formatDate, formatMoney, formatNumber, formatQuantity } from '../../lib/format';
import { Badge } from '../../ui/badge';
import { Card } from '../../ui/card';
import { ExternalLinkIcon } from '../../ui/icons';
import { documentHref } from '../../lib/paths';
import type { Tradability } from './tradability';
import styles from './instrument-page.module.css';
import { InstrumentLink } from '../../parts/instrument-link';
import { toWireDecimal } from '@kontor/domain/numbers';

function Facts({ rows }: { rows: readonly (readonly [string, ReactNode] | false | null)[] }) {
  return (
    <dl className={styles.facts}>
      {rows.filter((row): row is readonly [string, ReactNode] => Boolean(row)).map(([label, value]) => (
        <div key={label} className={styles.fact}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Stammdaten: where and when it trades, what an order needs, what it costs. */
export function KeyData({ instrument }: { instrument: Instrument }) {
  const { t } = useTranslation();
  const { label } = useLabels();
  const yesNo = (value: boolean) => (value ? t('instrument.yes') : t('instrument.no'));
  const weekend = instrument.weekendTrading
    ? [
        t('instrument.facts.saturdayHours', { start: WEEKEND_WINDOWS[6]!.start, stop: WEEKEND_WINDOWS[6]!.stop }),
        t('instrument.facts.sundayHours', { start: WEEKEND_WINDOWS[0]!.start, stop: WEEKEND_WINDOWS[0]!.stop }),
      ]
    : [];
  const disabled = instrument.disabledExecTypes.filter((kind) => kind !== 'buy' && kind !== 'sell');
  return (
    <Card title={t('instrument.facts.title')}>
      <Facts
        rows={[
          [t('instrument.type'), label('instrumentType', instrument.instrumentType)],
          [t('instrument.facts.market'), instrument.marketName],
          [t('instrument.facts.currency'), instrument.quoteCurrencyCode],
          [
            t('instrument.facts.tradingHours'),
            <>
              {t('instrument.facts.hours', { start: instrument.tradingHoursStartTime, stop: instrument.tradingHoursStopTime })}
              {weekend.map((line) => (
                <span key={line}>
                  <br />
                  {line}
                </span>
              ))}
            </>,
          ],
          [t('instrument.facts.otc'), yesNo(instrument.isOTC)],
          [t('instrument.facts.sparplan'), yesNo(instrument.sparplan)],
          [t('instrument.facts.fractional'), yesNo(instrument.fractionalTrading)],
          [t('instrument.facts.minQty'), formatQuantity(instrument.minQty)],
          [t('instrument.facts.minimumOrderValue'), formatMoney(instrument.minimumOrderValue)],
          [
            t('instrument.facts.lowTrading'),
            instrument.lowTradingThresholdQuantity
              ? t('instrument.facts.lowTradingQuantity', { quantity: formatQuantity(instrument.lowTradingThresholdQuantity) })
              : t('instrument.facts.lowTradingValue', { value: formatMoney(instrument.lowTradingThreshold) }),
          ],
          [
            t('instrument.facts.fees'),
            instrument.tradingFees === null ? t('instrument.facts.feesPriceList') : formatMoney(instrument.tradingFees),
          ],
          [t('instrument.facts.complex'), yesNo(instrument.complex)],
          !!instrument.fundType && [
            t('instrument.facts.fundType'),
            t('instrument.facts.fundTypeValue', {
              type: label('fundType', instrument.fundType),
              percent: toWireDecimal(new Decimal(TEILFREISTELLUNG[instrument.fundType]).mul(100), 0),
            }),
          ],
          disabled.length > 0 && [t('instrument.facts.disabledKinds'), disabled.map((kind) => label('orderKind', kind)).join(', ')],
        ]}
      />
    </Card>
  );
}

/** Derivat: call or put, leverage, underlying, issuer, maturity, and whether it still trades. */
export function DerivativeDetails({ instrument, tradable }: { instrument: Instrument; tradable: Tradability }) {
  const { t } = useTranslation();
  const status = instrument.knockedOutFlag ? (
    <Badge tone="danger">{t('instrument.badge.knockedOut')}</Badge>
  ) : tradable.matured ? (
    <Badge tone="warning">{t('instrument.badge.matured')}</Badge>
  ) : (
    <Badge tone="success">{t('instrument.badge.active')}</Badge>
  );
  return (
    <Card title={t('instrument.derivative.title')}>
      <Facts
        rows={[
          [t('instrument.derivative.status'), status],
          [
            t('instrument.derivative.kindLabel'),
            instrument.derivativeKind ? t(`instrument.derivative.kind.${instrument.derivativeKind}`) : '–',
          ],
          [t('instrument.derivative.leverage'), instrument.leverage ? formatNumber(instrument.leverage, 2) : '–'],
          [
            t('instrument.derivative.underlying'),
            instrument.underlyingIsin ? (
              <InstrumentLink isin={instrument.underlyingIsin} className={styles.link}>
                {instrument.underlyingName ?? instrument.underlyingIsin}
              </InstrumentLink>
            ) : (
              (instrument.underlyingName ?? '–')
            ),
          ],
          [t('instrument.derivative.maturity'), instrument.endfaellig ? formatDate(instrument.endfaellig) : t('instrument.derivative.openEnd')],
          [t('instrument.derivative.issuer'), instrument.emittentShortCode ?? '–'],
        ]}
      />
    </Card>
  );
}

const DOCUMENT_FIELDS = ['basisinformationen', 'verkaufsprospekt', 'halbjahresbericht', 'jahresbericht'] as const;

/** The issuer's documents (PDF), each opening in a new tab. */
export function Documents({ instrument }: { instrument: Instrument }) {
  const { t } = useTranslation();
  const links = DOCUMENT_FIELDS.flatMap((field) => {
    const link = instrument[field];
    return link ? [{ field, href: documentHref(link) }] : [];
  });
  return (
    <Card title={t('instrument.documents.title')}>
      {links.length === 0 ? (
        <p className={styles.muted}>{t('instrument.documents.none')}</p>
      ) : (
        <ul className={styles.documents}>
          {links.map(({ field, href }) => (
            <li key={field}>
              <a href={href} target="_blank" rel="noopener" className={styles.documentLink} data-document={field}>
                <span>{t(`instrument.documents.${field}`)}</span>
                <span className={styles.documentMeta}>
                  PDF
                  <span className="visually-hidden"> {t('instrument.documents.newTab')}</span>
                  <ExternalLinkIcon />
                </span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
