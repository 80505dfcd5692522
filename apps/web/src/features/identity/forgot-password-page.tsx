import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { confirmResetPassword, resetPassword } from 'aws-amplify/auth';
import { useAuth } from '../../lib/auth';
import { describeAuthError } from '../../lib/auth-errors';
import { Button } from '../../ui/button';
import { CodeField } from '../../ui/code-field';
import { NewPasswordInput } from '../../ui/new-password-field';
import { Notice, type NoticeTone } from '../../ui/notice';
import { Actions, AuthScreen, FormStack } from './auth-screen';
import { EmailField } from '../../ui/email-field';

type ForgotState = { email?: string; required?: boolean } | null;
type Values = { email: string; code: string; newPassword: string };
type Delivery = { destination?: string; medium?: string };

/**
 * /passwort-vergessen: e-mail address → a code by e-mail (the pool answers the same for any
 * address, so the page cannot say whether one is a customer's) → code and new password. Spec §5:
 * all three are required; signing in afterwards still takes the second factor.
 */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const auth = useAuth();
  const incoming = (useLocation().state ?? null) as ForgotState;
  const [delivery, setDelivery] = useState<Delivery | null>(null);
  const [notice, setNotice] = useState<{ tone: NoticeTone; text: string } | null>(
    incoming?.required ? { tone: 'info', text: t('auth.errors.resetRequired') } : null,
  );
  const { control, handleSubmit, formState, getValues, resetField } = useForm<Values>({
    defaultValues: { email: incoming?.email ?? '', code: '', newPassword: '' },
    // On submit, then while typing: a message appearing on blur would shift the button under the pointer.
    mode: 'onSubmit',
    shouldUnregister: true,
  });

  const requestCode = async (email: string) => {
    setNotice(null);
    try {
      await auth.identityReady();
      const result = await resetPassword({ username: email });
      const details = result.nextStep.codeDeliveryDetails;
      setDelivery({ destination: details.destination, medium: details.deliveryMedium });
      resetField('code');
    } catch (caught) {
      const described = describeAuthError(caught, 'resetPassword');
      if (described.kind === 'unknown') console.error('Password reset failed', caught);
      setNotice({ tone: 'danger', text: described.message });
    }
  };

  const submitRequest = handleSubmit(({ email }) => requestCode(email));

  const submitConfirm = handleSubmit(async ({ email, code, newPassword }) => {
    setNotice(null);
    try {
      await auth.identityReady();
      await confirmResetPassword({ username: email, confirmationCode: code.replace(/\s+/g, ''), newPassword });
      void navigate('/anmelden', { replace: true, state: { email, notice: 'passwordReset' } });
    } catch (caught) {
      const described = describeAuthError(caught, 'resetPassword');
      if (described.kind === 'unknown') console.error('Password reset confirmation failed', caught);
      setNotice({ tone: 'danger', text: described.message });
    }
  });

  const below = (
    <Link to="/anmelden" state={{ email: getValues('email') }}>
      {t('auth.forgot.back')}
    </Link>
  );

  if (!delivery) {
    return (
      <AuthScreen title={t('auth.forgot.title')} intro={t('auth.forgot.intro')} below={below}>
        <FormStack onSubmit={(event) => void submitRequest(event)} label={t('auth.forgot.title')}>
          {notice && <Notice tone={notice.tone}>{notice.text}</Notice>}
          <EmailField control={control} name="email" autoFocus />
          <Actions>
            <Button type="submit" fullWidth isPending={formState.isSubmitting}>
              {t('auth.forgot.request')}
            </Button>
          </Actions>
        </FormStack>
      </AuthScreen>
    );
  }

  const sent = delivery.destination
    ? t(delivery.medium === 'SMS' ? 'auth.forgot.sentSms' : 'auth.forgot.sentEmail', { destination: delivery.destination })
    : t('auth.forgot.sentUnknown');
  return (
    <AuthScreen title={t('auth.forgot.confirmTitle')} intro={sent} below={below}>
      <FormStack onSubmit={(event) => void submitConfirm(event)} label={t('auth.forgot.confirmTitle')}>
        {notice && <Notice tone={notice.tone}>{notice.text}</Notice>}
        <EmailField control={control} name="email" />
        <CodeField control={control} name="code" label={t('auth.forgot.code')} autoFocus />
        <NewPasswordInput control={control} name="newPassword" label={t('auth.fields.newPassword')} />
        <Actions>
          <Button type="submit" fullWidth isPending={formState.isSubmitting}>
            {t('auth.forgot.submit')}
          </Button>
          <Button variant="ghost" fullWidth onPress={() => void requestCode(getValues('email'))}>
            {t('auth.forgot.resend')}
          </Button>
        </Actions>
      </FormStack>
    </AuthScreen>
  );
}
