import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useController, useFormContext } from 'react-hook-form';
import { Checkbox } from '../../../ui/checkbox';
import { RadioGroup, type RadioOption } from '../../../ui/radio-group';
import { Select } from '../../../ui/select';
import { FormTextField, type FormTextFieldProps } from '../../../ui/form-text-field';
import { TextAreaField } from '../../../ui/text-area-field';
import type { FieldName, FormValues } from './form-model';
import styles from './forms.module.css';

/**
 * The form's controls bound to the request form (react-hook-form context): each shows its
 * field's German error under it. The page holds the one form; every type's fields use these.
 */

type Named = { name: FieldName };

export function TextInput(props: Omit<FormTextFieldProps<FormValues>, 'control' | 'name'> & Named) {
  const { control } = useFormContext<FormValues>();
  return <FormTextField control={control} {...props} name={props.name as never} />;
}

export function TextArea({ name, label, description }: Named & { label: ReactNode; description?: ReactNode }) {
  const { field, fieldState } = useController<FormValues>({ name: name as never });
  return (
    <TextAreaField
      label={label}
      description={description}
      name={field.name}
      value={(field.value as string) ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      errorMessage={fieldState.error?.message}
      validationBehavior="aria"
    />
  );
}

export function Radios({ name, label, options, description }: Named & { label: ReactNode; options: readonly RadioOption[]; description?: ReactNode }) {
  const { field, fieldState } = useController<FormValues>({ name: name as never });
  return (
    <RadioGroup
      label={label}
      description={description}
      options={options}
      value={(field.value as string) || null}
      onChange={field.onChange}
      errorMessage={fieldState.error?.message}
      validationBehavior="aria"
    />
  );
}

export function Choice({ name, label, options }: Named & { label: ReactNode; options: readonly { id: string; label: string }[] }) {
  const { t } = useTranslation();
  const { field, fieldState } = useController<FormValues>({ name: name as never });
  return (
    <Select
      label={label}
      placeholder={t('tickets.forms.choose')}
      options={options}
      selectedKey={(field.value as string) || null}
      onSelectionChange={(key) => field.onChange(String(key))}
      errorMessage={fieldState.error?.message}
      validationBehavior="aria"
    />
  );
}

/** A yes/no field; its error (a required confirmation) under it. */
export function Check({ name, children, description }: Named & { children: ReactNode; description?: ReactNode }) {
  const { field, fieldState } = useController<FormValues>({ name: name as never });
  return (
    <div className={styles.check}>
      <Checkbox isSelected={field.value === true} onChange={field.onChange} description={description} isInvalid={Boolean(fieldState.error)}>
        {children}
      </Checkbox>
      <FieldMessage message={fieldState.error?.message} />
    </div>
  );
}

/** One checkbox of a list of values (e.g. the Lombard documents). */
export function CheckInList({ name, value, children }: Named & { value: string; children: ReactNode }) {
  const { field } = useController<FormValues>({ name: name as never });
  const list = (field.value as string[]) ?? [];
  return (
    <Checkbox isSelected={list.includes(value)} onChange={(on) => field.onChange(on ? [...list, value] : list.filter((v) => v !== value))}>
      {children}
    </Checkbox>
  );
}

/** An error of a field that is no input of its own (a group of checkboxes, the files). */
export function FieldMessage({ message }: { message?: string }) {
  return message ? (
    <p className={styles.error} role="alert">
      {message}
    </p>
  ) : null;
}
