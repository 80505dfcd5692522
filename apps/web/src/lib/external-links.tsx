import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-aria-components';

/**
 * The configured links of spec §2 (config.externalLinks) are either a page of the app itself
 * ('/preisverzeichnis', '/registrieren') or an address outside it. App pages open in place through
 * the router; outside addresses open in a new window and say so.
 */

/** An app path: starts with one "/" (not "//host", which is another site). */
export function isAppPath(href: string): boolean {
  return href.startsWith('/') && !href.startsWith('//');
}

export function ConfiguredLink({ href, className, children }: { href: string; className?: string; children: ReactNode }) {
  const { t } = useTranslation();
  if (isAppPath(href)) {
    return (
      <Link href={href} className={className}>
        {children}
      </Link>
    );
  }
  return (
    <a href={href} className={className} target="_blank" rel="noopener noreferrer" title={t('footer.newWindow')}>
      {children}
    </a>
  );
}

/**
 * Where the app goes after sign-out: the configured logout address when it is an absolute URL of
 * another site (e.g. the product website's "Sie sind abgemeldet" page), else the sign-in page.
 */
export function afterSignOut(logout: string, origin: string): { external: string } | { path: '/anmelden' } {
  try {
    const url = new URL(logout);
    if ((url.protocol === 'https:' || url.protocol === 'http:') && url.origin !== origin) return { external: url.toString() };
  } catch {
    // Not absolute: an app path or nothing.
  }
  return { path: '/anmelden' };
}

/** Leaves the app for another site (an object, so that a test can watch it). */
export const leaveApp = {
  to(url: string): void {
    window.location.assign(url);
  },
};
