import { z } from 'zod';

/**
 * Text a customer typed (names, search terms, campaign values). Control characters such as NUL
 * cannot be stored in PostgreSQL text, and a lone UTF-16 surrogate would silently become "�" on
 * the way to the database, so both are refused before anything is stored.
 *
 * `\p{Cs}` with the `u` flag matches only unpaired surrogates (a pair is one code point there): the
 * same test as `String.prototype.isWellFormed`, which the ES2023 library types do not know yet.
 */
const SINGLE_LINE_FORBIDDEN = /[\p{Cc}\p{Cs}]/u;
/** Multi-line text keeps line breaks and tabs. */
const MULTI_LINE_FORBIDDEN = /\p{Cs}|(?![\t\n\r])\p{Cc}/u;

export const TYPED_TEXT_MESSAGE = 'Der Text enthält Zeichen, die nicht erlaubt sind (z. B. unsichtbare Sonderzeichen).';

/** Whether `value` is text a customer could have typed (see `typedText`). */
export function isTypedText(value: string, opts: { multiline?: boolean } = {}): boolean {
  return !(opts.multiline ? MULTI_LINE_FORBIDDEN : SINGLE_LINE_FORBIDDEN).test(value);
}

/**
 * A string schema for free text a customer typed: refuses control characters and lone surrogates
 * with a German field error. Chain trimming and length rules onto the result as usual.
 */
export function typedText(opts: { multiline?: boolean } = {}) {
  return z.string().refine((v) => isTypedText(v, opts), TYPED_TEXT_MESSAGE);
}
