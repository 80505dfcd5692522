import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { signUp } from 'aws-amplify/auth';
import { describeAuthError } from '../../lib/auth-errors';
import { Button } from '../../ui/button';
import { FormTextField } from '../../ui/form-text-field';
import { NewPasswordInput } from '../../ui/new-password-field';
import { Notice } from '../../ui/notice';
import { Actions, AuthScreen, FormStack } from './auth-screen';
import { EmailField } from './email-field';

type SignUpValues = { givenName: string; familyName: string; email: string; password: string };

/** /registrieren: a new access to Kontor; the e-mail address is confirmed with a code (confirmSignUp). */
export function SignUpPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const { control, handleSubmit, formState } = useForm<SignUpValues>({
    defaultValues: { givenName: '', familyName: '', email: '', password: '' },
    // On submit, then while typing: a message appearing on blur would shift the button under the pointer.
    mode: 'onSubmit',
  });

  const submit = handleSubmit(async ({ givenName, familyName, email, password }) => {
    setError(null);
    try {
      const result = await signUp({
        username: email,
        password,
        options: { userAttributes: { email, given_name: givenName.trim(), family_name: familyName.trim() } },
      });
      if (result.nextStep.signUpStep === 'CONFIRM_SIGN_UP') {
        const destination = result.nextStep.codeDeliveryDetails.destination;
        void navigate('/registrieren/bestaetigen', { state: { email, destination } });
      } else {
        void navigate('/anmelden', { state: { email, notice: 'confirmed' } });
      }
    } catch (caught) {
      const described = describeAuthError(caught, 'signUp');
      if (described.kind === 'unknown') console.error('Sign-up failed', caught);
      setError(described.message);
    }
  });

  const nameField = (name: 'givenName' | 'familyName', autoComplete: string) => (
    <FormTextField
      control={control}
      name={name}
      rules={{ validate: (value) => value.trim() !== '' || t(`auth.validation.${name}Required`) }}
      label={t(`auth.fields.${name}`)}
      autoComplete={autoComplete}
      isRequired
      maxLength={100}
    />
  );

  return (
    <AuthScreen
      title={t('auth.signUp.title')}
      intro={t('auth.signUp.intro')}
      below={
        <>
          <span>{t('auth.signUp.haveAccount')}</span>
          <Link to="/anmelden">{t('auth.signUp.signIn')}</Link>
        </>
      }
    >
      <FormStack onSubmit={(event) => void submit(event)} label={t('auth.signUp.title')}>
        {error && <Notice tone="danger">{error}</Notice>}
        {nameField('givenName', 'given-name')}
        {nameField('familyName', 'family-name')}
        <EmailField control={control} name="email" />
        <NewPasswordInput control={control} name="password" label={t('auth.fields.password')} />
        <Actions>
          <Button type="submit" fullWidth isPending={formState.isSubmitting}>
            {t('auth.signUp.submit')}
          </Button>
        </Actions>
      </FormStack>
    </AuthScreen>
  );
}
