import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPhoneNumber } from '@kontor/domain/phone';
import { useCustomer } from '../../lib/auth';
import { LinkButton } from '../../ui/button';
import { Card } from '../../ui/card';
import { Page } from '../../ui/page';
import { ContractCard, ReferenceAccountCard, TerminationNote } from './account-cards';
import { AddressCard, TaxCard } from './address-tax-cards';
import { ChangePasswordCard } from './change-password-card';
import { MfaCard } from './mfa-card';
import { MobileNumberCard } from './mobile-number-card';
import styles from './settings.module.css';

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
        </div>
        <div>
          <dt>{t('settings.profile.email')}</dt>
          <dd>{customer.email ?? none}</dd>
        </div>
        <div>
          <dt>{t('settings.profile.phone')}</dt>
          <dd>{customer.phoneNumber ? formatPhoneNumber(customer.phoneNumber) : none}</dd>
        </div>
      </dl>
      <p className={styles.muted}>{t('settings.profile.hint')}</p>
    </Card>
  );
}

/**
 * /einstellungen: profile, what service requests change (address, reference account and mandate,
 * tax data, depot and contract details, each with its "Ändern"), the mobile number for TANs,
 * password, second factor, the applications with read access (`connectedApps`, composed in app/),
 * the way to the device list, and quietly at the bottom the termination.
 */
export function SettingsPage({ connectedApps }: { connectedApps?: ReactNode } = {}) {
  const { t } = useTranslation();
  return (
    <Page title={t('pages.settings.title')} description={t('settings.description')}>
      <div className={styles.grid}>
        <ProfileCard />
        <AddressCard />
        <MobileNumberCard />
        <ReferenceAccountCard />
        <TaxCard />
        <ContractCard />
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
      </div>
      <div className={styles.footer}>
        <TerminationNote />
      </div>
    </Page>
  );
}
