import { lazy, Suspense, useEffect, useEffectEvent, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useAuth, useAuthState, type SignedOutReason } from '../../lib/auth';
import { peekReturnTarget, takeReturnTarget } from '../../lib/return-target';
import { useToast } from '../../lib/toasts';
import { forgetSignInHandoff, signInHandoff } from '../../parts/sign-in-handoff';
import { AuthScreenSkeleton } from './auth-screen-skeleton';
import { describeSignInError, signInClient } from './sign-in-client';
import { loadSignInSteps, SignInForm, type Proceed } from './sign-in-forms';
import { outcomeOf, type SignInScreen } from './sign-in-flow';

// The steps after the first form load with the identity client (sign-in-forms), not with the page.
const ConfirmSignInForm = lazy(() => loadSignInSteps().then((m) => ({ default: m.ConfirmSignInForm })));
const SetupMfaForm = lazy(() => loadSignInSteps().then((m) => ({ default: m.SetupMfaForm })));
const SelectMfaForm = lazy(() => loadSignInSteps().then((m) => ({ default: m.SelectMfaForm })));
const NewPasswordForm = lazy(() => loadSignInSteps().then((m) => ({ default: m.NewPasswordForm })));
const UnsupportedChallenge = lazy(() => loadSignInSteps().then((m) => ({ default: m.UnsupportedChallenge })));

/** What other screens hand to the sign-in: a pre-filled e-mail and why the customer is here. */
export type SignInLocationState = { email?: string; notice?: 'confirmed' | 'passwordReset' | 'accountOpened' } | null;

/**
 * /anmelden: the sign-in flow of spec §4 (signIn → confirmSignIn | setupMFA | selectMFAType |
 * requireNewPassword → signedIn). When it is done, the customer lands where they wanted to go.
 */
