import type { ReactNode } from 'react';
import { Link } from 'react-aria-components';
import { useConfig } from '../lib/config';
import { instrumentPath } from '../lib/paths';

/**
 * The instrument page exists only with the `instrumentDetail` feature flag (spec §9). Every link
 * to it goes through here, so that switching the flag off leaves no way to the page: the name is
 * then plain text.
 */

/** The instrument page's address, or null when the configuration offers no instrument page. */
export function useInstrumentPath(): (isin: string) => string | null {
  const detail = useConfig().featureFlags.instrumentDetail;
  return (isin) => (detail ? instrumentPath(isin) : null);
}

/** A link to the instrument page; without the page, its content as text. */
export function InstrumentLink({ isin, className, children }: { isin: string; className?: string; children: ReactNode }) {
  const path = useInstrumentPath()(isin);
  return path ? (
    <Link href={path} className={className}>
      {children}
    </Link>
  ) : (
    <span className={className} data-no-detail="">
      {children}
    </span>
  );
}
