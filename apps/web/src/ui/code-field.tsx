import type { Control, FieldValues, Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from './form-text-field';

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
    <FormTextField
      control={control}
      name={name}
      rules={{
        required: t('auth.validation.codeRequired'),
        pattern: { value: /^\s*\d{6}\s*$/, message: t('auth.validation.codeFormat') },
      }}
      parse={(value) => value.replace(/[^\d\s]/g, '')}
      label={label}
      description={description}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={7}
      isRequired
      autoFocus={autoFocus}
    />
  );
}
