/**
 * The web app's texts (`/assets/i18n/{lang}.json`) come in two parts, so that the sign-in screen
 * does not wait for every page's texts (issue 22, first load): `start`, what the frame of the app
 * and the sign-in screens say, and `rest`, the sections of the signed-in pages, the account
 * opening and the development pages. The server serves each part as `{lang}.start.json` and
 * `{lang}.rest.json`; the web loads the rest with the first page that needs it.
 */
export const REST_TEXT_SECTIONS: readonly string[] = [
  'alerts',
  'authorisation',
  'corporateActions',
  'depot',
  'devices',
  'devIdentification',
  'inbox',
  'instrument',
  'money',
  'notifications',
  'oauth',
  'onboarding',
  'orders',
  'pdfViewer',
  'priceList',
  'savingsPlans',
  'search',
  'settings',
  'tax',
  'tickets',
  'trading',
  'watchlists',
];

export const TEXT_PARTS = ['start', 'rest'] as const;
export type TextPart = (typeof TEXT_PARTS)[number];

/** The sections of a translation file that belong to one part. */
export function textPart(texts: Readonly<Record<string, unknown>>, part: TextPart): Record<string, unknown> {
  const rest = new Set(REST_TEXT_SECTIONS);
  return Object.fromEntries(Object.entries(texts).filter(([section]) => rest.has(section) === (part === 'rest')));
}
