import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../ui/text-field';

/** A 6-digit one-time code (SMS, authenticator app, e-mail confirmation, password reset). */
export function CodeField<T extends FieldValues>({
  control,
  name,
  label,
  description,
  autoFocus,
}: {
  control: Control<T>;
  name: Path<T>;
  label: string;
  description?: string;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Controller
      control={control}
      name={name}
      rules={{
        required: t('auth.validation.codeRequired'),
        pattern: { value: /^\s*\d{6}\s*$/, message: t('auth.validation.codeFormat') },
      }}
      render={({ field, fieldState }) => (
        <TextField
          label={label}
          description={description}
          name={field.name}
          value={field.value ?? ''}
          onChange={(value) => field.onChange(value.replace(/[^\d\s]/g, ''))}
          onBlur={field.onBlur}
          inputRef={field.ref}
          errorMessage={fieldState.error?.message}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          validationBehavior="aria"
          isRequired
          autoFocus={autoFocus}
        />
      )}
    />
  );
}
