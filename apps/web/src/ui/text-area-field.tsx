import type { ReactNode } from 'react';
import { Label, Text, TextArea, TextField as AriaTextField, type TextFieldProps as AriaTextFieldProps } from 'react-aria-components';
import { FieldErrorMessage } from './field-error';
import styles from './field.module.css';

export type TextAreaFieldProps = Omit<AriaTextFieldProps, 'children' | 'className'> & {
  label: ReactNode;
  /** Below the field, e.g. a character counter. */
  description?: ReactNode;
  errorMessage?: string;
  rows?: number;
  className?: string;
};

/** A labelled multi-line text input (a note) with an optional hint and error message. */
export function TextAreaField({ label, description, errorMessage, rows = 4, className, isInvalid, ...props }: TextAreaFieldProps) {
  return (
    <AriaTextField {...props} isInvalid={isInvalid || Boolean(errorMessage)} className={[styles.field, className].filter(Boolean).join(' ')}>
      <Label className={styles.label}>{label}</Label>
      <TextArea className={`${styles.input} ${styles.textArea}`} rows={rows} />
      {description && (
        <Text slot="description" className={styles.description}>
          {description}
        </Text>
      )}
      <FieldErrorMessage message={errorMessage} />
    </AriaTextField>
  );
}
