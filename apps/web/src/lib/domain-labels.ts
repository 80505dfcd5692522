import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { registerPhrases } from './domain-text';
import { labelIn } from './label-lookup';
import { i18n } from './i18n';
import { DOMAIN_LABEL_SETS } from '@kontor/domain/label-sets';

export { DOMAIN_LABEL_SETS };

registerPhrases(function* labelPhrases(language) {
  const english = i18n.getResource(language, 'translation', 'domainLabels') as Record<string, Record<string, string>> | undefined;
  for (const [set, table] of Object.entries(DOMAIN_LABEL_SETS)) {
    for (const [value, german] of Object.entries(table as Readonly<Record<string, string>>)) {
      const en = english?.[set]?.[value];
      if (en) yield [german, en] as const;
    }
  }
});

export type DomainLabelSet = keyof typeof DOMAIN_LABEL_SETS;
export type DomainLabel = (set: DomainLabelSet, value: string | number) => string;

/**
 * The label of a domain value in the current language: the English text from en.json, or the
 * domain's German label. A value the domain does not know shows as itself (as the domain's own
 * lookups do), so a new server value never shows as an empty cell.
 */
export function domainLabel(t: TFunction, set: DomainLabelSet, value: string | number): string {
  return labelIn(t, set, DOMAIN_LABEL_SETS[set], value);
}

/** `label(set, value)` for components; re-renders with the language like `t`. */
export function useLabels(): { label: DomainLabel } {
  const { t } = useTranslation();
  const label = useCallback<DomainLabel>((set, value) => domainLabel(t, set, value), [t]);
  return { label };
}
