import { NETWORK_ERROR_MESSAGE } from './api-client';
import { translate } from './i18n';

/**
 * The one place where the identity service's errors (names and messages of the provider's API,
 * and the identity messages of spec §8) become German text a customer understands. Screens show
 * `message`; `field` says which input it belongs to, `next` where the flow continues.
 */

export type AuthErrorContext =
  | 'signIn'
  | 'code'
  | 'newPassword'
  | 'signUp'
  | 'confirmSignUp'
  | 'resetPassword'
  | 'changePassword'
  | 'mfaSetup'
  | 'settings'
  | 'devices';

export type AuthErrorKind =
  | 'wrongCredentials'
  | 'wrongCurrentPassword'
  | 'locked'
  | 'codeMismatch'
  | 'expiredCode'
  | 'usernameExists'
  | 'invalidPassword'
  | 'limitExceeded'
  | 'notConfirmed'
  | 'alreadyConfirmed'
  | 'resetRequired'
  | 'userDisabled'
  | 'network'
  | 'sessionExpired'
  | 'challengeExpired'
  | 'newPasswordRequired'
  | 'passwordRequired'
  | 'usernameRequired'
  | 'codeRequired'
  | 'mfaMustRemain'
  | 'invalidInput'
  | 'deviceUnknown'
  | 'unavailable'
  | 'unknown';

export type AuthErrorField = 'username' | 'password' | 'newPassword' | 'code';

export type AuthErrorDescription = {
  kind: AuthErrorKind;
  message: string;
  field?: AuthErrorField;
  /** The flow continues elsewhere: confirm the sign-up, reset the password. */
  next?: 'confirmSignUp' | 'resetPassword';
  /** One more wrong attempt locks the account (the provider says "1 attempt left"). */
  lastAttempt?: boolean;
};

/** German fallbacks of the keys under auth.errors in de.json. */
const TEXTS: Record<AuthErrorKind, string> = {
  wrongCredentials: 'E-Mail-Adresse oder Passwort ist falsch.',
  wrongCurrentPassword: 'Das aktuelle Passwort ist falsch.',
  locked:
    'Zu viele Fehlversuche. Ihr Zugang ist vorübergehend gesperrt. Bitte versuchen Sie es in 15 Minuten erneut oder setzen Sie Ihr Passwort zurück.',
  codeMismatch: 'Der Code ist nicht richtig. Bitte prüfen Sie ihn und versuchen Sie es erneut.',
  expiredCode: 'Der Code ist abgelaufen oder wurde bereits verwendet. Bitte fordern Sie einen neuen Code an.',
  usernameExists: 'Für diese E-Mail-Adresse gibt es bereits einen Zugang. Bitte melden Sie sich an oder setzen Sie Ihr Passwort zurück.',
  invalidPassword: 'Das Passwort erfüllt nicht alle Anforderungen.',
  limitExceeded: 'Zu viele Versuche in kurzer Zeit. Bitte warten Sie einige Minuten und versuchen Sie es dann erneut.',
  notConfirmed: 'Ihre E-Mail-Adresse ist noch nicht bestätigt. Bitte geben Sie den Code ein, den wir Ihnen geschickt haben.',
  alreadyConfirmed: 'Ihr Zugang ist bereits bestätigt. Sie können sich anmelden.',
  resetRequired: 'Bitte vergeben Sie ein neues Passwort, bevor Sie sich anmelden.',
  userDisabled: 'Ihr Zugang ist gesperrt. Bitte wenden Sie sich an unseren Kundenservice.',
  network: NETWORK_ERROR_MESSAGE,
  sessionExpired: 'Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.',
  challengeExpired: 'Die Anmeldung hat zu lange gedauert. Bitte melden Sie sich erneut an.',
  newPasswordRequired: 'Bitte geben Sie ein neues Passwort ein.',
  passwordRequired: 'Bitte geben Sie Ihr Passwort ein.',
  usernameRequired: 'Bitte geben Sie Ihre E-Mail-Adresse ein.',
  codeRequired: 'Bitte geben Sie den Code ein.',
  mfaMustRemain: 'Mindestens ein Verfahren für die Zwei-Faktor-Authentifizierung muss aktiv bleiben.',
  invalidInput: 'Ihre Eingaben sind unvollständig oder ungültig. Bitte prüfen Sie sie.',
  deviceUnknown: 'Dieses Gerät ist nicht mehr bekannt. Bitte laden Sie die Liste neu.',
  unavailable: 'Die Anmeldung ist gerade nicht verfügbar. Bitte versuchen Sie es später erneut.',
  unknown: 'Das hat leider nicht geklappt. Bitte versuchen Sie es erneut.',
};

const LAST_ATTEMPT_WARNING = 'Achtung: Nach einem weiteren Fehlversuch wird Ihr Zugang vorübergehend gesperrt.';

const FIELD: Partial<Record<AuthErrorKind, AuthErrorField>> = {
  codeMismatch: 'code',
  expiredCode: 'code',
  invalidPassword: 'newPassword',
  newPasswordRequired: 'newPassword',
  passwordRequired: 'password',
  usernameRequired: 'username',
  codeRequired: 'code',
  wrongCurrentPassword: 'password',
};

function parts(error: unknown): { name: string; message: string } {
  if (error && typeof error === 'object') {
    const name = 'name' in error && typeof error.name === 'string' ? error.name : '';
    const message = 'message' in error && typeof error.message === 'string' ? error.message : '';
    return { name, message };
  }
  return { name: '', message: typeof error === 'string' ? error : '' };
}

