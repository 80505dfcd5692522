import { useId, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { isPasswordValid, passwordRules } from '../lib/password';
import { RuleList } from './rule-list';
import { TextField } from './text-field';
import styles from './new-password-field.module.css';

export type NewPasswordFieldProps = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  errorMessage?: string;
  inputRef?: Ref<HTMLInputElement>;
  name?: string;
  /** Rules are shown from the first keystroke; before that, as a hint what is needed. */
  autoFocus?: boolean;
};

/** A new password with spec §5's rules listed under it, ticked off live while typing. */
export function NewPasswordField({ label, value, onChange, onBlur, errorMessage, inputRef, name, autoFocus }: NewPasswordFieldProps) {
  const { t } = useTranslation();
  const rulesId = useId();
  return (
    <div className={styles.group}>
      <TextField
        label={label}
        type="password"
        autoComplete="new-password"
        name={name}
        value={value}
        onChange={onChange}
        onBlur={onBlur}
        errorMessage={errorMessage}
        inputRef={inputRef}
        aria-describedby={rulesId}
        validationBehavior="aria"
        isRequired
        autoFocus={autoFocus}
      />
      <RuleList
        id={rulesId}
        title={t('password.rulesTitle')}
        rules={passwordRules(value, t)}
        metLabel={t('password.ruleMet')}
        openLabel={t('password.ruleOpen')}
      />
    </div>
  );
}

/**
 * A new-password field bound to a react-hook-form form, with spec §5's rules as its validation:
 * required, then every rule, then the caller's own check (e.g. "not the current password").
 */
export function NewPasswordInput<T extends FieldValues>({
  control,
  name,
  label,
  autoFocus,
  extraCheck,
}: {
  control: Control<T>;
  name: Path<T>;
  label: string;
  autoFocus?: boolean;
  extraCheck?: (value: string) => string | true;
}) {
  const { t } = useTranslation();
  return (
    <Controller
      control={control}
      name={name}
      rules={{
        required: t('auth.validation.newPasswordRequired'),
        validate: (value) => {
          const password = String(value ?? '');
          if (!isPasswordValid(password)) return t('auth.validation.passwordRules');
          return extraCheck?.(password) ?? true;
        },
      }}
      render={({ field, fieldState }) => (
        <NewPasswordField
          label={label}
          name={field.name}
          value={String(field.value ?? '')}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          errorMessage={fieldState.error?.message}
          autoFocus={autoFocus}
        />
      )}
    />
  );
}
