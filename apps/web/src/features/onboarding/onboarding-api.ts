import type { IdentificationMethod, OnboardingStep, OnboardingStepData } from '@kontor/domain/onboarding';
import { onboardingEndpoints as o, onboardingStepEndpoints, type OnboardingStepEndpoint } from '@kontor/domain/endpoints/onboarding';
import { api } from '../../lib/api-client';

/**
 * The account opening's calls (design: briefs/onboarding-api.md). The application token proves the
 * e-mail address; it travels as `x-onboarding-token`. The API client adds the bot-protection token
 * to every state-changing call here. Errors are shown by the screens, never as a toast.
 */

export const ONBOARDING_TOKEN_HEADER = 'x-onboarding-token';
const TOKEN_KEY = 'kontor.onboarding.token';
const PENDING_KEY = 'kontor.onboarding.pending';

/** The code was sent: what the code screen needs, also after a reload. */
export type PendingCode = { applicationId: string; email: string; destination: string };

function read(key: string): string | null {
  try {
    return sessionStorage.getItem(key) ?? localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    for (const storage of [sessionStorage, localStorage]) {
      if (value === null) storage.removeItem(key);
      else storage.setItem(key, value);
    }
  } catch {
    // Storage off (private mode): the flow still works in this tab, only a reload starts over.
  }
}

/** The application token: in sessionStorage and localStorage, so a reload or a later visit continues. */
export const onboardingToken = {
  get: (): string | null => read(TOKEN_KEY),
  set: (token: string | null): void => write(TOKEN_KEY, token),
};

export const pendingCode = {
  get(): PendingCode | null {
    const raw = read(PENDING_KEY);
    if (!raw) return null;
    try {
      const value = JSON.parse(raw) as Partial<PendingCode>;
      return value.applicationId && value.email ? { applicationId: value.applicationId, email: value.email, destination: value.destination ?? '' } : null;
    } catch {
      return null;
    }
  },
  set: (value: PendingCode | null): void => write(PENDING_KEY, value ? JSON.stringify(value) : null),
};

const withToken = (): Record<string, string> => {
  const token = onboardingToken.get();
  return token ? { [ONBOARDING_TOKEN_HEADER]: token } : {};
};

const quiet = { skipGlobalErrorHandler: true } as const;

export function startOnboarding(email: string) {
  return api.call(o.start, { ...quiet, body: { email } });
}

export function resendConfirmationMail(applicationId: string) {
  return api.call(o.resendConfirmationMail, { ...quiet, body: { applicationId } });
}

export function confirmRegistration(applicationId: string, code: string) {
  return api.call(o.confirmRegistration, { ...quiet, body: { applicationId, code } });
}

export function fetchApplication(signal?: AbortSignal) {
  return api.call(o.application, { ...quiet, signal, headers: withToken() });
}

export type StepData = OnboardingStepData;
export type FormStep = OnboardingStep;

export function saveStep<S extends FormStep>(step: S, data: StepData[S]) {
  const e: OnboardingStepEndpoint = onboardingStepEndpoints[step];
  return api.call(e, { ...quiet, body: data, headers: withToken() });
}

export function startIdentification(method: IdentificationMethod) {
  return api.call(o.startIdentification, { ...quiet, body: { method }, headers: withToken() });
}

export function cancelIdentification() {
  return api.call(o.cancelIdentification, { ...quiet, headers: withToken() });
}

export function signUpUser(password: string) {
  return api.call(o.signUpUser, { ...quiet, body: { password }, headers: withToken() });
}
