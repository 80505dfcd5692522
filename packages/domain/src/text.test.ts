import { describe, expect, it } from 'vitest';
import { isTypedText, TYPED_TEXT_MESSAGE, typedText } from './text';

describe('typedText — free text a customer typed', () => {
  it.each(['Dividenden', 'Über 50 €', 'ETF – Welt 🌍', 'Kurs: 12,5 %'])('accepts %j', (v) => {
    expect(typedText().parse(v)).toBe(v);
  });

  it.each([
    ['NUL', 'a\u0000b'],
    ['a line break in a one-line field', 'a\nb'],
    ['DEL', 'a\u007fb'],
    ['a C1 control', 'a\u0085b'],
    ['a lone high surrogate', 'a\ud800b'],
    ['a lone low surrogate', '\udc00'],
    ['a surrogate pair turned round', '\ude00\ud83d'],
  ])('refuses %s with a German field error', (_what, v) => {
    expect(typedText().safeParse(v).error?.issues.map((i) => i.message)).toEqual([TYPED_TEXT_MESSAGE]);
  });

  it('keeps line breaks and tabs in multi-line text, but not NUL or a lone surrogate', () => {
    expect(isTypedText('Zeile 1\r\nZeile 2\tEnde', { multiline: true })).toBe(true);
    expect(isTypedText('a\u0000b', { multiline: true })).toBe(false);
    expect(isTypedText('a\ud800', { multiline: true })).toBe(false);
  });

  it('chains with trimming and length rules', () => {
    const name = typedText().trim().min(1).max(5);
    expect(name.parse('  abc  ')).toBe('abc');
    expect(name.safeParse('abcdef').success).toBe(false);
  });
});
