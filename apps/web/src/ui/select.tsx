import type { ReactNode, Ref } from 'react';
import {
  Button as AriaButton,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Select as AriaSelect,
  SelectValue,
  Text,
  type Key,
  type SelectProps as AriaSelectProps,
} from 'react-aria-components';
import { ChevronDownIcon } from './icons';
import { FieldErrorMessage } from './field-error';
import styles from './field.module.css';

export type SelectOption = { id: Key; label: string };

export type SelectProps<T extends SelectOption> = Omit<AriaSelectProps<T>, 'children' | 'className' | 'items'> & {
  label: ReactNode;
  options: readonly T[];
  description?: ReactNode;
  errorMessage?: string;
  className?: string;
  /** Its button, for a caller that moves the focus there itself. */
  triggerRef?: Ref<HTMLButtonElement>;
};

/** A labelled single choice from a short list. */
export function Select<T extends SelectOption>({
  label,
  options,
  description,
  errorMessage,
  className,
  isInvalid,
  triggerRef,
  ...props
}: SelectProps<T>) {
  return (
    <AriaSelect<T>
      {...props}
      isInvalid={isInvalid || Boolean(errorMessage)}
      className={[styles.field, className].filter(Boolean).join(' ')}
    >
      <Label className={styles.label}>{label}</Label>
      <AriaButton ref={triggerRef} className={styles.trigger}>
        <SelectValue className={styles.value} />
        <ChevronDownIcon className={styles.chevron} />
      </AriaButton>
      {description && (
        <Text slot="description" className={styles.description}>
          {description}
        </Text>
      )}
      <FieldErrorMessage message={errorMessage} />
      <Popover className={styles.popover}>
        <ListBox className={styles.listbox} items={options}>
          {(option) => (
            <ListBoxItem id={option.id} className={styles.option} textValue={option.label}>
              {option.label}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </AriaSelect>
  );
}
