import type { NoticeValues } from './store.ts';

/** Midnight at the end of `day`.`month`. in Berlin (winter time, UTC+1), as UTC. */
const endOfBerlinDay = (year: number, month: number, day: number) => new Date(Date.UTC(year, month - 1, day, 23, 0, 0));

/**
 * The notices Kontor has for every customer at the demo's start. Their dates follow the clock they
 * are first seeded by: the next 12.12. for the instruction deadline, the next 1.1. for the price list.
 */
export function kontorNotices(now: Date, priceListUrl: string): NoticeValues[] {
  const year = now.getUTCFullYear();
  const deadline = endOfBerlinDay(year, 12, 12) > now ? endOfBerlinDay(year, 12, 12) : endOfBerlinDay(year + 1, 12, 12);
  const newYear = new Date(Date.UTC(now.getUTCMonth() === 0 && now.getUTCDate() === 1 ? year : year + 1, 0, 1, 0, 0, 0));
  return [
    {
      id: 'steuer-id',
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
    {
      id: 'weisung-1212',
      pages: ['CORPORATE_ACTIONS'],
      level: 'action',
      title: 'Weisung bis 12.12. möglich',
      body: 'Für eine Kapitalmaßnahme in Ihrem Depot können Sie bis zum 12.12. eine Weisung erteilen. Ohne Weisung gilt die Standardoption.',
      link: '/kapitalmassnahmen',
      linkLabel: 'Weisung erteilen',
      isin: null,
      validFrom: now,
      validTo: deadline,
      audienceSub: null,
    },
  ];
}
