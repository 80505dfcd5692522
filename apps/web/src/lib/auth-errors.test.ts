import { beforeAll, describe, expect, it } from 'vitest';
import { loadGerman } from '../test/render';
import { describeAuthError } from './auth-errors';

/** An error as the identity client throws it: the provider's __type becomes the name. */
const providerError = (name: string, message: string) => Object.assign(new Error(message), { name });

beforeAll(async () => {
  await loadGerman();
});

describe('identity errors in German', () => {
  it('wrong password and unknown user get the same answer', () => {
    const wrong = describeAuthError(providerError('NotAuthorizedException', 'Incorrect username or password.'));
    const unknown = describeAuthError(providerError('UserNotFoundException', 'User does not exist.'));
    expect(wrong).toEqual({ kind: 'wrongCredentials', message: 'E-Mail-Adresse oder Passwort ist falsch.' });
    expect(unknown.message).toBe(wrong.message);
  });

  it('warns before the attempt that locks the account', () => {
    const d = describeAuthError(
      providerError('NotAuthorizedException', 'Incorrect username or password. 1 attempt left before the account is temporarily locked.'),
    );
    expect(d.kind).toBe('wrongCredentials');
    expect(d.lastAttempt).toBe(true);
    expect(d.message).toBe(
      'E-Mail-Adresse oder Passwort ist falsch. Achtung: Nach einem weiteren Fehlversuch wird Ihr Zugang vorübergehend gesperrt.',
    );
    const code = describeAuthError(
      providerError('CodeMismatchException', 'Invalid code or auth state for the user. 1 attempt left before the account is temporarily locked.'),
      'code',
    );
    expect(code.field).toBe('code');
    expect(code.message).toContain('Achtung: Nach einem weiteren Fehlversuch');
  });

  it('a locked account says for how long and what to do', () => {
    const d = describeAuthError(providerError('NotAuthorizedException', 'Password attempts exceeded'));
    expect(d.kind).toBe('locked');
    expect(d.message).toBe(
      'Zu viele Fehlversuche. Ihr Zugang ist vorübergehend gesperrt. Bitte versuchen Sie es in 15 Minuten erneut oder setzen Sie Ihr Passwort zurück.',
    );
  });

  it.each([
    ['CodeMismatchException', 'Invalid verification code provided, please try again.', 'codeMismatch', 'Der Code ist nicht richtig.'],
    ['EnableSoftwareTokenMFAException', 'Code mismatch and fail enable Software Token MFA', 'codeMismatch', 'Der Code ist nicht richtig.'],
    ['ExpiredCodeException', 'Invalid code provided, please request a code again.', 'expiredCode', 'Der Code ist abgelaufen'],
    ['UsernameExistsException', 'An account with the given email already exists.', 'usernameExists', 'gibt es bereits einen Zugang'],
    ['InvalidPasswordException', 'Password does not conform to policy', 'invalidPassword', 'Das Passwort erfüllt nicht alle Anforderungen.'],
    ['LimitExceededException', 'Attempt limit exceeded, please try after some time.', 'limitExceeded', 'Zu viele Versuche in kurzer Zeit'],
    ['UserNotConfirmedException', 'User is not confirmed.', 'notConfirmed', 'noch nicht bestätigt'],
    ['PasswordResetRequiredException', 'Password reset required for the user', 'resetRequired', 'neues Passwort'],
    ['NetworkError', 'A network error has occurred.', 'network', 'Keine Verbindung'],
  ])('%s → German', (name, message, kind, text) => {
    const d = describeAuthError(providerError(name, message));
    expect(d.kind).toBe(kind);
    expect(d.message).toContain(text);
    expect(d.message).not.toMatch(/exception|password attempts|invalid/i);
  });

  it('an unconfirmed sign-up continues with the confirmation, a required reset with the reset', () => {
    expect(describeAuthError(providerError('UserNotConfirmedException', 'User is not confirmed.')).next).toBe('confirmSignUp');
    expect(describeAuthError(providerError('PasswordResetRequiredException', 'Password reset required for the user')).next).toBe('resetPassword');
  });

  it('the identity messages of spec §8', () => {
    expect(describeAuthError(new Error('New password is required.'), 'newPassword')).toMatchObject({
      kind: 'newPasswordRequired',
      field: 'newPassword',
      message: 'Bitte geben Sie ein neues Passwort ein.',
    });
    expect(describeAuthError(new Error('PASSWORD parameter is required'))).toMatchObject({ field: 'password', message: 'Bitte geben Sie Ihr Passwort ein.' });
    for (const message of [
      'User is not authenticated',
      'Cannot retrieve a new session. Please authenticate.',
      'Local storage is missing an ID Token, Please authenticate',
      'Id token and Access Token must be present.',
      'No current user',
    ]) {
      expect(describeAuthError(new Error(message)).message).toBe('Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.');
    }
    expect(describeAuthError(new Error('Authentication flow type is invalid.')).kind).toBe('unavailable');
    expect(describeAuthError(new Error('No user pool in configuration')).kind).toBe('unavailable');
    expect(describeAuthError(Object.assign(new Error('Network error'), { name: 'NetworkError' })).message).toBe(
      'Keine Verbindung zum Server. Bitte prüfen Sie Ihre Internetverbindung.',
    );
  });

  it('the client’s own validation errors name the missing field', () => {
    expect(describeAuthError(providerError('EmptySignInPassword', 'password is required to signIn')).field).toBe('password');
    expect(describeAuthError(providerError('EmptyConfirmResetPasswordNewPassword', 'newPassword is required')).field).toBe('newPassword');
    expect(describeAuthError(providerError('EmptyChallengeResponse', 'challengeResponse is required')).field).toBe('code');
  });

  it('a wrong current password when changing it is not "e-mail or password"', () => {
    const d = describeAuthError(providerError('NotAuthorizedException', 'Incorrect username or password.'), 'changePassword');
    expect(d.message).toBe('Das aktuelle Passwort ist falsch.');
  });

  it('an expired challenge session asks to sign in again', () => {
    const d = describeAuthError(providerError('NotAuthorizedException', 'Invalid session for the user, session is expired.'), 'code');
    expect(d.kind).toBe('challengeExpired');
  });

  it('anything else: a German message, never the provider text', () => {
    const d = describeAuthError(providerError('InternalErrorException', 'Internal server error'));
    expect(d.kind).toBe('unknown');
    expect(d.message).toBe('Das hat leider nicht geklappt. Bitte versuchen Sie es erneut.');
    expect(describeAuthError(new TypeError('Failed to fetch')).kind).toBe('network');
  });
});