export function SignInPage() {
  const { t } = useTranslation();
  const auth = useAuth();
  const authState = useAuthState();
  const location = useLocation();
  const navigate = useNavigate();
  const toast = useToast();
  const incoming = (location.state ?? null) as SignInLocationState;
  const [screen, setScreen] = useState<SignInScreen>({ state: 'signIn' });
  const [email, setEmail] = useState(incoming?.email ?? '');
  // The address typed in the last submit, for the steps that leave this screen.
  const emailRef = useRef(email);
  // The password of the last submit, in memory while the sign-in lasts: "Code erneut senden" signs in again with it.
  const passwordRef = useRef<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [completing, setCompleting] = useState(false);
  // An account opened a moment ago: its password signs in at once, on to the second factor.
  const [handoff] = useState(() => (incoming?.notice === 'accountOpened' ? signInHandoff(incoming.email) : null));
  const [handingOver, setHandingOver] = useState(handoff !== null);
  const handoffStarted = useRef(false);

  const back = (why?: string) => {
    passwordRef.current = null;
    setMessage(why ?? null);
    setScreen({ state: 'signIn' });
  };

  const finish = async (remember: boolean) => {
    passwordRef.current = null;
    setCompleting(true);
    if (remember) {
      try {
        await (await signInClient()).rememberDevice();
      } catch (error) {
        console.warn('The device could not be remembered', error);
        toast.warning(t('auth.code.rememberFailed'));
      }
    }
    try {
      await auth.completeSignIn();
      navigate(takeReturnTarget('/'), { replace: true });
    } catch (error) {
      console.error('The API session could not be opened', error);
      setCompleting(false);
      back((await describeSignInError(error, 'signIn')).message);
    }
  };

  const proceed: Proceed = async (outcome, options) => {
    switch (outcome.state) {
      case 'signedIn':
        return finish(options?.rememberDevice ?? false);
      case 'confirmSignUp':
        return void navigate('/registrieren', { state: { email: emailRef.current, unconfirmed: true } });
      case 'resetPassword':
        return void navigate('/passwort-vergessen', { state: { email: emailRef.current, required: true } });
      default:
        setMessage(null);
        setScreen(outcome);
    }
  };

  const handedOver = useEffectEvent((outcome: Parameters<Proceed>[0]) => proceed(outcome));
  const signedOut = authState.status === 'signedOut';
  useEffect(() => {
    // Once: a second sign-in would send a second SMS code.
    if (!handoff || !signedOut || handoffStarted.current) return;
    handoffStarted.current = true;
    forgetSignInHandoff();
    emailRef.current = handoff.email;
    passwordRef.current = handoff.password;
    void (async () => {
      try {
        await auth.prepareSignIn();
        const result = await (await signInClient()).signIn({ username: handoff.email, password: handoff.password });
        await handedOver(outcomeOf(result.nextStep, handoff.email));
      } catch (error) {
        // The form, with the account-opened notice: the customer signs in as usual.
        console.warn('The sign-in after the account opening did not start', error);
      } finally {
        setHandingOver(false);
      }
    })();
  }, [handoff, signedOut, auth]);

  if (authState.status === 'loading' || handingOver) return <AuthScreenSkeleton />;
  if (authState.status === 'signedIn' && !completing) return <Navigate to={peekReturnTarget() ?? '/'} replace />;

  // A new SMS code: the provider sends one with every sign-in, so the sign-in starts again with what was typed.
  const resend = async () => {
    const password = passwordRef.current;
    if (password === null) throw new Error('no sign-in to repeat');
    const result = await (await signInClient()).signIn({ username: emailRef.current, password });
    const outcome = outcomeOf(result.nextStep, emailRef.current);
    if (outcome.state !== 'confirmSignIn') await proceed(outcome);
  };

  const step = (form: ReactNode) => <Suspense fallback={<AuthScreenSkeleton />}>{form}</Suspense>;
  switch (screen.state) {
    case 'confirmSignIn':
      return step(<ConfirmSignInForm key={screen.method} screen={screen} proceed={proceed} back={back} resend={resend} />);
    case 'setupMFA':
      return step(<SetupMfaForm screen={screen} proceed={proceed} back={back} />);
    case 'selectMFAType':
      return step(<SelectMfaForm methods={screen.methods} proceed={proceed} back={back} />);
    case 'requireNewPassword':
      return step(<NewPasswordForm proceed={proceed} back={back} />);
    case 'unsupported':
      return step(<UnsupportedChallenge back={back} />);
    case 'signIn': {
      const reason = authState.status === 'signedOut' ? authState.reason : undefined;
      const notice = signInNotice(t, message, incoming?.notice, reason);
      return (
        <SignInForm
          defaultEmail={email}
          notice={notice}
          disabled={reason === 'unavailable' || !auth.identity}
          prepare={() => auth.prepareSignIn()}
          proceed={proceed}
          onEmail={(address, password) => {
            emailRef.current = address;
            passwordRef.current = password;
            setEmail(address);
          }}
          onNotConfirmed={(address) => void navigate('/registrieren', { state: { email: address, unconfirmed: true } })}
          onResetRequired={(address) => void navigate('/passwort-vergessen', { state: { email: address, required: true } })}
        />
      );
    }
  }
}

type NoticeView = { tone: 'info' | 'success' | 'warning' | 'danger'; text: string };

/** Why the customer sees the sign-in form: an error of the flow first, then where they came from. */
function signInNotice(
  t: TFunction,
  message: string | null,
  from: NonNullable<SignInLocationState>['notice'],
  reason: SignedOutReason | undefined,
): NoticeView | null {
  if (message) return { tone: 'danger', text: message };
  if (from === 'confirmed') return { tone: 'success', text: t('auth.signIn.confirmed') };
  if (from === 'passwordReset') return { tone: 'success', text: t('auth.signIn.passwordReset') };
  if (from === 'accountOpened') return { tone: 'success', text: t('auth.signIn.accountOpened') };
  switch (reason) {
    case 'signedOut':
      return { tone: 'success', text: t('auth.signIn.signedOut') };
    case 'expired':
      return { tone: 'info', text: t('auth.signIn.expired') };
    case 'network':
      return { tone: 'warning', text: t('auth.errors.network') };
    case 'unavailable':
      return { tone: 'danger', text: t('auth.errors.unavailable') };
    default:
      return null;
  }
}
