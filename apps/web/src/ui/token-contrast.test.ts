import fs from 'node:fs';
import path from 'node:path';
import Color from 'color';
import { describe, expect, it } from 'vitest';

/**
 * WCAG AA contrast of the colour tokens in both themes (tokens.css): every pair that the CSS uses for
 * text on a background (4.5:1) and for the outline of a control or the focus ring (3:1). axe checks
 * only what a browser test renders, in the theme it renders; this checks every pair in both.
 */
const css = fs.readFileSync(path.join(import.meta.dirname, 'tokens.css'), 'utf8');

function tokensOf(selector: string): Record<string, string> {
  const start = css.indexOf(`${selector} {`);
  if (start < 0) throw new Error(`no block ${selector} in tokens.css`);
  const block = css.slice(start, css.indexOf('}', start));
  return Object.fromEntries([...block.matchAll(/--color-([a-z-]+):\s*([^;]+);/g)].map((m) => [m[1], m[2]!.trim()]));
}

const themes = { light: tokensOf("[data-theme='light']"), dark: tokensOf("[data-theme='dark']") };

const backgrounds = ['bg', 'surface', 'surface-muted', 'surface-raised'];
/** Text (4.5:1): foreground on background, as the CSS modules pair them. */
const textPairs: [string, string][] = [
  ...['text', 'text-muted', 'primary', 'gain', 'loss', 'warning', 'danger', 'info'].flatMap((fg) => backgrounds.map((bg): [string, string] => [fg, bg])),
  ['primary-contrast', 'primary'],
  ['primary-contrast', 'primary-hover'],
  ['danger-contrast', 'danger'],
  ['danger-contrast', 'danger-hover'],
  ['on-primary-subtle', 'primary-subtle'],
  ['on-primary-subtle', 'info-subtle'],
  ['primary', 'primary-subtle'],
  ['text', 'primary-subtle'],
  // Badges and notices; a flashing price keeps its text colour on the flash.
  ['gain', 'gain-subtle'],
  ['loss', 'loss-subtle'],
  ['warning', 'warning-subtle'],
  ['text', 'gain-subtle'],
  ['text', 'loss-subtle'],
  ['text', 'warning-subtle'],
  ['text', 'info-subtle'],
];
/** Controls and focus (3:1): the outline of a field or a checkbox, the focus ring. */
const uiPairs: [string, string][] = [
  ...backgrounds.map((bg): [string, string] => ['border-strong', bg]),
  ...backgrounds.map((bg): [string, string] => ['focus', bg]),
];

function ratio(theme: Record<string, string>, fg: string, bg: string): number {
  return Math.round(Color(theme[fg]).contrast(Color(theme[bg])) * 100) / 100;
}

describe.each(Object.entries(themes))('the %s theme', (_name, theme) => {
  it('mirrors the system-dark block (a customer without a choice gets the same colours)', () => {
    if (_name === 'dark') expect(tokensOf(":root:not([data-theme='light'])")).toEqual(theme);
    else expect(tokensOf(":root,\n[data-theme='light']")).toEqual(theme);
  });

  it('has text at 4.5:1 or more on every background it is used on', () => {
    const failing = textPairs.map(([fg, bg]) => ({ pair: `${fg} on ${bg}`, ratio: ratio(theme, fg, bg) })).filter((p) => p.ratio < 4.5);
    expect(failing).toEqual([]);
  });

  it('has field outlines and the focus ring at 3:1 or more', () => {
    const failing = uiPairs.map(([fg, bg]) => ({ pair: `${fg} on ${bg}`, ratio: ratio(theme, fg, bg) })).filter((p) => p.ratio < 3);
    expect(failing).toEqual([]);
  });
});
