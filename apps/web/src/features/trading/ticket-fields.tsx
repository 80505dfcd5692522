import { useRef, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Instrument } from '@kontor/domain/instrument';
import type { OrderField, OrderFieldErrors, OrderSide, TicketOrderKind, TrailingUnit, ValidityType } from '@kontor/domain/order-rules';
import { usesLimit, usesQuantity, usesStop, usesValidity } from '@kontor/domain/order-kinds';
import { priceOnGrid, VALIDITY_TYPES } from '@kontor/domain/order-rules';
import type { Depot } from '@kontor/domain/trading-contracts';
import { formatDecimalInput } from '../../lib/decimal-input';
import { useDomainText } from '../../lib/domain-text';
import { formatMoney, formatQuantity } from '../../lib/format';
import { Button } from '../../ui/button';
import { Notice } from '../../ui/notice';
import { SegmentedControl } from '../../ui/segmented-control';
import { SelectOnDemand } from '../../parts/select-on-demand';
import { TextField } from '../../ui/text-field';
import { availableKinds, availableQuantity, FIELD_ORDER, ticketEstimate, type TicketValues } from './ticket-form';
import type { BidAsk } from '@kontor/domain/order-rules';
import styles from './trading.module.css';

export type TicketFieldsProps = {
  instrument: Instrument;
  values: TicketValues;
  onChange: (values: TicketValues) => void;
  /** Every error the rules find now. */
  errors: OrderFieldErrors;
  /** Whether a field's error is shown yet (once left, or after "Order prüfen"). */
  shows: (field: OrderField) => boolean;
  onBlur: (field: OrderField) => void;
  onSubmit: () => void;
  isChecking: boolean;
  quote: BidAsk | null;
  fxRate: string | null;
  depot: Depot | undefined;
};

/**
 * The fields of the ticket: side, kind, quantity or amount, limit / stop / trailing distance and
 * validity, each with its German error under it as soon as the customer left the field. The live
 * estimate and what is available sit under the fields. Enter in a field means "Order prüfen".
 */
