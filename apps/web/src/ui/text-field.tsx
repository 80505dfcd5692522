import type { HTMLAttributes, ReactNode, Ref } from 'react';
import {
  Input,
  Label,
  Text,
  TextField as AriaTextField,
  type TextFieldProps as AriaTextFieldProps,
} from 'react-aria-components';
import { FieldErrorMessage } from './field-error';
import styles from './field.module.css';

export type TextFieldProps = Omit<AriaTextFieldProps, 'children' | 'className'> & {
  label: ReactNode;
  description?: ReactNode;
  /** Shown below the field and marks it invalid (e.g. react-hook-form's fieldState.error?.message). */
  errorMessage?: string;
  placeholder?: string;
  className?: string;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  /** The input element, e.g. react-hook-form's field.ref so a failed submit focuses the field. */
  inputRef?: Ref<HTMLInputElement>;
  /** The earliest value of a date field ("2026-11-27"). */
  min?: string;
};

/** A labelled text input with optional hint and error message. */
export function TextField({ label, description, errorMessage, placeholder, className, inputMode, inputRef, isInvalid, min, ...props }: TextFieldProps) {
  return (
    <AriaTextField
      {...props}
      isInvalid={isInvalid || Boolean(errorMessage)}
      className={[styles.field, className].filter(Boolean).join(' ')}
    >
      <Label className={styles.label}>{label}</Label>
      <Input ref={inputRef} className={styles.input} placeholder={placeholder} inputMode={inputMode} min={min} />
      {description && (
        <Text slot="description" className={styles.description}>
          {description}
        </Text>
      )}
      <FieldErrorMessage message={errorMessage} />
    </AriaTextField>
  );
}
