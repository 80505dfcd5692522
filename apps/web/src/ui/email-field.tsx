import type { Control, FieldValues, Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from './form-text-field';

/** Loose on purpose: the pool decides; this only catches typos like a missing "@". */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The e-mail address is the customer's user name (a new one: autoComplete "email"). */
export function EmailField<T extends FieldValues>({
  control,
  name,
  autoFocus,
  autoComplete = 'username',
}: {
  control: Control<T>;
  name: Path<T>;
  autoFocus?: boolean;
  autoComplete?: 'username' | 'email';
}) {
  const { t } = useTranslation();
  return (
    <FormTextField
      control={control}
      name={name}
      rules={{
        required: t('auth.validation.emailRequired'),
        pattern: { value: EMAIL_PATTERN, message: t('auth.validation.emailInvalid') },
      }}
      parse={(value) => value.trim()}
      label={t('auth.fields.email')}
      type="email"
      autoComplete={autoComplete}
      inputMode="email"
      isRequired
      autoFocus={autoFocus}
    />
  );
}
