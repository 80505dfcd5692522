import type { TFunction } from 'i18next';
import { PASSWORD_MESSAGES, passwordProblems } from '@kontor/domain/password';
import { labelIn } from './label-lookup';

/**
 * Spec §5's password rules, each with whether the password meets it, for the live list under a
 * new-password field. The rules and their German texts are the domain's (passwordProblems); the
 * label is in the current language (the `passwordRule` set of lib/domain-labels).
 */
export function passwordRules(password: string, t: TFunction): { label: string; met: boolean }[] {
  const problems = new Set(passwordProblems(password));
  const rules = Object.keys(PASSWORD_MESSAGES) as (keyof typeof PASSWORD_MESSAGES)[];
  return rules.map((rule) => ({ label: labelIn(t, 'passwordRule', PASSWORD_MESSAGES, rule), met: !problems.has(PASSWORD_MESSAGES[rule]) }));
}

export function isPasswordValid(password: string): boolean {
  return passwordProblems(password).length === 0;
}
