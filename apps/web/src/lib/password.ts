import { PASSWORD_MESSAGES, passwordProblems } from '@kontor/domain/password';

/**
 * Spec §5's password rules, each with whether the password meets it, for the live list under a
 * new-password field. The rules and their German texts are the domain's (passwordProblems).
 */
export function passwordRules(password: string): { label: string; met: boolean }[] {
  const problems = new Set(passwordProblems(password));
  return Object.values(PASSWORD_MESSAGES).map((label) => ({ label, met: !problems.has(label) }));
}

export function isPasswordValid(password: string): boolean {
  return passwordProblems(password).length === 0;
}
