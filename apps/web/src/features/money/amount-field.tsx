import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { amountInputError, amountInputValue } from '../../lib/amount-input';
import { formatMoney } from '../../lib/format';
import { TextField } from '../../ui/text-field';

/**
 * An amount field's state: the text as typed, its problem once the customer left the field or
 * submitted, and the value for the API. `max` is what may be moved at most (e.g. Auszahlbar).
 */
export function useAmountInput(initial = '', max?: string) {
  const { t } = useTranslation();
  const [text, setText] = useState(initial);
  const [shown, setShown] = useState(false);
  const problem = amountInputError(text, { max });
  const message = problem ? t(problem.key, { max: problem.values?.max ? formatMoney(problem.values.max) : undefined }) : undefined;
  return {
    text,
    setText,
    error: shown ? message : undefined,
    showError: () => setShown(true),
    /** Shows the problem, if any; the API value when there is none. */
    submit: (): string | null => {
      setShown(true);
      return problem ? null : amountInputValue(text);
    },
    reset: (next = '') => {
      setText(next);
      setShown(false);
    },
  };
}

export type AmountInput = ReturnType<typeof useAmountInput>;

export function AmountField({ input, label, description, isDisabled }: { input: AmountInput; label?: string; description?: string; isDisabled?: boolean }) {
  const { t } = useTranslation();
  return (
    <TextField
      label={label ?? t('money.amount')}
      description={description}
      value={input.text}
      onChange={input.setText}
      onBlur={input.showError}
      inputMode="decimal"
      autoComplete="off"
      isDisabled={isDisabled}
      errorMessage={input.error}
    />
  );
}
