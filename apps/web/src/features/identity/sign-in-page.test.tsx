import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_REFERRER_KEY } from '@kontor/domain/constants';
import { configureApi, createApiClient } from '../../lib/api-client';
import { jsonResponse, testAuth } from '../../test/fixtures';
import { forgetSignInHandoff, handOverSignIn } from '../../parts/sign-in-handoff';
import { renderApp } from '../../test/render';

const amplify = vi.hoisted(() => ({
  signIn: vi.fn(),
  confirmSignIn: vi.fn(),
  rememberDevice: vi.fn(),
}));

vi.mock('aws-amplify/auth', () => amplify);

const providerError = (name: string, message: string) => Object.assign(new Error(message), { name });

beforeEach(() => {
  for (const fn of Object.values(amplify)) fn.mockReset();
});
afterEach(() => {
  sessionStorage.clear();
  forgetSignInHandoff();
});

async function openSignIn(path = '/anmelden') {
  const auth = testAuth({ status: 'signedOut' });
  const view = await renderApp(path, { auth });
  await screen.findByRole('heading', { level: 1, name: 'Anmelden' });
  return { ...view, auth };
}

async function submit(user: Awaited<ReturnType<typeof openSignIn>>['user'], email = 'demo@kontor.example', password = 'Kontor!Demo1') {
  if (email) await user.type(screen.getByLabelText('E-Mail-Adresse', { exact: false }), email);
  if (password) await user.type(screen.getByLabelText('Passwort', { exact: false }), password);
  await user.click(screen.getByRole('button', { name: 'Anmelden' }));
}

