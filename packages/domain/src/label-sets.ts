import { CA_STATUS_LABELS } from './ca-contracts';
import { CA_OPTION_LABELS, CA_TYPE_LABELS } from './corporate-actions';
import { CHART_RANGE_LABELS, CHART_TYPE_LABELS, INSTRUMENT_TYPE_LABELS } from './enums';
import {
  COMBINED_ORDER_STATUS_LABELS,
  ENTITY_STATE_LABELS,
  ORDER_KIND_LABELS,
  ORDER_STATUS_LABELS,
  SAVINGS_INTERVAL_LABELS,
  TICKET_STATE_LABELS,
  WEEKDAY_LABELS,
} from './labels';
import { ALERT_DIRECTION_LABELS } from './notifications';
import { PASSWORD_MESSAGES } from './password';
import { DOCUMENT_CATEGORY_LABELS } from './posteingang-contracts';
import {
  LOMBARD_DOCUMENT_LABELS,
  PORTFOLIO_REPORT_DUE_DATE_LABELS,
  SERVICE_REQUEST_LABELS,
  TERMINATION_REASON_LABELS,
} from './service-request-labels';
import { CHURCH_TAX_LABELS, FUND_TYPE_LABELS } from './tax';
import { TAX_EVENT_LABELS } from './tax-contracts';

/**
 * The domain's German label maps the web shows, by name. The domain stays the one source of the
 * German text (German is the default value, de.json does not repeat it); en.json holds
 * `domainLabels.<set>.<value>` for every value (domain-labels.test.ts checks that), and the browser
 * test of English reads the German ones to know what only German texts say.
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
