import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-aria-components';
import { useCustomer } from '../../lib/auth';
import { ticketsPath } from '../../lib/paths';
import { LinkButton } from '../../ui/button';
import { Card, CardsUnder } from '../../ui/card';
import { Page } from '../../ui/page';
import { ContractCard, ReferenceAccountCard, TerminationNote } from './account-cards';
import { AddressCard, TaxCard } from './address-tax-cards';
import { ChangePasswordCard } from './change-password-card';
import { EmailChangeSection } from './email-change';
import { MfaCard } from './mfa-card';
import { MobileNumberCard } from './mobile-number-card';
import { PreferencesCard } from './preferences-card';
import { SecurityLogCard } from './security-log-card';
import { StatsCard } from './stats-card';
import styles from './settings.module.css';

/**
 * Persönliche Daten: each item with the way to change it. The name changes only with a document
 * (a message to the service); the e-mail address here, with a TAN and a code to the new address;
 * the mobile number by a service request; address, tax residences and the reference account on
 * their own cards below.
 */
function ProfileCard() {
  const { t } = useTranslation();
  const customer = useCustomer();
  const name = [customer.givenName, customer.familyName].filter(Boolean).join(' ');
  const none = t('settings.profile.none');
  return (
    <Card title={t('settings.profile.title')}>
      <dl className={styles.facts}>
        <div>
          <dt>{t('settings.profile.name')}</dt>
          <dd>{name || none}</dd>
          <dd className={styles.muted}>
            {t('settings.profile.nameChange')}{' '}
            <Link href={ticketsPath()} className={styles.quietLink} data-change-type="NAME">
              {t('settings.profile.nameChangeLink')}
            </Link>
          </dd>
        </div>
        <div>
          <dt>{t('settings.profile.email')}</dt>
          <dd data-email>{customer.email ?? none}</dd>
        </div>
      </dl>
      <EmailChangeSection />
      <p className={styles.muted}>{t('settings.profile.hint')}</p>
    </Card>
  );
}

const SECTIONS = ['profile', 'account', 'security'] as const;
type SectionId = (typeof SECTIONS)[number];

/** One part of the settings: its heading, its cards under it, reachable from the list at the top. */
function Section({ id, children }: { id: SectionId; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <section id={`einstellungen-${id}`} aria-labelledby={`einstellungen-${id}-titel`} className={styles.section}>
      <h2 id={`einstellungen-${id}-titel`} className={styles.sectionTitle}>
        {t(`settings.sections.${id}`)}
      </h2>
      <CardsUnder>
        <div className={styles.grid}>{children}</div>
      </CardsUnder>
    </section>
  );
}

/**
 * /einstellungen: profile, what service requests change (address, reference account and mandate,
 * tax data, depot and contract details, each with its "Ändern"), the mobile number for TANs,
 * password, second factor, the applications with read access (`connectedApps`, composed in app/),
 * the way to the device list, the security log, and quietly at the bottom the termination.
 */
export function SettingsPage({ connectedApps }: { connectedApps?: ReactNode } = {}) {
  const { t } = useTranslation();
  return (
    <Page title={t('pages.settings.title')} description={t('settings.description')}>
      <nav aria-label={t('settings.sections.label')} className={styles.sectionNav}>
        {SECTIONS.map((id) => (
          <a key={id} href={`#einstellungen-${id}`} className={styles.sectionLink}>
            {t(`settings.sections.${id}`)}
          </a>
        ))}
      </nav>
      <Section id="profile">
        <ProfileCard />
        <AddressCard />
        <MobileNumberCard />
        <PreferencesCard />
      </Section>
      <Section id="account">
        <ReferenceAccountCard />
        <TaxCard />
        <ContractCard />
        <StatsCard />
      </Section>
      <Section id="security">
        <MfaCard />
        <ChangePasswordCard />
        {connectedApps}
        <Card title={t('settings.devices.title')}>
          <div className={styles.stack}>
            <p className={styles.muted}>{t('settings.devices.text')}</p>
            <div>
              <LinkButton variant="secondary" href="/geraete">
                {t('pages.settings.emptyAction')}
              </LinkButton>
            </div>
          </div>
        </Card>
        <SecurityLogCard />
      </Section>
      <div className={styles.footer}>
        <TerminationNote />
      </div>
    </Page>
  );
}