/** Spec §8's identity messages and the provider's messages that need a closer look than the name. */
function kindFromMessage(message: string): AuthErrorKind | null {
  const m = message.toLowerCase();
  if (m.includes('password attempts exceeded')) return 'locked';
  if (m.includes('new password is required') || m.includes('newpassword is required')) return 'newPasswordRequired';
  if (m.includes('password parameter is required') || m.includes('password is required to signin')) return 'passwordRequired';
  if (m.includes('username is required')) return 'usernameRequired';
  if (m.includes('code is required') || m.includes('challengeresponse is required') || m.includes('confirmationcode is required')) {
    return 'codeRequired';
  }
  if (
    m.includes('user is not authenticated') ||
    m.includes('user needs to be authenticated') ||
    m.includes('cannot retrieve a new session') ||
    m.includes('local storage is missing an id token') ||
    m.includes('id token and access token must be present') ||
    m.includes('no current user') ||
    m.includes('invalid refresh token') ||
    m.includes('access token has been revoked') ||
    m.includes('invalid access token') ||
    m.includes('refresh token has been revoked')
  ) {
    return 'sessionExpired';
  }
  if (m.includes('session is expired') || m.includes('invalid session')) return 'challengeExpired';
  if (m.includes('no user pool') || m.includes('authentication flow type is invalid') || m.includes('auth userpool not configured')) {
    return 'unavailable';
  }
  if (m.includes('sign-out') && m.includes('timeout')) return 'network';
  return null;
}

function kindOf(caught: unknown, name: string, message: string, context: AuthErrorContext): AuthErrorKind {
  const fromMessage = kindFromMessage(message);
  switch (name) {
    case 'NotAuthorizedException':
      if (fromMessage) return fromMessage;
      if (/user is disabled/i.test(message)) return 'userDisabled';
      if (/cannot be confirmed/i.test(message)) return 'alreadyConfirmed';
      if (/incorrect answer/i.test(message)) return 'codeMismatch';
      if (context === 'changePassword') return 'wrongCurrentPassword';
      if (context === 'settings' || context === 'devices') return 'sessionExpired';
      return 'wrongCredentials';
    case 'UserNotFoundException':
      // Same answer as a wrong password: nobody learns which e-mail addresses have an account.
      return context === 'settings' || context === 'devices' ? 'sessionExpired' : 'wrongCredentials';
    case 'CodeMismatchException':
    case 'EnableSoftwareTokenMFAException':
      return 'codeMismatch';
    case 'ExpiredCodeException':
      return 'expiredCode';
    case 'UsernameExistsException':
    case 'AliasExistsException':
      return 'usernameExists';
    case 'InvalidPasswordException':
      return 'invalidPassword';
    case 'LimitExceededException':
    case 'TooManyRequestsException':
    case 'TooManyFailedAttemptsException':
      return 'limitExceeded';
    case 'UserNotConfirmedException':
      return 'notConfirmed';
    case 'PasswordResetRequiredException':
      return 'resetRequired';
    case 'NetworkError':
    case 'ERR_NETWORK':
      return 'network';
    case 'SignInException':
      // The client lost the sign-in in progress (reload, expired session): start again.
      return 'challengeExpired';
    case 'UserUnAuthenticatedException':
    case 'NoSessionFoundException':
    case 'TokenRevokedException':
    case 'RefreshTokenReuseException':
      return 'sessionExpired';
    case 'EmptySignInPassword':
      return 'passwordRequired';
    case 'EmptySignInUsername':
    case 'EmptySignUpUsername':
    case 'EmptyResetPasswordUsername':
    case 'EmptyConfirmResetPasswordUsername':
    case 'EmptyConfirmSignUpUsername':
      return 'usernameRequired';
    case 'EmptyConfirmResetPasswordNewPassword':
    case 'EmptySignUpPassword':
    case 'EmptyUpdatePassword':
      return 'newPasswordRequired';
    case 'EmptyChallengeResponse':
    case 'EmptyConfirmSignUpCode':
    case 'EmptyConfirmResetPasswordConfirmationCode':
    case 'EmptyVerifyTOTPSetupCode':
      return 'codeRequired';
    case 'ResourceNotFoundException':
      return /device/i.test(message) ? 'deviceUnknown' : 'unavailable';
    case 'InvalidParameterException':
      if (/mfa method must remain/i.test(message)) return 'mfaMustRemain';
      if (/already confirmed/i.test(message)) return 'alreadyConfirmed';
      return fromMessage ?? 'invalidInput';
    case 'AuthUserPoolException':
    case 'InvalidUserPoolConfigurationException':
    case 'ResourceNotFoundExceptionUserPool':
      return 'unavailable';
    default:
      if (fromMessage) return fromMessage;
      if (caught instanceof TypeError) return 'network';
      return 'unknown';
  }
}

export function describeAuthError(caught: unknown, context: AuthErrorContext = 'signIn'): AuthErrorDescription {
  const { name, message } = parts(caught);
  const kind = kindOf(caught, name, message, context);
  const lastAttempt = /1 attempt left/i.test(message);
  let text = translate(`auth.errors.${kind}`, TEXTS[kind]);
  if (lastAttempt) text = `${text} ${translate('auth.errors.lastAttempt', LAST_ATTEMPT_WARNING)}`;
  const description: AuthErrorDescription = { kind, message: text };
  const field = FIELD[kind];
  if (field) description.field = field;
  if (kind === 'notConfirmed') description.next = 'confirmSignUp';
  if (kind === 'resetRequired') description.next = 'resetPassword';
  if (lastAttempt) description.lastAttempt = true;
  return description;
}

/** The customer text only. */
export function authErrorMessage(caught: unknown, context: AuthErrorContext = 'signIn'): string {
  return describeAuthError(caught, context).message;
}
