import { z } from 'zod';

/**
 * The backend error of spec §8: the body of every failed API response, and the shape the web
 * client turns any HTTP failure into.
 */
export const backendErrorSchema = z.object({
  /** German, safe to show to the customer. */
  message: z.string(),
  /** HTTP status. */
  status: z.number().int(),
  /** Details, e.g. field errors of a 400: { fieldName: ['message', …] }. */
  errors: z.unknown().optional(),
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

/**
 * The backend error of an HTTP failure (spec §8). When the response has a body and the status is
 * not 503, the body is the error (parsed first when it is a JSON string); a body that is no JSON
 * object (HTML of a proxy, plain text) falls back to the built error. Otherwise the error is built
 * as { message, status, errors: body }. No body (undefined, null or '') leaves `errors` out.
 *
 * A body error keeps all its fields; a missing `status` is taken from the response and a missing
 * `message` becomes '' (so `userMessage` shows the generic text).
 */
export function backendError(httpError: {
  status: number;
  message: string;
  body?: unknown;
}): BackendError {
  const { status, message, body } = httpError;
  const hasBody = body !== undefined && body !== null && body !== '';
  if (!hasBody) return { message, status };

  const parsed: Parsed = typeof body === 'string' ? parseJson(body) : { ok: true, value: body };
  if (status !== 503 && parsed.ok && isRecord(parsed.value)) {
    const error = parsed.value;
    return {
      ...error,
      message: typeof error.message === 'string' ? error.message : '',
      status: typeof error.status === 'number' ? error.status : status,
    };
  }
  return { message, status, errors: parsed.ok ? parsed.value : body };
}

/** The message the customer sees (spec §8: the error's message field), or a generic German one. */
export function userMessage(error: { message?: string | null } | null | undefined): string {
  const message = error?.message?.trim();
  return message ? message : GENERIC_ERROR_MESSAGE;
}
