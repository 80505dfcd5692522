import { z } from 'zod';

/** Spec §5: the password rules of sign-up, the new-password challenge and password changes. */

export const PASSWORD_MIN_LENGTH = 8;

/** The special characters spec §5 accepts: " - _ , . ! @ # $ % ^ & * */
export const PASSWORD_SPECIAL_CHARACTERS = '"-_,.!@#$%^&*';

export const PASSWORD_MESSAGES = {
  minLength: `Mindestens ${PASSWORD_MIN_LENGTH} Zeichen`,
  lowercase: 'Mindestens ein Kleinbuchstabe',
  uppercase: 'Mindestens ein Großbuchstabe',
  digit: 'Mindestens eine Ziffer',
  special: `Mindestens ein Sonderzeichen (${[...PASSWORD_SPECIAL_CHARACTERS].join(' ')})`,
} as const;

/**
 * The German messages of the rules the password does not meet, in a fixed order; empty when it
 * meets all of them. Length counts characters as a person does (code points, so an emoji is one).
 * Letters are Unicode letters: "ä" counts as a lowercase letter, "Ä" as an uppercase one. Other
 * characters (spaces, "?", "+") are allowed but do not count as the special character.
 */
export function passwordProblems(password: string): string[] {
  const characters = [...password];
  const problems: string[] = [];
  if (characters.length < PASSWORD_MIN_LENGTH) problems.push(PASSWORD_MESSAGES.minLength);
  if (!/\p{Ll}/u.test(password)) problems.push(PASSWORD_MESSAGES.lowercase);
  if (!/\p{Lu}/u.test(password)) problems.push(PASSWORD_MESSAGES.uppercase);
  if (!/[0-9]/.test(password)) problems.push(PASSWORD_MESSAGES.digit);
  if (!characters.some((c) => PASSWORD_SPECIAL_CHARACTERS.includes(c))) {
    problems.push(PASSWORD_MESSAGES.special);
  }
  return problems;
}

export function isValidPassword(password: string): boolean {
  return passwordProblems(password).length === 0;
}

/** The same rules as a zod schema: one issue per unmet rule, for forms and request bodies. */
export const passwordSchema = z.string().superRefine((password, ctx) => {
  for (const message of passwordProblems(password)) ctx.addIssue({ code: 'custom', message });
});
