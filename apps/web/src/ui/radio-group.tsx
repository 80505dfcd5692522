import type { ReactNode } from 'react';
import {
  Label,
  Radio,
  RadioGroup as AriaRadioGroup,
  Text,
  type RadioGroupProps as AriaRadioGroupProps,
} from 'react-aria-components';
import { FieldErrorMessage } from './field-error';
import fieldStyles from './field.module.css';
import styles from './radio-group.module.css';

export type RadioOption = { value: string; label: ReactNode };

export type RadioGroupProps = Omit<AriaRadioGroupProps, 'children' | 'className'> & {
  label: ReactNode;
  options: readonly RadioOption[];
  description?: ReactNode;
  errorMessage?: string;
  className?: string;
};

/** One choice of a few, all visible at once (arrow keys move between them). */
export function RadioGroup({ label, options, description, errorMessage, className, isInvalid, ...props }: RadioGroupProps) {
  return (
    <AriaRadioGroup
      {...props}
      isInvalid={isInvalid || Boolean(errorMessage)}
      className={[fieldStyles.field, className].filter(Boolean).join(' ')}
    >
      <Label className={fieldStyles.label}>{label}</Label>
      <div className={styles.options}>
        {options.map((option) => (
          <Radio key={option.value} value={option.value} className={styles.radio}>
            <span className={styles.circle} aria-hidden="true" />
            <span>{option.label}</span>
          </Radio>
        ))}
      </div>
      {description && (
        <Text slot="description" className={fieldStyles.description}>
          {description}
        </Text>
      )}
      <FieldErrorMessage message={errorMessage} />
    </AriaRadioGroup>
  );
}
