import { describe, expect, it } from 'vitest';
import de from '../../public/assets/i18n/de.json';
import en from '../../public/assets/i18n/en.json';
import { DOMAIN_LABEL_SETS, type DomainLabelSet } from './domain-labels';

const english = (en as { domainLabels?: Record<string, Record<string, unknown>> }).domainLabels ?? {};

describe('the domain labels the web shows', () => {
  it('every value of every set has an English text in en.json', () => {
    const missing = Object.entries(DOMAIN_LABEL_SETS).flatMap(([set, labels]) =>
      Object.keys(labels)
        .filter((value) => typeof english[set]?.[value] !== 'string' || english[set]?.[value] === '')
        .map((value) => `domainLabels.${set}.${value}`),
    );
    expect(missing).toEqual([]);
  });

  it('en.json has no English text for a value the domain does not know', () => {
    const stale = Object.entries(english).flatMap(([set, texts]) => {
      const labels: Readonly<Record<string, string>> | undefined = DOMAIN_LABEL_SETS[set as DomainLabelSet];
      return Object.keys(texts).filter((value) => !labels || !Object.hasOwn(labels, value)).map((value) => `domainLabels.${set}.${value}`);
    });
    expect(stale).toEqual([]);
  });

  it('German comes from the domain alone', () => {
    expect(Object.keys(de)).not.toContain('domainLabels');
  });
});