describe('sign-in screens', () => {
  it('right after the account opening, the password just chosen signs in at once: on to the SMS code, nothing typed again, one code sent', async () => {
    amplify.signIn.mockResolvedValue({ isSignedIn: false, nextStep: { signInStep: 'CONFIRM_SIGN_IN_WITH_SMS_CODE', codeDeliveryDetails: { destination: '+*********4321', deliveryMedium: 'SMS' } } });
    amplify.confirmSignIn.mockResolvedValue({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    handOverSignIn({ email: 'neu@kontor.example', password: 'Kontor!Neu9' });
    const auth = testAuth({ status: 'signedOut' });
    const { user, router } = await renderApp('/anmelden', { auth, state: { email: 'neu@kontor.example', notice: 'accountOpened' } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Anmeldung bestätigen' })).toBeTruthy();
    expect(amplify.signIn).toHaveBeenCalledTimes(1);
    expect(amplify.signIn).toHaveBeenCalledWith({ username: 'neu@kontor.example', password: 'Kontor!Neu9' });
    await user.type(screen.getByLabelText('Code aus der SMS', { exact: false }), '123456');
    await user.click(screen.getByRole('button', { name: 'Bestätigen' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(auth.completeSignIn).toHaveBeenCalledTimes(1);
  });

  it('a sign-in opened for another address does not use the handed password: the form, as usual', async () => {
    handOverSignIn({ email: 'neu@kontor.example', password: 'Kontor!Neu9' });
    const auth = testAuth({ status: 'signedOut' });
    await renderApp('/anmelden', { auth, state: { email: 'andere@kontor.example', notice: 'accountOpened' } });
    await screen.findByRole('heading', { level: 1, name: 'Anmelden' });
    expect(amplify.signIn).not.toHaveBeenCalled();
  });

  it('empty fields get German messages and nothing is sent', async () => {
    const { user } = await openSignIn();
    await submit(user, '', '');
    expect(await screen.findByText('Bitte geben Sie Ihre E-Mail-Adresse ein.')).toBeTruthy();
    expect(screen.getByText('Bitte geben Sie Ihr Passwort ein.')).toBeTruthy();
    expect(amplify.signIn).not.toHaveBeenCalled();
  });

  it('SMS code → remember this device → signed in, back on the page the customer wanted', async () => {
    amplify.signIn.mockResolvedValue({
      isSignedIn: false,
      nextStep: { signInStep: 'CONFIRM_SIGN_IN_WITH_SMS_CODE', codeDeliveryDetails: { destination: '+*********5678', deliveryMedium: 'SMS' } },
    });
    amplify.confirmSignIn.mockResolvedValue({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    amplify.rememberDevice.mockResolvedValue(undefined);
    const { user, auth, router } = await openSignIn('/orders?x=1');
    expect(sessionStorage.getItem(AUTH_REFERRER_KEY)).toBe('/orders?x=1');
    await submit(user);

    expect(await screen.findByRole('heading', { level: 1, name: 'Anmeldung bestätigen' })).toBeTruthy();
    expect(screen.getByText('Wir haben Ihnen einen Code per SMS an +*********5678 gesendet.')).toBeTruthy();
    expect(auth.prepareSignIn).toHaveBeenCalled();
    expect(amplify.signIn).toHaveBeenCalledWith({ username: 'demo@kontor.example', password: 'Kontor!Demo1' });

    await user.click(screen.getByRole('button', { name: 'Bestätigen' }));
    expect(await screen.findByText('Bitte geben Sie den Code ein.')).toBeTruthy();
    await user.type(screen.getByLabelText('Code aus der SMS', { exact: false }), '12345');
    await user.click(screen.getByRole('button', { name: 'Bestätigen' }));
    expect(await screen.findByText('Der Code besteht aus 6 Ziffern.')).toBeTruthy();

    await user.type(screen.getByLabelText('Code aus der SMS', { exact: false }), '6');
    await user.click(screen.getByText('Dieses Gerät merken'));
    await user.click(screen.getByRole('button', { name: 'Bestätigen' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders'));
    expect(router.state.location.search).toBe('?x=1');
    expect(amplify.confirmSignIn).toHaveBeenCalledWith({ challengeResponse: '123456' });
    expect(amplify.rememberDevice).toHaveBeenCalledTimes(1);
    expect(auth.completeSignIn).toHaveBeenCalledTimes(1);
    expect(sessionStorage.getItem(AUTH_REFERRER_KEY)).toBeNull();
  });

  it('"Code erneut senden" signs in again with what was typed, which sends a new SMS; the new code signs in', async () => {
    amplify.signIn.mockResolvedValue({ isSignedIn: false, nextStep: { signInStep: 'CONFIRM_SIGN_IN_WITH_SMS_CODE', codeDeliveryDetails: { destination: '+*********5678', deliveryMedium: 'SMS' } } });
    amplify.confirmSignIn.mockResolvedValue({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    const { user, auth } = await openSignIn();
    await submit(user);
    await user.click(await screen.findByRole('button', { name: 'Code erneut senden' }));
    expect(await screen.findByText('Wir haben Ihnen einen neuen Code per SMS gesendet. Der vorige gilt nicht mehr.')).toBeTruthy();
    expect(amplify.signIn).toHaveBeenCalledTimes(2);
    expect(amplify.signIn).toHaveBeenLastCalledWith({ username: 'demo@kontor.example', password: 'Kontor!Demo1' });
    await user.type(screen.getByLabelText('Code aus der SMS', { exact: false }), '654321');
    await user.click(screen.getByRole('button', { name: 'Bestätigen' }));
    await waitFor(() => expect(auth.completeSignIn).toHaveBeenCalledTimes(1));
    expect(amplify.confirmSignIn).toHaveBeenCalledWith({ challengeResponse: '654321' });
  });

  it('an authenticator code cannot be sent again: no such button', async () => {
    amplify.signIn.mockResolvedValue({ isSignedIn: false, nextStep: { signInStep: 'CONFIRM_SIGN_IN_WITH_TOTP_CODE' } });
    const { user } = await openSignIn();
    await submit(user);
    await screen.findByText('Geben Sie den 6-stelligen Code aus Ihrer Authenticator-App ein.');
    expect(screen.queryByRole('button', { name: 'Code erneut senden' })).toBeNull();
  });

  it('a wrong code says so in German and the code can be entered again', async () => {
    amplify.signIn.mockResolvedValue({ isSignedIn: false, nextStep: { signInStep: 'CONFIRM_SIGN_IN_WITH_TOTP_CODE' } });
    amplify.confirmSignIn.mockRejectedValueOnce(providerError('CodeMismatchException', 'Invalid code or auth state for the user.'));
    const { user } = await openSignIn();
    await submit(user);
    expect(await screen.findByText('Geben Sie den 6-stelligen Code aus Ihrer Authenticator-App ein.')).toBeTruthy();
    await user.type(screen.getByLabelText('Code aus der Authenticator-App', { exact: false }), '000000');
    await user.click(screen.getByRole('button', { name: 'Bestätigen' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Der Code ist nicht richtig.');
    expect((screen.getByLabelText('Code aus der Authenticator-App', { exact: false }) as HTMLInputElement).value).toBe('');
  });

  it('a wrong password: the German message, the password field emptied', async () => {
    amplify.signIn.mockRejectedValue(providerError('NotAuthorizedException', 'Incorrect username or password.'));
    const { user } = await openSignIn();
    await submit(user);
    expect((await screen.findByRole('alert')).textContent).toBe('E-Mail-Adresse oder Passwort ist falsch.');
    expect((screen.getByLabelText('Passwort', { exact: false }) as HTMLInputElement).value).toBe('');
  });

  it('MFA type selection: the customer picks SMS, then enters the code', async () => {
    amplify.signIn.mockResolvedValue({ isSignedIn: false, nextStep: { signInStep: 'CONTINUE_SIGN_IN_WITH_MFA_SELECTION', allowedMFATypes: ['SMS', 'TOTP'] } });
    amplify.confirmSignIn.mockResolvedValue({ isSignedIn: false, nextStep: { signInStep: 'CONFIRM_SIGN_IN_WITH_SMS_CODE', codeDeliveryDetails: {} } });
    const { user } = await openSignIn();
    await submit(user);
    expect(await screen.findByText('Wie möchten Sie diese Anmeldung bestätigen?')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Mit einem Code per SMS' }));
    expect(amplify.confirmSignIn).toHaveBeenCalledWith({ challengeResponse: 'SMS' });
    expect(await screen.findByText('Wir haben Ihnen einen Code per SMS an Ihre Mobilnummer gesendet.')).toBeTruthy();
  });

  it('new password required: spec §5 rules live, German message when empty, then on to the code', async () => {
    amplify.signIn.mockResolvedValue({ isSignedIn: false, nextStep: { signInStep: 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED' } });
    amplify.confirmSignIn.mockResolvedValue({ isSignedIn: false, nextStep: { signInStep: 'CONFIRM_SIGN_IN_WITH_SMS_CODE', codeDeliveryDetails: {} } });
    const { user } = await openSignIn();
    await submit(user);
    expect(await screen.findByRole('heading', { level: 1, name: 'Neues Passwort festlegen' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Passwort speichern' }));
    expect(await screen.findByText('Bitte geben Sie ein neues Passwort ein.')).toBeTruthy();

    const field = screen.getByLabelText('Neues Passwort');
    await user.type(field, 'kurz');
    expect(screen.getByText('Mindestens ein Kleinbuchstabe').closest('li')?.hasAttribute('data-met')).toBe(true);
    expect(screen.getByText('Mindestens 8 Zeichen').closest('li')?.hasAttribute('data-met')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Passwort speichern' }));
    expect(await screen.findByText('Das Passwort erfüllt noch nicht alle Anforderungen (siehe unten).')).toBeTruthy();
    expect(amplify.confirmSignIn).not.toHaveBeenCalled();

    await user.clear(field);
    await user.type(field, 'Neu!Passwort7');
    await user.click(screen.getByRole('button', { name: 'Passwort speichern' }));
    expect(amplify.confirmSignIn).toHaveBeenCalledWith({ challengeResponse: 'Neu!Passwort7' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Anmeldung bestätigen' })).toBeTruthy();
  });

  it('the authenticator set-up shows the QR code and the key in groups of four', async () => {
    amplify.signIn.mockResolvedValue({
      isSignedIn: false,
      nextStep: {
        signInStep: 'CONTINUE_SIGN_IN_WITH_TOTP_SETUP',
        totpSetupDetails: {
          sharedSecret: 'JBSWY3DPEHPK3PXPJBSWY3DP',
          getSetupUri: (app: string, account: string) => new URL(`otpauth://totp/${app}:${account}?secret=JBSWY3DPEHPK3PXPJBSWY3DP&issuer=${app}`),
        },
      },
    });
    const { user } = await openSignIn();
    await submit(user, 'neu@kontor.example');
    expect(await screen.findByRole('heading', { level: 1, name: 'Zwei-Faktor-Authentifizierung einrichten' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'QR-Code für Ihre Authenticator-App' }).querySelector('svg')).toBeTruthy();
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP')).toBeTruthy();
  });

  it('any other challenge is logged and explained in German', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    amplify.signIn.mockResolvedValue({ isSignedIn: false, nextStep: { signInStep: 'CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE' } });
    const { user } = await openSignIn();
    await submit(user);
    expect(await screen.findByRole('heading', { level: 1, name: 'Anmeldung nicht möglich' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Kontor im Browser nicht unterstützt');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('not supported'), 'CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE');
    await user.click(screen.getByRole('button', { name: 'Zurück zur Anmeldung' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Anmelden' })).toBeTruthy();
  });

  it('an unconfirmed access goes to the account opening\'s code screen at once: the code is sent to the address typed, which the screen names', async () => {
    amplify.signIn.mockResolvedValue({ isSignedIn: false, nextStep: { signInStep: 'CONFIRM_SIGN_UP' } });
    const started: unknown[] = [];
    const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === '/api/onboarding/startOnboarding') {
        started.push(JSON.parse(String(init.body)));
        return jsonResponse({ applicationId: '5b0c7c1e-6a43-4a7e-9b7e-2f1d1a9c4e11', destination: 'n***@k***' });
      }
      return jsonResponse({ message: 'not here', status: 404, errors: [] }, { status: 404 });
    });
    configureApi(createApiClient({ fetch: fetchMock as unknown as typeof fetch }));
    try {
      const { user, router } = await openSignIn();
      await submit(user, 'neu@kontor.example');
      expect(await screen.findByText('Wir haben Ihnen einen 6-stelligen Code an neu@kontor.example geschickt.')).toBeTruthy();
      expect(router.state.location.pathname).toBe('/registrieren');
      expect(started).toEqual([{ email: 'neu@kontor.example' }]);
    } finally {
      configureApi(createApiClient());
    }
  });

  it('an expired challenge goes back to the sign-in with the reason', async () => {
    amplify.signIn.mockResolvedValue({ isSignedIn: false, nextStep: { signInStep: 'CONFIRM_SIGN_IN_WITH_SMS_CODE' } });
    amplify.confirmSignIn.mockRejectedValue(providerError('NotAuthorizedException', 'Invalid session for the user, session is expired.'));
    const { user } = await openSignIn();
    await submit(user);
    await user.type(await screen.findByLabelText('Code aus der SMS', { exact: false }), '123456');
    await user.click(screen.getByRole('button', { name: 'Bestätigen' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Anmelden' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Die Anmeldung hat zu lange gedauert. Bitte melden Sie sich erneut an.');
  });
});
