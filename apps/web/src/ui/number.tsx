import { useEffect, useRef, useState } from 'react';
import { compareDecimal } from '@kontor/domain/quote';
import { type DecimalString, formatMoney, formatNumber, formatPercent, trend } from '../lib/format';
import styles from './number.module.css';

/** An amount in German format with tabular numerals: 1.234,56 €. */
export function Money({ amount, currency = 'EUR', className }: { amount: DecimalString; currency?: string; className?: string }) {
  return <span className={[styles.number, className].filter(Boolean).join(' ')}>{formatMoney(amount, currency)}</span>;
}

/**
 * A gain or loss: green with "+" or red with "−" sign, so the sign carries the meaning for anyone
 * who cannot tell the colours apart. `kind` picks percent points, money or a plain number.
 */
export function Change({
  value,
  kind = 'percent',
  currency = 'EUR',
  fractionDigits,
  className,
}: {
  value: DecimalString;
  kind?: 'percent' | 'money' | 'number';
  currency?: string;
  /** Decimals of a money change (default 2), e.g. the price scale of a derivative. */
  fractionDigits?: number;
  className?: string;
}) {
  const direction = trend(value);
  const text =
    kind === 'percent'
      ? formatPercent(value)
      : kind === 'money'
        ? formatMoney(value, currency, { signed: true, fractionDigits })
        : formatNumber(value, 2, { signed: true });
  const tone = direction === 'gain' ? styles.gain : direction === 'loss' ? styles.loss : undefined;
  // Intl writes a hyphen-minus; a loss shows the typographic minus sign (U+2212), as "+" shows a gain.
  return <span className={[styles.number, tone, className].filter(Boolean).join(' ')}>{text.replace('-', '\u2212')}</span>;
}

/**
 * A live price that flashes green when it rises and red when it falls, for a moment; the flash
 * is decoration only (the number itself is what a screen reader hears, politely).
 */
export function FlashingPrice({
  value,
  currency = 'EUR',
  fractionDigits,
  className,
}: {
  value: string;
  currency?: string;
  /** Decimals shown (default 2), e.g. 3 for a derivative quoted at 0,003 €. */
  fractionDigits?: number;
  className?: string;
}) {
  const previous = useRef(value);
  const [flash, setFlash] = useState<'up' | 'down' | null>(null);
  useEffect(() => {
    if (previous.current === value) return;
    const direction = compareDecimal(value, previous.current);
    previous.current = value;
    if (direction === 0) return;
    setFlash(direction > 0 ? 'up' : 'down');
    const timer = setTimeout(() => setFlash(null), 800);
    return () => clearTimeout(timer);
  }, [value]);
  const tone = flash === 'up' ? styles.flashUp : flash === 'down' ? styles.flashDown : undefined;
  return (
    <span className={[styles.number, styles.flash, tone, className].filter(Boolean).join(' ')} data-flash={flash ?? undefined}>
      {formatMoney(value, currency, { fractionDigits })}
    </span>
  );
}
