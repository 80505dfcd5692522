import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useController, useFormContext } from 'react-hook-form';
import { useCountryOptions } from '../lib/countries';
import { useDomainText } from '../lib/domain-text';
import { Checkbox } from './checkbox';
import { FormTextField, type FormTextFieldProps } from './form-text-field';
import { RadioGroup, type RadioOption } from './radio-group';
import { Select } from './select';
import { TextAreaField } from './text-area-field';
import layout from './form-layout.module.css';

/**
 * Controls bound to the surrounding react-hook-form form (its FormProvider) by field name: each
 * shows its field's German message (from the domain schema or the server) under it.
 */

type Named = { name: string };

export function TextInput(props: Omit<FormTextFieldProps<Record<string, unknown>>, 'control' | 'name'> & Named) {
  const { control } = useFormContext();
  return <FormTextField control={control} {...props} name={props.name} />;
}

export function TextArea({ name, label, description }: Named & { label: ReactNode; description?: ReactNode }) {
  const { field, fieldState } = useController({ name });
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

export function Radios({
  name,
  label,
  options,
  description,
  orientation,
}: Named & { label: ReactNode; options: readonly RadioOption[]; description?: ReactNode; orientation?: 'horizontal' | 'vertical' }) {
  const { field, fieldState } = useController({ name });
  return (
    <RadioGroup
      label={label}
      description={description}
      options={options}
      value={(field.value as string) || null}
      onChange={field.onChange}
      errorMessage={fieldState.error?.message}
      validationBehavior="aria"
      orientation={orientation}
    />
  );
}

export function Choice({ name, label, options }: Named & { label: ReactNode; options: readonly { id: string; label: string }[] }) {
  const { t } = useTranslation();
  const { field, fieldState } = useController({ name });
  return (
    <Select
      label={label}
      placeholder={t('common.choose')}
      options={options}
      selectedKey={(field.value as string) || null}
      onSelectionChange={(key) => field.onChange(key === null ? '' : String(key))}
      errorMessage={fieldState.error?.message}
      validationBehavior="aria"
    />
  );
}

/** The country list of spec §3 (Deutschland, Österreich, Schweiz first) as select options. */
export function CountrySelect({ name, label }: Named & { label: ReactNode }) {
  return <Choice name={name} label={label} options={useCountryOptions()} />;
}

/** A yes/no field; its error (a required acknowledgement) under it. */
export function Check({ name, children, description }: Named & { children: ReactNode; description?: ReactNode }) {
  const { field, fieldState } = useController({ name });
  return (
    <div className={layout.check}>
      <Checkbox
        isSelected={field.value === true}
        onChange={field.onChange}
        description={description}
        isInvalid={Boolean(fieldState.error)}
        name={field.name}
        inputRef={field.ref}
      >
        {children}
      </Checkbox>
      <FieldMessage message={fieldState.error?.message} />
    </div>
  );
}

/** One checkbox of a list of values (e.g. the Lombard documents). */
export function CheckInList({ name, value, children }: Named & { value: string; children: ReactNode }) {
  const { field } = useController({ name });
  const list = (field.value as string[]) ?? [];
  return (
    <Checkbox isSelected={list.includes(value)} onChange={(on) => field.onChange(on ? [...list, value] : list.filter((v) => v !== value))}>
      {children}
    </Checkbox>
  );
}

/** An error of a field that is no input of its own (a group of checkboxes, the files). */
export function FieldMessage({ message }: { message?: string | undefined }) {
  const text = useDomainText();
  return message ? (
    <p className={layout.error} role="alert">
      {text(message)}
    </p>
  ) : null;
}
