import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { describeAuthError } from '../../lib/auth-errors';
import { useConfig } from '../../lib/config';
import { ConfiguredLink } from '../../lib/external-links';
import { Button, LinkButton } from '../../ui/button';
import { Checkbox } from '../../ui/checkbox';
import { CodeField } from '../../ui/code-field';
import { FormTextField } from '../../ui/form-text-field';
import { NewPasswordInput } from '../../ui/new-password-field';
import { Notice } from '../../ui/notice';
import { TotpSetupDetails } from '../../ui/totp-setup-details';
import { Actions, AuthScreen, FormStack } from './auth-screen';
import { EmailField } from '../../ui/email-field';
import { signInClient } from './sign-in-client';
import { outcomeOf, type MfaMethod, type SignInOutcome, type SignInScreen } from './sign-in-flow';
import styles from './identity.module.css';

/** What a step hands back to the sign-in page: where the flow goes next. */
export type Proceed = (outcome: SignInOutcome, options?: { rememberDevice?: boolean }) => Promise<void>;
/** Back to the e-mail/password form, optionally with a message why. */
export type BackToSignIn = (message?: string) => void;

/** Errors after which this step cannot continue: the sign-in starts over. */
const RESTART_KINDS = new Set(['challengeExpired', 'locked', 'sessionExpired', 'userDisabled']);

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
      <FormStack onSubmit={(event) => void submit(event)} onInput={() => void signInClient().catch(() => {})} label={t('auth.signIn.title')}>
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

// ── confirmSignIn (SMS or authenticator app) and setupMFA ────────────────────────────────────

type CodeValues = { code: string };

