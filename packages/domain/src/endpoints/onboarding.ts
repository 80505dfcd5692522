import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { type OnboardingStep } from '../onboarding';
import {
  botProtectionHeaderSchema,
  devIdentificationRequestSchema,
  identificationRequestSchema,
  onboardingApplicationSchema,
  onboardingTokenHeaderSchema,
  pendingIdentificationsSchema,
  registrationConfirmationRequestSchema,
  registrationConfirmationResponseSchema,
  resendConfirmationMailRequestSchema,
  resendConfirmationMailResponseSchema,
  signupUserRequestSchema,
  signupUserResponseSchema,
  startOnboardingRequestSchema,
  startOnboardingResponseSchema,
  userExperienceSchema,
} from '../onboarding-contracts';

const tags = ['onboarding'];
const bothHeaders = botProtectionHeaderSchema.extend(onboardingTokenHeaderSchema.shape);
/** A step's data is checked by the domain rules, so every field's German message comes back at once. */
const stepBody = z.record(z.string(), z.unknown()).describe('The step’s data (schemas in packages/domain/src/onboarding.ts)');

/** One path per step (an unknown step stays a 404). */
const saveStep = <S extends OnboardingStep>(step: S) =>
  defineEndpoint({
    method: 'PUT',
    path: `/api/onboarding/application/${step}` as const,
    tags,
    summary: `Save the step "${step}"`,
    headers: bothHeaders,
    body: stepBody,
    status: 200,
    response: onboardingApplicationSchema,
  });

/** Account opening (Kontoeröffnung): public; every POST/PUT carries a bot-protection token, the application calls its token. */
export const onboardingEndpoints = {
  experience: defineEndpoint({
    method: 'GET',
    path: '/api/user/experience',
    tags,
    summary: 'The appropriateness test (§63(10) WpHG): answers and each product class’s verdict',
    status: 200,
    response: userExperienceSchema,
  }),
  start: defineEndpoint({
    method: 'POST',
    path: '/api/onboarding/startOnboarding',
    tags,
    summary: 'Start (or resume) an application: a code goes to the e-mail address',
    headers: botProtectionHeaderSchema,
    body: startOnboardingRequestSchema,
    status: 200,
    response: startOnboardingResponseSchema,
  }),
  resendConfirmationMail: defineEndpoint({
    method: 'POST',
    path: '/api/onboarding/resendConfirmationMail',
    tags,
    summary: 'Send the e-mail code again (at most 5 an hour)',
    headers: botProtectionHeaderSchema,
    body: resendConfirmationMailRequestSchema,
    status: 200,
    response: resendConfirmationMailResponseSchema,
  }),
  confirmRegistration: defineEndpoint({
    method: 'POST',
    path: '/api/onboarding/registrationconfirmation',
    tags,
    summary: 'Confirm the e-mail address by its code: the application token',
    headers: botProtectionHeaderSchema,
    body: registrationConfirmationRequestSchema,
    status: 200,
    response: registrationConfirmationResponseSchema,
  }),
  application: defineEndpoint({
    method: 'GET',
    path: '/api/onboarding/application',
    tags,
    summary: 'The application of the token',
    headers: onboardingTokenHeaderSchema,
    status: 200,
    response: onboardingApplicationSchema,
  }),
  savePersonal: saveStep('personal'),
  saveTax: saveStep('tax'),
  saveAccount: saveStep('account'),
  saveExperience: saveStep('experience'),
  saveTerms: saveStep('terms'),
  startIdentification: defineEndpoint({
    method: 'POST',
    path: '/api/onboarding/application/identification',
    tags,
    summary: 'Start the identification (video ident or eID)',
    headers: bothHeaders,
    body: identificationRequestSchema,
    status: 200,
    response: onboardingApplicationSchema,
  }),
  cancelIdentification: defineEndpoint({
    method: 'DELETE',
    path: '/api/onboarding/application/identification',
    tags,
    summary: 'Stop a running identification: the application goes back to the choice of method',
    headers: bothHeaders,
    status: 200,
    response: onboardingApplicationSchema,
  }),
  signUpUser: defineEndpoint({
    method: 'POST',
    path: '/api/onboarding/signupuser',
    tags,
    summary: 'Open the account: user, reference account, documents (idempotent)',
    headers: bothHeaders,
    body: signupUserRequestSchema,
    status: 200,
    response: signupUserResponseSchema,
  }),
  /** Development only (DEV_TOOLS): the simulated identification provider of /dev/identifizierung. */
  devIdentifications: defineEndpoint({
    method: 'GET',
    path: '/api/dev/onboarding/identifications',
    tags: ['development'],
    summary: 'Development only: identifications waiting for a verdict',
    status: 200,
    response: pendingIdentificationsSchema,
  }),
  devDecideIdentification: defineEndpoint({
    method: 'POST',
    path: '/api/dev/onboarding/identification',
    tags: ['development'],
    summary: 'Development only: the identification provider approves or rejects',
    body: devIdentificationRequestSchema,
    status: 200,
    response: onboardingApplicationSchema,
  }),
};

/** The save endpoint of each step: one type for all, so that a step chosen at run time can be called. */
export type OnboardingStepEndpoint = ReturnType<typeof saveStep<OnboardingStep>>;
export const onboardingStepEndpoints: Readonly<Record<OnboardingStep, OnboardingStepEndpoint>> = {
  personal: onboardingEndpoints.savePersonal,
  tax: onboardingEndpoints.saveTax,
  account: onboardingEndpoints.saveAccount,
  experience: onboardingEndpoints.saveExperience,
  terms: onboardingEndpoints.saveTerms,
};
