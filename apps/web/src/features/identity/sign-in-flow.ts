import type { SignInOutput } from 'aws-amplify/auth';

/**
 * The sign-in states of spec §4, derived from the identity client's next step. signedIn and
 * signedOut are the app's (lib/auth); these are the screens in between.
 */
export type MfaMethod = 'SMS' | 'TOTP';

export type SignInScreen =
  | { state: 'signIn' }
  | { state: 'confirmSignIn'; method: MfaMethod; destination?: string }
  | { state: 'selectMFAType'; methods: MfaMethod[] }
  | { state: 'setupMFA'; secret: string; uri: string }
  | { state: 'requireNewPassword' }
  /** Any other challenge: logged, and the customer is told in German (spec §4). */
  | { state: 'unsupported'; challenge: string };

export type SignInOutcome =
  | SignInScreen
  | { state: 'signedIn' }
  /** The account exists but the e-mail address is not confirmed yet. */
  | { state: 'confirmSignUp' }
  | { state: 'resetPassword' };

export const TOTP_ISSUER = 'Kontor';

export function outcomeOf(nextStep: SignInOutput['nextStep'], username: string): SignInOutcome {
  switch (nextStep.signInStep) {
    case 'DONE':
      return { state: 'signedIn' };
    case 'CONFIRM_SIGN_IN_WITH_SMS_CODE':
      return { state: 'confirmSignIn', method: 'SMS', ...(nextStep.codeDeliveryDetails?.destination ? { destination: nextStep.codeDeliveryDetails.destination } : {}) };
    case 'CONFIRM_SIGN_IN_WITH_TOTP_CODE':
      return { state: 'confirmSignIn', method: 'TOTP' };
    case 'CONTINUE_SIGN_IN_WITH_MFA_SELECTION': {
      const methods = (nextStep.allowedMFATypes ?? []).filter((m): m is MfaMethod => m === 'SMS' || m === 'TOTP');
      return methods.length > 0 ? { state: 'selectMFAType', methods } : { state: 'unsupported', challenge: nextStep.signInStep };
    }
    case 'CONTINUE_SIGN_IN_WITH_TOTP_SETUP': {
      const { sharedSecret } = nextStep.totpSetupDetails;
      return { state: 'setupMFA', secret: sharedSecret, uri: nextStep.totpSetupDetails.getSetupUri(TOTP_ISSUER, username).toString() };
    }
    case 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED':
      return { state: 'requireNewPassword' };
    case 'CONFIRM_SIGN_UP':
      return { state: 'confirmSignUp' };
    case 'RESET_PASSWORD':
      return { state: 'resetPassword' };
    default:
      console.warn('Sign-in challenge not supported by Kontor', nextStep.signInStep);
      return { state: 'unsupported', challenge: nextStep.signInStep };
  }
}
