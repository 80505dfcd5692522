import type { FastifyBodyParser, FastifyInstance } from 'fastify';
import { AppError } from './errors.ts';

/** Deeper than any contract (the deepest is a handful of levels); recursive code stays far from the stack's end. */
export const MAX_JSON_DEPTH = 64;

export const jsonMessages = {
  tooDeep: `Die gesendeten Daten sind zu tief verschachtelt (höchstens ${MAX_JSON_DEPTH} Ebenen).`,
} as const;

/**
 * Whether JSON text nests objects and arrays deeper than `max`: one pass over the text, brackets
 * inside strings not counted. Malformed text is left to the parser.
 */
export function jsonDepthExceeds(text: string, max: number): boolean {
  // Each level costs at least one character.
  if (text.length <= max) return false;
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      // Skip the string: to the next quote that no backslash escapes.
      for (i++; i < text.length; i++) {
        const s = text.charCodeAt(i);
        if (s === 0x5c) i++;
        else if (s === 0x22) break;
      }
    } else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) {
      depth--;
    }
  }
  return false;
}

/**
 * Fastify's JSON parser (secure-json-parse: `__proto__` and `constructor` refused) behind the depth
 * check, so that no code walks a body nested thousands of levels deep (a stack overflow is a 500).
 */
export function depthLimitedJsonParser(app: FastifyInstance): FastifyBodyParser<string> {
  const parse = app.getDefaultJsonParser('error', 'error');
  return (req, body, done) => {
    if (jsonDepthExceeds(body, MAX_JSON_DEPTH)) return done(new AppError(400, jsonMessages.tooDeep), undefined);
    return parse(req, body, done);
  };
}

/** Replaces the application/json parser for every route registered after this call. */
export function installJsonDepthLimit(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, depthLimitedJsonParser(app));
}
