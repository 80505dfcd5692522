import { z } from 'zod';
import type { BackendError, FieldError } from './backend-error-rules';

export * from './backend-error-rules';

/** One field's problem: `field` is the input's path (`iban`, `address.postalCode`, `query.cursor`). */
export const fieldErrorSchema = z.object({ field: z.string(), message: z.string() }) satisfies z.ZodType<FieldError>;

/**
 * The backend error of spec §8: the body of every failed API response, whatever its status, and
 * the shape the web client turns any HTTP failure into. `errors` is always a list, empty when no
 * single field is at fault.
 */
export const backendErrorSchema = z.object({
  /** German, safe to show to the customer. */
  message: z.string(),
  /** HTTP status. */
  status: z.number().int(),
  /** The fields at fault, each with its own message; a field may appear more than once. */
  errors: z.array(fieldErrorSchema),
  /** Machine-readable reason the web app acts on, e.g. SESSION_IDLE (auth-contracts). */
  code: z.string().optional(),
}) satisfies z.ZodType<BackendError>;

