import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { z } from 'zod';

/**
 * A phone number as a German customer reads it: international format with spaces
 * ("+49 1511 2345678"). Anything that does not parse is shown as given.
 */
export function formatPhoneNumber(value: string): string {
  const parsed = parsePhoneNumberFromString(value.trim(), 'DE');
  return parsed?.isValid() ? parsed.formatInternational() : value;
}

/** The number in E.164 ("+4915112345678"), the form the user pool stores; null when invalid. */
export function toE164(value: string, defaultCountry: 'DE' | 'AT' | 'CH' = 'DE'): string | null {
  const parsed = parsePhoneNumberFromString(value.trim(), defaultCountry);
  return parsed?.isValid() ? parsed.number : null;
}

/** POST /api/user/checkmobilenr: the number as the customer typed it. */
export const checkMobileNumberRequestSchema = z.object({ mobileNumber: z.string().max(100) });

/** The answer of checkmobilenr: the number in E.164 and as shown, or why it is refused (German). */
export const mobileNumberCheckSchema = z.discriminatedUnion('valid', [
  z.object({ valid: z.literal(true), e164: z.string(), formatted: z.string() }),
  z.object({ valid: z.literal(false), reason: z.string() }),
]);
export type MobileNumberCheck = z.infer<typeof mobileNumberCheckSchema>;