export function TicketFields({ instrument, values, onChange, errors: allErrors, shows, onBlur, onSubmit, isChecking, quote, fxRate, depot }: TicketFieldsProps) {
  const { t } = useTranslation();
  const text = useDomainText();
  const refs = useRef<Partial<Record<OrderField, HTMLInputElement | null>>>({});
  const currency = instrument.quoteCurrencyCode;
  const kinds = availableKinds(instrument, values.side);
  const errors: OrderFieldErrors = Object.fromEntries(Object.entries(allErrors).filter(([f]) => shows(f as OrderField)));
  const set = (patch: Partial<TicketValues>) => onChange({ ...values, ...patch });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
    // The first field with an error gets the focus, so its message is read out.
    const first = FIELD_ORDER.find((f) => allErrors[f] && refs.current[f]);
    if (first) refs.current[first]?.focus();
  };

  const held = availableQuantity(depot, instrument.isin);
  // A limit order starts from the price it would trade at now: the ask for a buy, the bid for a sell, on the grid.
  const suggestedLimit = (side: OrderSide, kind: TicketOrderKind, limit: string) =>
    usesLimit(kind) && limit.trim() === '' && quote ? formatDecimalInput(priceOnGrid(side === 'buy' ? quote.ask : quote.bid, instrument, side === 'buy'), instrument.priceScale) : limit;

  const setSide = (side: OrderSide) => {
    const next = availableKinds(instrument, side);
    const kind = next.includes(values.kind) ? values.kind : 'market';
    set({ side, kind, limit: suggestedLimit(side, kind, values.limit) });
  };
  // A market buy is in pieces or, where the instrument trades in fractions, in euros (the kind "fraction"):
  // one switch, not a kind of its own in the list.
  const inEuros = kinds.includes('fraction');
  const listedKinds = kinds.filter((k) => k !== 'fraction');
  const setKind = (chosen: TicketOrderKind) => {
    const kind = chosen === 'market' && values.kind === 'fraction' ? 'fraction' : chosen;
    set({ kind, limit: suggestedLimit(values.side, kind, values.limit) });
  };
  // Everything that is freely available, in the quantity field.
  const sellAll = () => set({ quantity: formatDecimalInput(held, held.split('.')[1]?.length ?? 0) });

  const numberField = (field: 'quantity' | 'amount' | 'limit' | 'stop' | 'trailingDistance', label: string, description?: string) => (
    <TextField
      label={label}
      description={description}
      value={values[field]}
      onChange={(text) => set({ [field]: text })}
      onBlur={() => onBlur(field)}
      errorMessage={errors[field]}
      inputMode="decimal"
      autoComplete="off"
      inputRef={(el) => {
        refs.current[field] = el;
      }}
    />
  );

  const costs = ticketEstimate(values, instrument, { quote, fxRate })?.costs;

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label={t('trading.ticket.formLabel')}>
      <div className={styles.field}>
        <SegmentedControl<OrderSide>
          label={t('trading.side.label')}
          items={[
            { id: 'buy', label: t('trading.side.buy') },
            { id: 'sell', label: t('trading.side.sell') },
          ]}
          selected={values.side}
          onChange={setSide}
          className={styles.sides}
        />
        {errors.side && <p className={styles.fieldError}>{text(errors.side)}</p>}
      </div>

      <SelectOnDemand
        label={t('trading.kind.label')}
        options={listedKinds.map((k) => ({ id: k, label: t(`trading.kind.${k}`) }))}
        selectedKey={values.kind === 'fraction' ? 'market' : values.kind}
        onSelectionChange={(key) => setKind(key as TicketOrderKind)}
        description={t(`trading.kindHelp.${values.kind}`)}
        errorMessage={errors.kind}
      />

      {inEuros && (values.kind === 'market' || values.kind === 'fraction') && (
        <SegmentedControl<'pieces' | 'euros'>
          label={t('trading.unit.label')}
          items={[
            { id: 'pieces', label: t('trading.unit.pieces') },
            { id: 'euros', label: t('trading.unit.euros') },
          ]}
          selected={values.kind === 'fraction' ? 'euros' : 'pieces'}
          onChange={(unit) => set({ kind: unit === 'euros' ? 'fraction' : 'market' })}
        />
      )}

      {usesQuantity(values.kind)
        ? numberField(
            'quantity',
            t('trading.field.quantity'),
            values.side === 'sell'
              ? t('trading.field.quantityAvailable', { quantity: formatQuantity(held) })
              : instrument.qtyScale > 0 && instrument.minQty === instrument.qtyIncr
                ? t('trading.field.quantityHelpFraction', { scale: instrument.qtyScale })
                : t('trading.field.quantityHelp', { min: formatQuantity(instrument.minQty), step: formatQuantity(instrument.qtyIncr) }),
          )
        : numberField('amount', t('trading.field.amount'), t('trading.field.amountHelp'))}
      {values.side === 'sell' && usesQuantity(values.kind) && held !== '0' && (
        <div className={styles.sellAll}>
          <Button variant="secondary" size="sm" onPress={sellAll}>
            {t('trading.field.sellAll')}
          </Button>
        </div>
      )}

      {usesLimit(values.kind) && numberField('limit', t('trading.field.limit', { currency }), t(`trading.field.limitHelp.${values.side}`))}
      {usesStop(values.kind) && numberField('stop', t('trading.field.stop', { currency }), t(`trading.field.stopHelp.${values.side}`))}

      {values.kind === 'tsl' && (
        <div className={styles.distance}>
          {numberField('trailingDistance', t('trading.field.distance'), t('trading.field.distanceHelp'))}
          <SegmentedControl<TrailingUnit>
            label={t('trading.field.distanceUnit')}
            items={[
              { id: 'PERCENT', label: '%' },
              { id: 'EUR', label: currency === 'EUR' ? '€' : currency },
            ]}
            selected={values.trailingUnit}
            onChange={(trailingUnit) => set({ trailingUnit })}
            className={styles.unit}
          />
        </div>
      )}

      {usesValidity(values.kind) && (
        <div className={styles.validity}>
          <SelectOnDemand
            label={t('trading.validity.label')}
            options={VALIDITY_TYPES.map((v) => ({ id: v, label: t(`trading.validity.option.${v}`) }))}
            selectedKey={values.validityType}
            onSelectionChange={(key) => set({ validityType: key as ValidityType })}
            errorMessage={values.validityType === 'date' ? undefined : errors.validity}
          />
          {values.validityType === 'date' && (
            <TextField
              label={t('trading.validity.date')}
              type="date"
              value={values.validityDate}
              onChange={(validityDate) => set({ validityDate })}
              onBlur={() => onBlur('validity')}
              errorMessage={errors.validity}
              inputRef={(el) => {
                refs.current.validity = el;
              }}
            />
          )}
        </div>
      )}

      <dl className={styles.estimate} aria-live="polite">
        <div>
          <dt>{t('trading.estimate.value')}</dt>
          <dd>{costs ? formatMoney(costs.orderValue) : '–'}</dd>
        </div>
        <div>
          <dt>{t('trading.estimate.costs')}</dt>
          <dd>{costs ? formatMoney(costs.total) : '–'}</dd>
        </div>
        <div>
          <dt>{values.side === 'buy' ? t('trading.estimate.buyingPower') : t('trading.estimate.available')}</dt>
          <dd>
            {!depot ? '…' : values.side === 'buy' ? formatMoney(depot.cash.available) : t('trading.pieces', { quantity: formatQuantity(held) })}
          </dd>
        </div>
      </dl>
      {values.side === 'sell' && depot && held === '0' && <Notice tone="info">{t('trading.ticket.nothingToSell')}</Notice>}

      <div className={styles.formActions}>
        <Button type="submit" isPending={isChecking}>
          {t('trading.ticket.check')}
        </Button>
      </div>
    </form>
  );
}