function RememberDevice({ checked, onChange }: { checked: boolean; onChange: (value: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <Checkbox isSelected={checked} onChange={onChange} description={t('auth.code.rememberDeviceHint')}>
      {t('auth.code.rememberDevice')}
    </Checkbox>
  );
}

function useCodeStep(proceed: Proceed, back: BackToSignIn) {
  const [error, setError] = useState<string | null>(null);
  const [remember, setRemember] = useState(false);
  const form = useForm<CodeValues>({ defaultValues: { code: '' }, mode: 'onSubmit' });
  const submit = form.handleSubmit(async ({ code }) => {
    setError(null);
    try {
      const result = await (await signInClient()).confirmSignIn({ challengeResponse: code.replace(/\s+/g, '') });
      await proceed(outcomeOf(result.nextStep, ''), { rememberDevice: remember });
    } catch (caught) {
      const described = describeAuthError(caught, 'code');
      if (RESTART_KINDS.has(described.kind)) return back(described.message);
      if (described.kind === 'unknown') console.error('Sign-in confirmation failed', caught);
      form.resetField('code');
      form.setFocus('code');
      setError(described.message);
    }
  });
  return { form, submit, error, remember, setRemember };
}

export function ConfirmSignInForm({
  screen,
  proceed,
  back,
  resend,
}: {
  screen: Extract<SignInScreen, { state: 'confirmSignIn' }>;
  proceed: Proceed;
  back: BackToSignIn;
  /** Signs in again, which sends a new SMS code (the identity provider has no other way to). */
  resend?: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const { form, submit, error, remember, setRemember } = useCodeStep(proceed, back);
  const [resent, setResent] = useState<{ tone: 'success' | 'danger'; text: string } | null>(null);
  const [resending, setResending] = useState(false);
  const sendAgain = async () => {
    if (!resend) return;
    setResending(true);
    setResent(null);
    try {
      await resend();
      setResent({ tone: 'success', text: t('auth.code.resent') });
      form.resetField('code');
      form.setFocus('code');
    } catch (caught) {
      setResent({ tone: 'danger', text: describeAuthError(caught, 'signIn').message });
    } finally {
      setResending(false);
    }
  };
  const sms = screen.method === 'SMS';
  const intro = sms
    ? screen.destination
      ? t('auth.code.smsSent', { destination: screen.destination })
      : t('auth.code.smsSentNoDestination')
    : t('auth.code.totpIntro');
  return (
    <AuthScreen title={t('auth.code.title')} intro={intro}>
      <FormStack onSubmit={(event) => void submit(event)} label={t('auth.code.title')}>
        {error && <Notice tone="danger">{error}</Notice>}
        {resent && <Notice tone={resent.tone}>{resent.text}</Notice>}
        <CodeField control={form.control} name="code" label={sms ? t('auth.code.smsLabel') : t('auth.code.totpLabel')} autoFocus />
        <RememberDevice checked={remember} onChange={setRemember} />
        <Actions>
          <Button type="submit" fullWidth isPending={form.formState.isSubmitting}>
            {t('auth.code.submit')}
          </Button>
          {sms && resend && (
            <Button variant="secondary" fullWidth isPending={resending} onPress={() => void sendAgain()}>
              {t('auth.code.resend')}
            </Button>
          )}
          <Button variant="ghost" fullWidth onPress={() => back()}>
            {t('auth.code.back')}
          </Button>
        </Actions>
      </FormStack>
    </AuthScreen>
  );
}

export function SetupMfaForm({
  screen,
  proceed,
  back,
}: {
  screen: Extract<SignInScreen, { state: 'setupMFA' }>;
  proceed: Proceed;
  back: BackToSignIn;
}) {
  const { t } = useTranslation();
  const { form, submit, error, remember, setRemember } = useCodeStep(proceed, back);
  return (
    <AuthScreen title={t('auth.setupMfa.title')} intro={t('auth.setupMfa.intro')}>
      <ol className={styles.steps}>
        <li>{t('auth.setupMfa.step1')}</li>
        <li>{t('auth.setupMfa.step2')}</li>
        <li>{t('auth.setupMfa.step3')}</li>
      </ol>
      <TotpSetupDetails uri={screen.uri} secret={screen.secret} />
      <FormStack onSubmit={(event) => void submit(event)} label={t('auth.setupMfa.title')}>
        {error && <Notice tone="danger">{error}</Notice>}
        <CodeField control={form.control} name="code" label={t('auth.code.totpLabel')} />
        <RememberDevice checked={remember} onChange={setRemember} />
        <Actions>
          <Button type="submit" fullWidth isPending={form.formState.isSubmitting}>
            {t('auth.setupMfa.submit')}
          </Button>
          <Button variant="ghost" fullWidth onPress={() => back()}>
            {t('auth.code.back')}
          </Button>
        </Actions>
      </FormStack>
    </AuthScreen>
  );
}

// ── MFA type selection ──────────────────────────────────────────────────────────────────────

export function SelectMfaForm({ methods, proceed, back }: { methods: MfaMethod[]; proceed: Proceed; back: BackToSignIn }) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState<MfaMethod | null>(null);
  const choose = async (method: MfaMethod) => {
    setError(null);
    setPending(method);
    try {
      const result = await (await signInClient()).confirmSignIn({ challengeResponse: method });
      await proceed(outcomeOf(result.nextStep, ''));
    } catch (caught) {
      const described = describeAuthError(caught, 'code');
      if (RESTART_KINDS.has(described.kind)) return back(described.message);
      setError(described.message);
    } finally {
      setPending(null);
    }
  };
  return (
    <AuthScreen title={t('auth.selectMfa.title')} intro={t('auth.selectMfa.intro')}>
      {error && <Notice tone="danger">{error}</Notice>}
      <div className={styles.choices}>
        {methods.map((method) => (
          <Button
            key={method}
            variant="secondary"
            fullWidth
            isPending={pending === method}
            isDisabled={pending !== null && pending !== method}
            onPress={() => void choose(method)}
          >
            {method === 'SMS' ? t('auth.selectMfa.sms') : t('auth.selectMfa.totp')}
          </Button>
        ))}
      </div>
      <Button variant="ghost" fullWidth onPress={() => back()}>
        {t('auth.code.back')}
      </Button>
    </AuthScreen>
  );
}

// ── requireNewPassword ──────────────────────────────────────────────────────────────────────

export function NewPasswordForm({ proceed, back }: { proceed: Proceed; back: BackToSignIn }) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const { control, handleSubmit, formState } = useForm<{ newPassword: string }>({ defaultValues: { newPassword: '' } });
  const submit = handleSubmit(async ({ newPassword }) => {
    setError(null);
    try {
      const result = await (await signInClient()).confirmSignIn({ challengeResponse: newPassword });
      await proceed(outcomeOf(result.nextStep, ''));
    } catch (caught) {
      const described = describeAuthError(caught, 'newPassword');
      if (RESTART_KINDS.has(described.kind)) return back(described.message);
      setError(described.message);
    }
  });
  return (
    <AuthScreen title={t('auth.newPassword.title')} intro={t('auth.newPassword.intro')}>
      <FormStack onSubmit={(event) => void submit(event)} label={t('auth.newPassword.title')}>
        {error && <Notice tone="danger">{error}</Notice>}
        <NewPasswordInput control={control} name="newPassword" label={t('auth.fields.newPassword')} autoFocus />
        <Actions>
          <Button type="submit" fullWidth isPending={formState.isSubmitting}>
            {t('auth.newPassword.submit')}
          </Button>
          <Button variant="ghost" fullWidth onPress={() => back()}>
            {t('auth.code.back')}
          </Button>
        </Actions>
      </FormStack>
    </AuthScreen>
  );
}

// ── any other challenge ─────────────────────────────────────────────────────────────────────

export function UnsupportedChallenge({ back }: { back: BackToSignIn }) {
  const { t } = useTranslation();
  return (
    <AuthScreen title={t('auth.unsupported.title')}>
      <Notice tone="danger">{t('auth.unsupported.text')}</Notice>
      <Actions>
        <Button fullWidth onPress={() => back()}>
          {t('auth.code.back')}
        </Button>
        <LinkButton variant="ghost" fullWidth href="/passwort-vergessen">
          {t('auth.signIn.forgot')}
        </LinkButton>
      </Actions>
    </AuthScreen>
  );
}
