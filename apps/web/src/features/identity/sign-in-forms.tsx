import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { describeAuthError } from '../../lib/auth-errors';
import { useConfig } from '../../lib/config';
import { ConfiguredLink } from '../../lib/external-links';
import { Button } from '../../ui/button';
import { FormTextField } from '../../ui/form-text-field';
import { Notice } from '../../ui/notice';
import { Actions, AuthScreen, FormStack } from './auth-screen';
import { EmailField } from '../../ui/email-field';
import { signInClient } from './sign-in-client';
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
  const { control, handleSubmit, formState, resetField, setFocus } = useForm<SignInValues>({ defaultValues: { email: defaultEmail, password: '' } });
  const typedEmail = useWatch({ control, name: 'email' });

  const submit = handleSubmit(async ({ email, password }) => {
    setError(null);
    prepareNextSteps();
    onEmail(email, password);
    try {
      await prepare();
      const result = await (await signInClient()).signIn({ username: email, password });
      await proceed(outcomeOf(result.nextStep, email));
    } catch (caught) {
      const described = describeAuthError(caught, 'signIn');
      if (described.next === 'confirmSignUp') return onNotConfirmed(email);
      if (described.next === 'resetPassword') return onResetRequired(email);
      if (described.kind === 'unknown') console.error('Sign-in failed', caught);
      if (described.kind === 'wrongCredentials' || described.kind === 'locked') {
        resetField('password');
        setFocus('password');
      }
      setError(described.message);
    }
  });

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
        <EmailField control={control} name="email" autoFocus={!defaultEmail} />
        <FormTextField
          control={control}
          name="password"
          rules={{ required: t('auth.validation.passwordRequired') }}
          label={t('auth.fields.password')}
          type="password"
          autoComplete="current-password"
          isRequired
          autoFocus={Boolean(defaultEmail)}
        />
        <Link className={styles.inlineLink} to="/passwort-vergessen" state={{ email: typedEmail }}>
          {t('auth.signIn.forgot')}
        </Link>
        <Actions>
          <Button type="submit" fullWidth isPending={formState.isSubmitting} isDisabled={disabled}>
            {t('auth.signIn.submit')}
          </Button>
        </Actions>
      </FormStack>
    </AuthScreen>
  );
}
