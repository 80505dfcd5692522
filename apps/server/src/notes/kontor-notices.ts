import type { NoticeValues } from './store.ts';

/** The notice asking for the Steuer-ID: settled for a customer with a tax ID on file. */
export const TAX_ID_NOTICE = 'steuer-id';

/**
 * The notices Kontor has for every customer at the demo's start. Their dates follow the clock they
 * are first seeded by: the next 1.1. for the price list. (A corporate action's deadline is a notice
 * of its own, for the customers it concerns.)
 */
export function kontorNotices(now: Date, priceListUrl: string): NoticeValues[] {
  const year = now.getUTCFullYear();
  const newYear = new Date(Date.UTC(now.getUTCMonth() === 0 && now.getUTCDate() === 1 ? year : year + 1, 0, 1, 0, 0, 0));
  return [
    {
      id: TAX_ID_NOTICE,
      pages: ['SETTINGS', 'DEPOT'],
      level: 'action',
      title: 'Bitte ergänzen Sie Ihre Steuer-ID',
      body: 'Wir sind gesetzlich verpflichtet, Ihre steuerliche Identifikationsnummer zu erfassen. Sie finden sie auf Ihrem Einkommensteuerbescheid.',
      link: '/einstellungen',
      linkLabel: 'Zu den Einstellungen',
      isin: null,
      validFrom: now,
      validTo: null,
      audienceSub: null,
    },
    {
      id: 'preisverzeichnis',
      pages: ['ALL'],
      level: 'info',
      title: 'Neues Preis- und Leistungsverzeichnis ab 1.1.',
      body: 'Zum Jahreswechsel gilt ein neues Preis- und Leistungsverzeichnis. Ihre Orderentgelte bleiben unverändert.',
      link: priceListUrl,
      linkLabel: 'Preis- und Leistungsverzeichnis',
      isin: null,
      validFrom: now,
      // Shown through January, so a customer who was away still sees it.
      validTo: new Date(newYear.getTime() + 31 * 24 * 3600 * 1000),
      audienceSub: null,
    },
  ];
}
