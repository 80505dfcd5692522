import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useConfig } from '../../lib/config';
import { ConfiguredLink } from '../../lib/external-links';
import { Button } from '../../ui/button';
import { EMAIL_PATTERN } from '../../ui/email-address';
import { Notice } from '../../ui/notice';
import { TextField } from '../../ui/text-field';
import { Actions, AuthScreen, FormStack } from './auth-screen';
import { describeSignInError, signInClient } from './sign-in-client';
import { outcomeOf, type SignInOutcome } from './sign-in-flow';
import styles from './identity.module.css';

/** What a step hands back to the sign-in page: where the flow goes next. */
export type Proceed = (outcome: SignInOutcome, options?: { rememberDevice?: boolean }) => Promise<void>;
/** Back to the e-mail/password form, optionally with a message why. */
export type BackToSignIn = (message?: string) => void;

/** The steps after this form (sign-in-steps), loaded with the identity client. */
export const loadSignInSteps = () => import('./sign-in-steps');

/** The first typing (or a submit): the identity client and the next steps start loading. */
function prepareNextSteps() {
  void signInClient().catch(() => {});
  void loadSignInSteps().catch(() => {});
}

// ── signIn ─────────────────────────────────────────────────────────────────────────────────

type SignInValues = { email: string; password: string };
type SignInErrors = Partial<Record<keyof SignInValues, string>>;

/**
 * The two fields of the first screen, checked as the app's react-hook-form forms check them
 * (mode onSubmit): nothing before the first submit, then with every change; a failed submit focuses
 * the first field at fault. Kept without react-hook-form, which loads with the later steps: the
 * sign-in screen's first load (decision 041).
 */
function useSignInFields(defaultEmail: string) {
  const { t } = useTranslation();
  const [values, setValues] = useState<SignInValues>({ email: defaultEmail, password: '' });
  const [errors, setErrors] = useState<SignInErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const email = useRef<HTMLInputElement>(null);
  const password = useRef<HTMLInputElement>(null);
  const check = (v: SignInValues): SignInErrors => ({
    ...(v.email === '' ? { email: t('auth.validation.emailRequired') } : EMAIL_PATTERN.test(v.email) ? {} : { email: t('auth.validation.emailInvalid') }),
    ...(v.password === '' ? { password: t('auth.validation.passwordRequired') } : {}),
  });
  const set = (name: keyof SignInValues, value: string) => {
    const next = { ...values, [name]: value };
    setValues(next);
    if (submitted) setErrors(check(next));
  };
  return {
    values,
    errors,
    refs: { email, password },
    set,
    /** The values when both are right; else shows what is wrong and focuses the first field at fault. */
    validate: (): SignInValues | null => {
      setSubmitted(true);
      const found = check(values);
      setErrors(found);
      if (found.email) email.current?.focus();
      else if (found.password) password.current?.focus();
      return found.email || found.password ? null : values;
    },
    /** Empties the password (after a wrong one) and puts the caret there. */
    resetPassword: () => {
      setValues((v) => ({ ...v, password: '' }));
      setErrors((e) => ({ ...e, password: undefined }));
      password.current?.focus();
    },
  };
}

export function SignInForm({
  defaultEmail,
  notice,
  disabled,
  prepare,
  proceed,
  onEmail,
  onNotConfirmed,
  onResetRequired,
}: {
  defaultEmail: string;
  notice?: { tone: 'info' | 'success' | 'warning' | 'danger'; text: string } | null;
  disabled?: boolean;
  prepare: () => Promise<void>;
  proceed: Proceed;
  /** The address and password of the last submit: a new SMS code is asked with them (kept only while the sign-in lasts). */
  onEmail: (email: string, password: string) => void;
  onNotConfirmed: (email: string) => void;
  onResetRequired: (email: string) => void;
}) {
  const { t } = useTranslation();
  const { externalLinks } = useConfig();
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const fields = useSignInFields(defaultEmail);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const valid = fields.validate();
    if (!valid) return;
    const { email, password } = valid;
    setSubmitting(true);
    setError(null);
    prepareNextSteps();
    onEmail(email, password);
    try {
      await prepare();
      const result = await (await signInClient()).signIn({ username: email, password });
      await proceed(outcomeOf(result.nextStep, email));
    } catch (caught) {
      const described = await describeSignInError(caught, 'signIn');
      if (described.next === 'confirmSignUp') return onNotConfirmed(email);
      if (described.next === 'resetPassword') return onResetRequired(email);
      if (described.kind === 'unknown') console.error('Sign-in failed', caught);
      if (described.kind === 'wrongCredentials' || described.kind === 'locked') fields.resetPassword();
      setError(described.message);
    } finally {
      setSubmitting(false);
    }
  };

  const shown = error ? { tone: 'danger' as const, text: error } : notice;
  return (
    <AuthScreen
      title={t('auth.signIn.title')}
      intro={t('auth.signIn.intro')}
      below={
        <>
          <span>{t('auth.signIn.noAccount')}</span>
          <ConfiguredLink href={externalLinks.registration}>{t('auth.signIn.register')}</ConfiguredLink>
        </>
      }
    >
      <FormStack onSubmit={(event) => void submit(event)} onInput={prepareNextSteps} label={t('auth.signIn.title')}>
        {shown && <Notice tone={shown.tone}>{shown.text}</Notice>}
        <TextField
          name="email"
          label={t('auth.fields.email')}
          type="email"
          autoComplete="username"
          inputMode="email"
          isRequired
          autoFocus={!defaultEmail}
          value={fields.values.email}
          onChange={(text) => fields.set('email', text.trim())}
          inputRef={fields.refs.email}
          errorMessage={fields.errors.email}
          validationBehavior="aria"
        />
        <TextField
          name="password"
          label={t('auth.fields.password')}
          type="password"
          autoComplete="current-password"
          isRequired
          autoFocus={Boolean(defaultEmail)}
          value={fields.values.password}
          onChange={(text) => fields.set('password', text)}
          inputRef={fields.refs.password}
          errorMessage={fields.errors.password}
          validationBehavior="aria"
        />
        <Link className={styles.inlineLink} to="/passwort-vergessen" state={{ email: fields.values.email }}>
          {t('auth.signIn.forgot')}
        </Link>
        <Actions>
          <Button type="submit" fullWidth isPending={submitting} isDisabled={disabled}>
            {t('auth.signIn.submit')}
          </Button>
        </Actions>
      </FormStack>
    </AuthScreen>
  );
}
