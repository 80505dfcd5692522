import { z } from 'zod';

/**
 * The API session (spec §9): after sign-in and after every token refresh the web app hands the
 * access token to the server once, which keeps it in an httpOnly cookie; and the signed-in customer.
 */
export const sessionRequestSchema = z.object({ accessToken: z.string().min(20).max(8192) });
export const sessionSchema = z.object({ sub: z.string(), expiresAt: z.string() });
export const profileSchema = z.object({
  sub: z.string(),
  email: z.string().nullable(),
  givenName: z.string().nullable(),
  familyName: z.string().nullable(),
  phoneNumber: z.string().nullable(),
});
export type Profile = z.infer<typeof profileSchema>;
