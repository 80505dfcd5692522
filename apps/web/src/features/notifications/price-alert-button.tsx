import { useEffect, useId, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ALERT_DIRECTIONS, alertReached, createPriceAlertSchema } from '@kontor/domain/notifications';
import type { Instrument } from '@kontor/domain/instrument';
import { midPrice } from '@kontor/domain/quote';
import { useLabels } from '../../lib/domain-labels';
import { isApiError } from '../../lib/api-client';
import { formatDecimalInput, parseDecimalInput } from '../../lib/decimal-input';
import { formatMoney, PRICE_DIGITS, priceDecimals } from '../../lib/format';
import { useLiveQuote, useLiveStatus } from '../../lib/live-quotes';
import { notificationsPath } from '../../lib/paths';
import { useToast } from '../../lib/toasts';
import { Button, LinkButton } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { FormTextField } from '../../ui/form-text-field';
import { BellIcon } from '../../ui/icons';
import { Notice } from '../../ui/notice';
import { RadioGroup } from '../../ui/radio-group';
import { Skeleton } from '../../ui/skeleton';
import { usePriceAlertMutations, usePriceAlerts, type AlertDirection } from './notifications-api';
import styles from './notifications.module.css';

type Values = { direction: AlertDirection; price: string };
type AlertInstrument = Pick<Instrument, 'isin' | 'name' | 'quoteCurrencyCode' | 'priceScale'>;

/** Decimals a price field shows: the instrument's tick precision, at least two (cents). */
const decimalsOf = (instrument: AlertInstrument) => priceDecimals(instrument.priceScale ?? 2);

/**
 * The alert's price as a decimal string, or the German message why not: not a number, not above
 * zero (the domain's rule), or already reached by the current mid (it would fire at once).
 */
export function checkAlertPrice(input: { isin: string; direction: AlertDirection; text: string; mid: string | undefined }, t: (key: string) => string): string | { price: string } {
  if (input.text.trim() === '') return t('alerts.priceRequired');
  const price = parseDecimalInput(input.text);
  if (price === null) return t('alerts.priceInvalid');
  const parsed = createPriceAlertSchema.safeParse({ isin: input.isin, direction: input.direction, price });
  if (!parsed.success) return parsed.error.issues[0]?.message ?? t('alerts.priceInvalid');
  if (input.mid !== undefined && alertReached(input.direction, price, input.mid)) {
    return input.direction === 'above' ? t('alerts.alreadyAbove') : t('alerts.alreadyBelow');
  }
  return { price: parsed.data.price };
}

function PriceAlertDialog({ instrument, isOpen, onOpenChange }: { instrument: AlertInstrument; isOpen: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  const { label } = useLabels();
  const toast = useToast();
  const formId = useId();
  const quote = useLiveQuote(instrument.isin);
  const mid = quote ? midPrice(quote) : undefined;
  const status = useLiveStatus();
  const alerts = usePriceAlerts();
  const { create } = usePriceAlertMutations();
  const [error, setError] = useState<string | null>(null);
  const currency = instrument.quoteCurrencyCode;
  const { control, handleSubmit, getValues, setValue, formState } = useForm<Values>({
    defaultValues: { direction: 'above', price: '' },
    mode: 'onSubmit',
  });
  const open = alerts.data?.filter((a) => a.isin === instrument.isin && !a.triggeredAt).length ?? 0;

  // The price field takes the current mid as soon as it is known, unless the customer typed first.
  const prefilled = useRef(false);
  useEffect(() => {
    if (!mid || prefilled.current) return;
    prefilled.current = true;
    if (getValues('price') === '') setValue('price', formatDecimalInput(mid, decimalsOf(instrument)));
  }, [mid, getValues, setValue, instrument]);

  const submit = handleSubmit(async ({ direction, price: text }) => {
    setError(null);
    const checked = checkAlertPrice({ isin: instrument.isin, direction, text, mid }, t);
    if (typeof checked === 'string') return; // the field shows it
    try {
      await create.mutateAsync({ isin: instrument.isin, direction, price: checked.price });
      toast.success(
        t('alerts.created', { name: instrument.name, direction: label('alertDirection', direction), price: formatMoney(checked.price, currency, { fractionDigits: PRICE_DIGITS }) }),
      );
      onOpenChange(false);
    } catch (caught) {
      setError(isApiError(caught) ? caught.message : t('errors.unknown'));
    }
  });

  return (
    <Dialog
      title={t('alerts.dialogTitle', { name: instrument.name })}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      actions={
        <>
          <Button variant="secondary" onPress={() => onOpenChange(false)} isDisabled={formState.isSubmitting}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" form={formId} isPending={formState.isSubmitting}>
            {t('alerts.submit')}
          </Button>
        </>
      }
    >
      <form id={formId} className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
        {error && <Notice tone="danger">{error}</Notice>}
        <p className={styles.muted}>{t('alerts.dialogIntro')}</p>
        <p className={styles.current}>
          <span>{t('alerts.currentMid')}</span>{' '}
          {mid ? (
            <strong className={styles.number}>{formatMoney(mid, currency, { fractionDigits: { min: 2, max: decimalsOf(instrument) } })}</strong>
          ) : status === 'live' || status === 'interrupted' ? (
            <strong>{t('alerts.noQuote')}</strong>
          ) : (
            <>
              <Skeleton width="6rem" height="1.5rem" />
              <span className="visually-hidden">{t('common.loading')}</span>
            </>
          )}
        </p>
        <Controller
          control={control}
          name="direction"
          render={({ field }) => (
            <RadioGroup
              label={t('alerts.direction')}
              options={ALERT_DIRECTIONS.map((d) => ({ value: d, label: label('alertDirection', d) }))}
              value={field.value}
              onChange={(value) => field.onChange(value as AlertDirection)}
              name={field.name}
            />
          )}
        />
        <FormTextField
          control={control}
          name="price"
          rules={{
            validate: (text, values) => {
              const checked = checkAlertPrice({ isin: instrument.isin, direction: values.direction, text, mid }, t);
              return typeof checked === 'string' ? checked : true;
            },
          }}
          label={t('alerts.price', { currency })}
          description={t('alerts.priceHint')}
          inputMode="decimal"
          autoComplete="off"
          isRequired
        />
        {open > 0 && (
          <p className={styles.muted}>
            {t('alerts.openForInstrument', { count: open })}{' '}
            <LinkButton href={notificationsPath('kursalarme')} variant="ghost" size="sm">
              {t('alerts.showAll')}
            </LinkButton>
          </p>
        )}
      </form>
    </Dialog>
  );
}

/** "Kursalarm" on an instrument page: a notification when the price rises or falls to a mark. */
export function PriceAlertButton({ instrument }: { instrument: AlertInstrument }) {
  const { t } = useTranslation();
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" onPress={() => setOpen(true)}>
        <BellIcon />
        {t('alerts.button')}
      </Button>
      {/* Mounted only while open: each opening starts afresh. */}
      {isOpen && <PriceAlertDialog instrument={instrument} isOpen onOpenChange={setOpen} />}
    </>
  );
}
