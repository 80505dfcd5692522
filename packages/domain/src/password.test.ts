import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isValidPassword,
  PASSWORD_MESSAGES,
  PASSWORD_MIN_LENGTH,
  PASSWORD_SPECIAL_CHARACTERS,
  passwordProblems,
  passwordSchema,
} from './password';

const M = PASSWORD_MESSAGES;

describe('passwordProblems — spec §5', () => {
  it('knows the rule constants', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(8);
    expect([...PASSWORD_SPECIAL_CHARACTERS].sort()).toEqual(
      ['"', '-', '_', ',', '.', '!', '@', '#', '$', '%', '^', '&', '*'].sort(),
    );
    expect(M.special).toBe('Mindestens ein Sonderzeichen (" - _ , . ! @ # $ % ^ & *)');
  });

  it.each<[string, string[]]>([
    ['Abcdef1!', []],
    ['Kontor-2024', []],
    ['Xy"12345', []],
    ['Börse_24', []],
    ['ÄÖÜäöü1.', []],
    ['Ab1!', [M.minLength]],
    ['Abcde1!', [M.minLength]],
    ['ABCDEF1!', [M.lowercase]],
    ['abcdef1!', [M.uppercase]],
    ['Abcdefg!', [M.digit]],
    ['Abcdefg1', [M.special]],
    ['Abcdefg1?', [M.special]],
    ['Abcdefg1 ', [M.special]],
    ['', [M.minLength, M.lowercase, M.uppercase, M.digit, M.special]],
    ['aaaaaaaa', [M.uppercase, M.digit, M.special]],
    ['12345678', [M.lowercase, M.uppercase, M.special]],
  ])('%j → %j', (password, problems) => {
    expect(passwordProblems(password)).toEqual(problems);
    expect(isValidPassword(password)).toBe(problems.length === 0);
  });

  it.each([...PASSWORD_SPECIAL_CHARACTERS])('accepts %s as the special character', (special) => {
    expect(passwordProblems(`Abcdef1${special}`)).toEqual([]);
  });

  it('counts an emoji as one character', () => {
    expect(passwordProblems('Ab1!😀😀😀')).toEqual([M.minLength]);
    expect(passwordProblems('Ab1!😀😀😀😀')).toEqual([]);
  });

  it('reports the same messages through the zod schema', () => {
    const result = passwordSchema.safeParse('abc');
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual([
      M.minLength,
      M.uppercase,
      M.digit,
      M.special,
    ]);
    expect(passwordSchema.safeParse('Abcdef1!').success).toBe(true);
  });
});

describe('passwordProblems — properties', () => {
  const lower = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzäöüß');
  const upper = fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÜ');
  const digit = fc.constantFrom(...'0123456789');
  const special = fc.constantFrom(...PASSWORD_SPECIAL_CHARACTERS);
  const any = fc.oneof(lower, upper, digit, special, fc.constantFrom(' ', '?', '+', '€'));

  it('accepts any password of 8+ characters with one of each class, in any order', () => {
    fc.assert(
      fc.property(
        lower,
        upper,
        digit,
        special,
        fc.array(any, { minLength: 4, maxLength: 40 }),
        fc.integer(),
        (l, u, d, s, rest, seed) => {
          const chars = [l, u, d, s, ...rest];
          // A seeded shuffle, so the four required characters can be anywhere.
          let state = seed >>> 0;
          for (let i = chars.length - 1; i > 0; i--) {
            state = (state * 1103515245 + 12345) >>> 0;
            const j = state % (i + 1);
            [chars[i], chars[j]] = [chars[j]!, chars[i]!];
          }
          expect(passwordProblems(chars.join(''))).toEqual([]);
        },
      ),
    );
  });

  it('reports the missing digit for any password without one', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(lower, upper, special), { minLength: 8 }), (chars) => {
        expect(passwordProblems(chars.join(''))).toContain(M.digit);
      }),
    );
  });

  it('rejects anything shorter than 8 characters', () => {
    fc.assert(
      fc.property(fc.array(any, { maxLength: 7 }), (chars) => {
        expect(passwordProblems(chars.join(''))[0]).toBe(M.minLength);
      }),
    );
  });
});
