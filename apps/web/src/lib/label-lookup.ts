import type { TFunction } from 'i18next';

/**
 * A domain label in the current language: en.json's `domainLabels.<set>.<value>`, else the
 * domain's German text; a value the table does not know shows as itself. Kept apart from
 * lib/domain-labels (which imports every label set of the domain) for pages that need one set.
 */
export function labelIn(t: TFunction, set: string, table: Readonly<Record<string | number, string>>, value: string | number): string {
  const german = Object.hasOwn(table, value) ? table[value] : undefined;
  if (german === undefined) return String(value);
  // Values such as "depot:read" or "03-31" must not be read as namespace or nesting.
  return t(`domainLabels.${set}.${value}`, { defaultValue: german, nsSeparator: false });
}
