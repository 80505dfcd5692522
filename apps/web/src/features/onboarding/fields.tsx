import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useController, useFormContext } from 'react-hook-form';
import { countries } from '@kontor/domain/countries';
import { Checkbox } from '../../ui/checkbox';
import { FormTextField, type FormTextFieldProps } from '../../ui/form-text-field';
import { RadioGroup, type RadioOption } from '../../ui/radio-group';
import { Select } from '../../ui/select';
import styles from './onboarding.module.css';

/**
 * The step forms' controls, bound to the surrounding react-hook-form form by name: each shows
 * its field's German message (from the domain schema or the server) under it.
 */

type Named = { name: string };

export function TextInput(props: Omit<FormTextFieldProps<Record<string, unknown>>, 'control' | 'name'> & Named) {
  const { control } = useFormContext();
  return <FormTextField control={control} {...props} name={props.name} />;
}

export function Radios({ name, label, options, description }: Named & { label: ReactNode; options: readonly RadioOption[]; description?: ReactNode }) {
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
      orientation="horizontal"
    />
  );
}

/** The country list (Deutschland, Österreich, Schweiz first) as select options. */
export function useCountryOptions() {
  return useMemo(() => countries().map((c) => ({ id: c.code, label: c.name })), []);
}

export function CountrySelect({ name, label }: Named & { label: ReactNode }) {
  const { t } = useTranslation();
  const options = useCountryOptions();
  const { field, fieldState } = useController({ name });
  return (
    <Select
      label={label}
      placeholder={t('onboarding.choose')}
      options={options}
      selectedKey={(field.value as string) || null}
      onSelectionChange={(key) => field.onChange(key === null ? '' : String(key))}
      errorMessage={fieldState.error?.message}
      validationBehavior="aria"
    />
  );
}

/** A yes/no field; its error (a required acknowledgement) under it. */
export function Check({ name, children, description }: Named & { children: ReactNode; description?: ReactNode }) {
  const { field, fieldState } = useController({ name });
  return (
    <div className={styles.check}>
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
      {fieldState.error?.message && (
        <p className={styles.error} role="alert">
          {fieldState.error.message}
        </p>
      )}
    </div>
  );
}
