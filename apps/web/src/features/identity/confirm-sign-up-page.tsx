import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { confirmSignUp, resendSignUpCode } from 'aws-amplify/auth';
import { describeAuthError } from '../../lib/auth-errors';
import { Button } from '../../ui/button';
import { CodeField } from '../../ui/code-field';
import { Notice, type NoticeTone } from '../../ui/notice';
import { Actions, AuthScreen, FormStack } from './auth-screen';
import { EmailField } from './email-field';

type ConfirmState = { email?: string; destination?: string; notConfirmed?: boolean } | null;
type ConfirmValues = { email: string; code: string };

/** /registrieren/bestaetigen: the code from the e-mail confirms the sign-up (spec §4 confirmSignUp). */
export function ConfirmSignUpPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const incoming = (useLocation().state ?? null) as ConfirmState;
  const [notice, setNotice] = useState<{ tone: NoticeTone; text: string } | null>(
    incoming?.notConfirmed ? { tone: 'info', text: t('auth.errors.notConfirmed') } : null,
  );
  const [resending, setResending] = useState(false);
  const { control, handleSubmit, formState, getValues, trigger } = useForm<ConfirmValues>({
    defaultValues: { email: incoming?.email ?? '', code: '' },
    // On submit, then while typing: a message appearing on blur would shift the button under the pointer.
    mode: 'onSubmit',
  });

  const submit = handleSubmit(async ({ email, code }) => {
    setNotice(null);
    try {
      await confirmSignUp({ username: email, confirmationCode: code.replace(/\s+/g, '') });
      void navigate('/anmelden', { replace: true, state: { email, notice: 'confirmed' } });
    } catch (caught) {
      const described = describeAuthError(caught, 'confirmSignUp');
      if (described.kind === 'alreadyConfirmed') {
        return void navigate('/anmelden', { replace: true, state: { email, notice: 'confirmed' } });
      }
      if (described.kind === 'unknown') console.error('Sign-up confirmation failed', caught);
      setNotice({ tone: 'danger', text: described.message });
    }
  });

  const resend = async () => {
    if (!(await trigger('email'))) return;
    setResending(true);
    setNotice(null);
    try {
      const result = await resendSignUpCode({ username: getValues('email') });
      setNotice({
        tone: 'success',
        text: result.destination ? t('auth.confirmSignUp.resent', { destination: result.destination }) : t('auth.confirmSignUp.resentNoDestination'),
      });
    } catch (caught) {
      setNotice({ tone: 'danger', text: describeAuthError(caught, 'confirmSignUp').message });
    } finally {
      setResending(false);
    }
  };

  const intro = incoming?.destination
    ? t('auth.confirmSignUp.intro', { destination: incoming.destination })
    : t('auth.confirmSignUp.introNoDestination');
  return (
    <AuthScreen
      title={t('auth.confirmSignUp.title')}
      intro={intro}
      below={
        <>
          <span>{t('auth.signUp.haveAccount')}</span>
          <Link to="/anmelden">{t('auth.signUp.signIn')}</Link>
        </>
      }
    >
      <FormStack onSubmit={(event) => void submit(event)} label={t('auth.confirmSignUp.title')}>
        {notice && <Notice tone={notice.tone}>{notice.text}</Notice>}
        <EmailField control={control} name="email" autoFocus={!incoming?.email} />
        <CodeField control={control} name="code" label={t('auth.confirmSignUp.code')} autoFocus={Boolean(incoming?.email)} />
        <Actions>
          <Button type="submit" fullWidth isPending={formState.isSubmitting}>
            {t('auth.confirmSignUp.submit')}
          </Button>
          <Button variant="ghost" fullWidth isPending={resending} onPress={() => void resend()}>
            {t('auth.confirmSignUp.resend')}
          </Button>
        </Actions>
      </FormStack>
    </AuthScreen>
  );
}
