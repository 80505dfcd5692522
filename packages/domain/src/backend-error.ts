import { z } from 'zod';

/** One field's problem: `field` is the input's path (`iban`, `address.postalCode`, `query.cursor`). */
export const fieldErrorSchema = z.object({ field: z.string(), message: z.string() });
export type FieldError = z.infer<typeof fieldErrorSchema>;

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
});
export type BackendError = z.infer<typeof backendErrorSchema>;

/** What the customer reads when an error carries no message of its own. */
export const GENERIC_ERROR_MESSAGE =
  'Es ist ein Fehler aufgetreten. Bitte versuchen Sie es später erneut.';

type Parsed = { ok: true; value: unknown } | { ok: false };

function parseJson(text: string): Parsed {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The well-formed field errors of an untrusted `errors` value; anything else is dropped. */
export function fieldErrorList(errors: unknown): FieldError[] {
  if (!Array.isArray(errors)) return [];
  return errors.filter((e): e is FieldError => fieldErrorSchema.safeParse(e).success).map(({ field, message }) => ({ field, message }));
}

/**
 * The first message of each field, keyed by `name(field)` (a form's field name; `undefined` drops
 * the field). The one reader of field errors: every form puts its server errors at its fields so.
 */
export function fieldErrorMap(errors: readonly FieldError[], name: (field: string) => string | undefined = (f) => f): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of errors) {
    const key = name(e.field);
    if (key !== undefined && !(key in out)) out[key] = e.message;
  }
  return out;
}

/**
 * The backend error of an HTTP failure (spec §8). When the response has a body and the status is
 * not 503, the body is the error (parsed first when it is a JSON string); a body that is no JSON
 * object (HTML of a proxy, plain text) falls back to the built error. Otherwise the error is built
 * from the response's message and status, with no field at fault.
 *
 * A body error keeps its `code`; a missing `status` is taken from the response, a missing
 * `message` becomes '' (so `userMessage` shows the generic text) and `errors` keeps only
 * well-formed field errors.
 */
export function backendError(httpError: {
  status: number;
  message: string;
  body?: unknown;
}): BackendError {
  const { status, message, body } = httpError;
  const built: BackendError = { message, status, errors: [] };
  if (body === undefined || body === null || body === '' || status === 503) return built;

  const parsed: Parsed = typeof body === 'string' ? parseJson(body) : { ok: true, value: body };
  if (!parsed.ok || !isRecord(parsed.value)) return built;
  const error = parsed.value;
  return {
    message: typeof error.message === 'string' ? error.message : '',
    status: typeof error.status === 'number' ? error.status : status,
    errors: fieldErrorList(error.errors),
    ...(typeof error.code === 'string' ? { code: error.code } : {}),
  };
}

/** The message the customer sees (spec §8: the error's message field), or a generic German one. */
export function userMessage(error: { message?: string | null } | null | undefined): string {
  const message = error?.message?.trim();
  return message ? message : GENERIC_ERROR_MESSAGE;
}
