import type { NoticePage } from '@kontor/domain/notes-contracts';

/** Route prefixes and the notice page they are (the first match counts). */
const PAGES: readonly [prefix: string, page: NoticePage | null][] = [
  ['/depot', 'DEPOT'],
  ['/orders', 'ORDERS'],
  ['/geldtransfer', 'MONEY'],
  ['/sparplaene', 'SAVINGS_PLANS'],
  ['/posteingang', 'POSTEINGANG'],
  ['/einstellungen', 'SETTINGS'],
  ['/kapitalmassnahmen', 'CORPORATE_ACTIONS'],
  ['/steuern', 'TAX'],
  ['/wertpapier/', 'INSTRUMENT'],
  // The Notizen page lists every notice itself.
  ['/notizen', null],
];

/**
 * The notice page of a route, and the instrument of an instrument page: which banners the app
 * shell shows above it. A route no notice names gets only the notices for every page.
 */
export function noticePageOf(pathname: string): { page: NoticePage | null; isin: string | null } {
  const found = PAGES.find(([prefix]) => pathname === prefix || pathname.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`));
  if (!found) return { page: pathname === '/' ? 'DEPOT' : 'ALL', isin: null };
  const [prefix, page] = found;
  const isin = page === 'INSTRUMENT' ? decodeURIComponent(pathname.slice(prefix.length).split('/')[0] ?? '') || null : null;
  return { page, isin };
}
