import { describe, expect, it } from 'vitest';
import de from '../../public/assets/i18n/de.json';
import en from '../../public/assets/i18n/en.json';

// `domainText` is keyed by German sentences (dots included); domain-text.test.ts checks it.
function keys(tree: object, prefix = ''): string[] {
  return Object.entries(tree)
    .filter(([key]) => prefix !== '' || key !== 'domainText')
    .flatMap(([key, value]) => (value && typeof value === 'object' ? keys(value as object, `${prefix}${key}.`) : [`${prefix}${key}`]));
}

describe('translation files', () => {
  it('English has exactly the keys of German', () => {
    // The domain's labels are German in the domain itself; only English repeats them (domain-labels.test.ts).
    const own = (k: string) => !k.startsWith('domainLabels.');
    expect(keys(en).filter(own).sort()).toEqual(keys(de).sort());
  });

  it('no text is empty', () => {
    const empty = (tree: object) => keys(tree).filter((k) => k.split('.').reduce<unknown>((o, p) => (o as Record<string, unknown>)[p], tree) === '');
    expect(empty(de)).toEqual([]);
    expect(empty(en)).toEqual([]);
  });
});
