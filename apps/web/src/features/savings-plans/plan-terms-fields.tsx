import Decimal from 'decimal.js';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SAVINGS_INTERVALS, type SavingsInterval } from '@kontor/domain/enums';
import { isValidExecutionDay, SAVINGS_MONTH_DAYS, SAVINGS_PLAN_MAX_AMOUNT, SAVINGS_PLAN_MIN_AMOUNT, SAVINGS_WEEKDAYS, usesWeekday } from '@kontor/domain/savings-plans';
import { amountInputError, amountInputValue } from '../../lib/amount-input';
import { formatDecimalInput } from '../../lib/decimal-input';
import { domainLabel, useLabels } from '../../lib/domain-labels';
import { RadioGroup } from '../../ui/radio-group';
import { Select } from '../../ui/select';
import { TextField } from '../../ui/text-field';

export type PlanTerms = { amount: string; interval: SavingsInterval; day: number };
export type TermsField = 'amount' | 'interval' | 'day';

/** "1. des Monats" or "Montag": how an execution day reads for its interval. */
export function dayLabel(interval: SavingsInterval, day: number, t: TFunction): string {
  return usesWeekday(interval) ? domainLabel(t, 'weekday', day) : t('savingsPlans.dayOfMonth', { day });
}

/** The day an interval offers first, when the chosen one does not fit it any more. */
const firstDay = (interval: SavingsInterval) => (usesWeekday(interval) ? SAVINGS_WEEKDAYS[0] : SAVINGS_MONTH_DAYS[0]);

/**
 * Rate, interval and execution day as the customer edits them (for a new plan and for a change):
 * the amount as typed, its problem once shown, and the terms for the API when they are complete.
 * `serverErrors` are the field messages of the last refused request.
 */
export function usePlanTerms(initial?: PlanTerms) {
  const { t } = useTranslation();
  const [amountText, setAmountText] = useState(initial ? formatDecimalInput(initial.amount, 2) : '');
  const [interval, setIntervalValue] = useState<SavingsInterval>(initial?.interval ?? 'monthly');
  const [day, setDay] = useState<number>(initial?.day ?? 1);
  const [shown, setShown] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<string, string>>>({});

  let amountProblem: string | undefined;
  const problem = amountInputError(amountText);
  if (problem) amountProblem = t(problem.key);
  else {
    const value = new Decimal(amountInputValue(amountText));
    if (value.lt(SAVINGS_PLAN_MIN_AMOUNT) || value.gt(SAVINGS_PLAN_MAX_AMOUNT)) amountProblem = t('savingsPlans.form.amountRange');
  }
  const terms: PlanTerms | null = amountProblem === undefined && isValidExecutionDay(interval, day) ? { amount: amountInputValue(amountText), interval, day } : null;

  const clear = (field: string) => setServerErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));
  return {
    amountText,
    setAmountText: (text: string) => {
      setAmountText(text);
      clear('amount');
    },
    interval,
    setInterval: (next: SavingsInterval) => {
      setIntervalValue(next);
      if (!isValidExecutionDay(next, day)) setDay(firstDay(next));
      clear('interval');
      clear('day');
    },
    day,
    setDay: (next: number) => {
      setDay(next);
      clear('day');
    },
    errors: {
      amount: (shown ? amountProblem : undefined) ?? serverErrors.amount,
      interval: serverErrors.interval,
      day: serverErrors.day,
    },
    showErrors: () => setShown(true),
    setServerErrors,
    serverErrors,
    /** The complete terms, or null (and the problems shown). */
    terms,
  };
}

export type PlanTermsState = ReturnType<typeof usePlanTerms>;

/** Sparrate, Intervall and Ausführungstag. */
export function PlanTermsFields({ state }: { state: PlanTermsState }) {
  const { t } = useTranslation();
  const { label } = useLabels();
  const days = usesWeekday(state.interval) ? SAVINGS_WEEKDAYS : SAVINGS_MONTH_DAYS;
  return (
    <>
      <TextField
        label={t('savingsPlans.form.amount')}
        description={t('savingsPlans.form.amountHint')}
        value={state.amountText}
        onChange={state.setAmountText}
        onBlur={state.showErrors}
        inputMode="decimal"
        autoComplete="off"
        errorMessage={state.errors.amount}
      />
      <RadioGroup
        label={t('savingsPlans.form.interval')}
        orientation="horizontal"
        options={SAVINGS_INTERVALS.map((i) => ({ value: i, label: label('savingsInterval', i) }))}
        value={state.interval}
        onChange={(v) => state.setInterval(v as SavingsInterval)}
        errorMessage={state.errors.interval}
      />
      <Select
        label={t('savingsPlans.form.day')}
        options={days.map((d) => ({ id: d, label: dayLabel(state.interval, d, t) }))}
        selectedKey={state.day}
        onSelectionChange={(key) => state.setDay(Number(key))}
        errorMessage={state.errors.day}
      />
    </>
  );
}
