import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../ui/text-field';

/** Loose on purpose: the pool decides; this only catches typos like a missing "@". */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The e-mail address is the customer's user name. */
export function EmailField<T extends FieldValues>({ control, name, autoFocus }: { control: Control<T>; name: Path<T>; autoFocus?: boolean }) {
  const { t } = useTranslation();
  return (
    <Controller
      control={control}
      name={name}
      rules={{
        required: t('auth.validation.emailRequired'),
        pattern: { value: EMAIL_PATTERN, message: t('auth.validation.emailInvalid') },
      }}
      render={({ field, fieldState }) => (
        <TextField
          label={t('auth.fields.email')}
          type="email"
          name={field.name}
          value={field.value ?? ''}
          onChange={(value) => field.onChange(value.trim())}
          onBlur={field.onBlur}
          inputRef={field.ref}
          errorMessage={fieldState.error?.message}
          autoComplete="username"
          inputMode="email"
          validationBehavior="aria"
          isRequired
          autoFocus={autoFocus}
        />
      )}
    />
  );
}
