import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { registerPhrases } from './domain-text';
import { labelIn } from './label-lookup';
import { i18n } from './i18n';
import { CA_STATUS_LABELS } from '@kontor/domain/ca-contracts';
import { CA_OPTION_LABELS, CA_TYPE_LABELS } from '@kontor/domain/corporate-actions';
import { CHART_RANGE_LABELS, CHART_TYPE_LABELS, INSTRUMENT_TYPE_LABELS } from '@kontor/domain/enums';
import {
  COMBINED_ORDER_STATUS_LABELS,
  ENTITY_STATE_LABELS,
  ORDER_KIND_LABELS,
  ORDER_STATUS_LABELS,
  SAVINGS_INTERVAL_LABELS,
  TICKET_STATE_LABELS,
  WEEKDAY_LABELS,
} from '@kontor/domain/labels';
import { ALERT_DIRECTION_LABELS } from '@kontor/domain/notifications';
import { PASSWORD_MESSAGES } from '@kontor/domain/password';
import { DOCUMENT_CATEGORY_LABELS } from '@kontor/domain/posteingang-contracts';
import {
  LOMBARD_DOCUMENT_LABELS,
  PORTFOLIO_REPORT_DUE_DATE_LABELS,
  SERVICE_REQUEST_LABELS,
  TERMINATION_REASON_LABELS,
} from '@kontor/domain/service-request-labels';
import { CHURCH_TAX_LABELS, FUND_TYPE_LABELS } from '@kontor/domain/tax';
import { TAX_EVENT_LABELS } from '@kontor/domain/tax-contracts';

/**
 * The domain's German label maps the web shows. The domain stays the one source of the German text
 * (German is the default value, de.json does not repeat it); en.json holds
 * `domainLabels.<set>.<value>` for every value (domain-labels.test.ts checks that).
 */
export const DOMAIN_LABEL_SETS = {
  instrumentType: INSTRUMENT_TYPE_LABELS,
  chartType: CHART_TYPE_LABELS,
  chartRange: CHART_RANGE_LABELS,
  orderStatus: { ...ORDER_STATUS_LABELS, ...COMBINED_ORDER_STATUS_LABELS },
  orderKind: ORDER_KIND_LABELS,
  ticketState: TICKET_STATE_LABELS,
  savingsInterval: SAVINGS_INTERVAL_LABELS,
  entityState: ENTITY_STATE_LABELS,
  weekday: WEEKDAY_LABELS,
  taxEvent: TAX_EVENT_LABELS,
  churchTax: CHURCH_TAX_LABELS,
  fundType: FUND_TYPE_LABELS,
  caStatus: CA_STATUS_LABELS,
  caType: CA_TYPE_LABELS,
  caOption: CA_OPTION_LABELS,
  alertDirection: ALERT_DIRECTION_LABELS,
  documentCategory: DOCUMENT_CATEGORY_LABELS,
  serviceRequest: SERVICE_REQUEST_LABELS,
  portfolioReportDueDate: PORTFOLIO_REPORT_DUE_DATE_LABELS,
  terminationReason: TERMINATION_REASON_LABELS,
  lombardDocument: LOMBARD_DOCUMENT_LABELS,
  passwordRule: PASSWORD_MESSAGES,
} as const satisfies Record<string, Readonly<Record<string | number, string>>>;

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
