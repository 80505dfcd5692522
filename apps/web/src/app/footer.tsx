import { useTranslation } from 'react-i18next';
import type { ExternalLinks } from '@kontor/domain/runtime-config';
import { TimeTravel } from '../features/dev-tools/time-travel';
import { useConfig } from '../lib/config';
import { ConfiguredLink } from '../lib/external-links';
import styles from './layout.module.css';

/** The external links of spec §2 that belong in a footer, in the order customers look for them. */
const FOOTER_LINKS = [
  'imprint',
  'dataProtection',
  'termsOfUse',
  'priceList',
  'faq',
  'securityNotes',
  'fairUsePolicy',
  'disclaimer',
  'forms',
  'depotTransfer',
  'website',
] as const satisfies readonly (keyof ExternalLinks)[];

export function Footer() {
  const { t } = useTranslation();
  const { externalLinks, devTools } = useConfig();
  const newWindow = t('footer.newWindow');
  return (
    <footer className={styles.footer}>
      <div className={styles.footerInner}>
        <TimeTravel enabled={devTools === true} />
        <nav aria-label={t('footer.label')}>
          <ul className={styles.footerLinks}>
            {FOOTER_LINKS.filter((key) => externalLinks[key]).map((key) => (
              <li key={key}>
                {/* A page of the app itself (the price list) opens in place. */}
                <ConfiguredLink href={externalLinks[key]}>{t(`footer.links.${key}`)}</ConfiguredLink>
              </li>
            ))}
          </ul>
        </nav>
        {externalLinks.socialMedia.length > 0 && (
          <ul className={styles.footerLinks} aria-label={t('footer.socialMedia')}>
            {externalLinks.socialMedia.map(({ name, url }) => (
              <li key={url}>
                <a href={url} target="_blank" rel="noopener noreferrer" title={newWindow}>
                  {name}
                </a>
              </li>
            ))}
          </ul>
        )}
        <p>© {new Date().getFullYear()} Kontor</p>
      </div>
    </footer>
  );
}
