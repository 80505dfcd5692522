/**
 * Text → search tokens. Lower case, accents dropped (é → e), ß → ss, and German umlauts in both
 * spellings: an indexed "Münchener" is found by "münchener", "munchener" and "muenchener".
 * Punctuation splits words; a word written with inner punctuation is also indexed joined, so
 * "E.ON" is found by "e on" and by "eon", "Coca-Cola" by "cocacola".
 */

const SPECIAL: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'd', þ: 'th', ı: 'i' };
const SPECIAL_PATTERN = /[ßæœøłđþı]/g;
const ASCII = /^[\x20-\x7e]*$/;
const NON_WORD = /[^\p{L}\p{N}]+/u;
const NON_WORD_ASCII = /[^a-z0-9]+/;

function fold(lower: string, umlautsWithE: boolean): string {
  let s = umlautsWithE ? lower.replace(/[äöü]/g, (c) => `${c === 'ä' ? 'a' : c === 'ö' ? 'o' : 'u'}e`) : lower;
  s = s.normalize('NFD').replace(/\p{M}+/gu, '');
  return s.replace(SPECIAL_PATTERN, (c) => SPECIAL[c] ?? c);
}

function pushWords(text: string, ascii: boolean, out: string[], joined: boolean): void {
  for (const segment of text.split(' ')) {
    if (segment === '') continue;
    const parts = segment.split(ascii ? NON_WORD_ASCII : NON_WORD).filter((p) => p !== '');
    for (const p of parts) out.push(p);
    if (joined && parts.length > 1) out.push(parts.join(''));
  }
}

/** The tokens a name is indexed under (with duplicates; the index removes them). */
export function indexTokens(text: string, out: string[] = []): string[] {
  const lower = text.toLowerCase().replace(/\s+/g, ' ');
  if (ASCII.test(lower)) {
    pushWords(lower, true, out, true);
    return out;
  }
  const plain = fold(lower, false);
  pushWords(plain, false, out, true);
  if (/[äöü]/.test(lower)) pushWords(fold(lower, true), false, out, true);
  return out;
}

/** The first word of a name as the index keeps it, for "name starts with" ranking. */
export function firstToken(text: string): string | undefined {
  return queryTokens(text)[0];
}

/** The words of a search query: each must prefix a word of the name. */
export function queryTokens(text: string): string[] {
  const lower = text.toLowerCase().replace(/\s+/g, ' ').trim();
  const out: string[] = [];
  if (ASCII.test(lower)) pushWords(lower, true, out, false);
  else pushWords(fold(lower, false), false, out, false);
  return out;
}
