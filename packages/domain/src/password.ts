import { z } from 'zod';
import { passwordProblems } from './password-rules';

export * from './password-rules';

/** The same rules as a zod schema: one issue per unmet rule, for forms and request bodies. */
export const passwordSchema = z.string().superRefine((password, ctx) => {
  for (const message of passwordProblems(password)) ctx.addIssue({ code: 'custom', message });
});
