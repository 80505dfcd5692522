import { useId, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { passwordRules } from '../lib/password';
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
        rules={passwordRules(value)}
        metLabel={t('password.ruleMet')}
        openLabel={t('password.ruleOpen')}
      />
    </div>
  );
}
