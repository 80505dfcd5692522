import { useTranslation } from 'react-i18next';
import type { ExemptionOrder } from '@kontor/domain/customer-settings-contracts';
import { addressLines } from '@kontor/domain/postal-address';
import { formatTaxId } from '@kontor/domain/service-request-summary';
import { useCountryName } from '../../lib/countries';
import { useLabels } from '../../lib/domain-labels';
import { useDomainText } from '../../lib/domain-text';
import { formatDate, formatMoney } from '../../lib/format';
import { useCustomerSettings } from '../../parts/queries/customer-settings';
import { useTaxEnabled, useTaxYear } from '../../parts/queries/tax';
import { taxPath } from '../../lib/paths';
import { LinkButton } from '../../ui/button';
import { ChangeLink, Facts, LinkRow, QueryCard } from './service-facts';
import styles from './settings.module.css';

/** Einstellungen → Adresse: the postal address as the back office stored it. */
export function AddressCard() {
  const { t } = useTranslation();
  const text = useDomainText();
  const settings = useCustomerSettings();
  return (
    <QueryCard title={t('settings.address.title')} query={settings} errorMessage={t('settings.service.loadError')}>
      {(data) => (
        <>
          {data.address ? (
            <address className={styles.address} data-address="">
              {addressLines(data.address).map((line) => (
                <span key={line}>{text(line)}</span>
              ))}
            </address>
          ) : (
            <p className={styles.muted}>{t('settings.profile.none')}</p>
          )}
          <LinkRow>
            <ChangeLink type="ADDRESS" what={t('settings.address.title')} />
          </LinkRow>
        </>
      )}
    </QueryCard>
  );
}

function periodText(order: ExemptionOrder, t: (key: string, options?: Record<string, unknown>) => string): string {
  return order.validTo
    ? t('settings.tax.period', { from: formatDate(order.validFrom), to: formatDate(order.validTo) })
    : t('settings.tax.periodOpen', { from: formatDate(order.validFrom) });
}

/**
 * Einstellungen → Steuerliche Angaben: where the customer is taxed (with the Steuer-ID), the
 * Freistellungsaufträge in effect and to come, and the years a loss certificate was issued for.
 */
export function TaxCard() {
  const { t } = useTranslation();
  const countryName = useCountryName();
  const settings = useCustomerSettings();
  const taxEnabled = useTaxEnabled();
  return (
    <QueryCard title={t('settings.tax.title')} query={settings} errorMessage={t('settings.service.loadError')}>
      {(data) => (
        <>
          <section className={styles.stack} aria-labelledby="settings-tax-residence">
            <h3 className={styles.subheading} id="settings-tax-residence">
              {t('settings.tax.residence')}
            </h3>
            {data.taxResidences.length === 0 ? (
              <p className={styles.muted}>{t('settings.profile.none')}</p>
            ) : (
              <Facts
                name="tax-residences"
                facts={data.taxResidences.map((r) => ({
                  key: r.country,
                  label: countryName(r.country),
                  value: t('settings.tax.taxId', { id: formatTaxId(r.taxId) }),
                }))}
              />
            )}
            <LinkRow>
              <ChangeLink type="TAX_RESIDENCE" what={t('settings.tax.residence')} />
            </LinkRow>
          </section>
          <section className={styles.stack} aria-labelledby="settings-tax-exemption">
            <h3 className={styles.subheading} id="settings-tax-exemption">
              {t('settings.tax.exemption')}
            </h3>
            {data.exemptionOrders.length === 0 ? (
              <p className={styles.muted}>{t('settings.tax.noExemption')}</p>
            ) : (
              <Facts
                name="exemption-orders"
                facts={data.exemptionOrders.map((order, index) => ({
                  key: order.id,
                  label: index === 0 ? t('settings.tax.exemptionFirst') : t('settings.tax.exemptionNext'),
                  value: (
                    <>
                      <strong>{formatMoney(order.amount)}</strong> · {periodText(order, t)}
                      {order.joint && <> · {t('settings.tax.joint', { name: `${order.joint.givenName} ${order.joint.familyName}` })}</>}
                    </>
                  ),
                }))}
              />
            )}
            <LinkRow>
              <ChangeLink type="EXEMPTION_ORDER" what={t('settings.tax.exemption')} />
            </LinkRow>
          </section>
          <section className={styles.stack} aria-labelledby="settings-tax-loss">
            <h3 className={styles.subheading} id="settings-tax-loss">
              {t('settings.tax.lossCertificates')}
            </h3>
            <p className={data.lossCertificateYears.length === 0 ? styles.muted : undefined} data-loss-years="">
              {data.lossCertificateYears.length === 0
                ? t('settings.tax.noLossCertificate')
                : t('settings.tax.lossYears', { years: [...data.lossCertificateYears].sort((a, b) => b - a).join(', ') })}
            </p>
            <LinkRow>
              <ChangeLink type="LOSS_CERTIFICATE" what={t('settings.tax.lossCertificates')} label={t('settings.tax.requestLoss')} />
            </LinkRow>
          </section>
          {taxEnabled && <ChurchTaxSection />}
        </>
      )}
    </QueryCard>
  );
}

/** The Kirchensteuermerkmal of this year and, when it differs, from the next; it is changed on the Steuern screen, beside what it does to the tax. */
function ChurchTaxSection() {
  const { t } = useTranslation();
  const { label } = useLabels();
  const year = useTaxYear(null);
  return (
    <section className={styles.stack} aria-labelledby="settings-church-tax">
      <h3 className={styles.subheading} id="settings-church-tax">
        {t('settings.tax.churchTax')}
      </h3>
      <p data-church-tax="" aria-busy={year.isPending}>
        {year.data ? label('churchTax', year.data.churchTax) : year.isError ? t('settings.service.loadError') : t('settings.tax.loading')}
      </p>
      {year.data && year.data.churchTaxNext.churchTax !== year.data.churchTax && (
        <p data-church-tax-next={year.data.churchTaxNext.year}>
          {t('settings.tax.churchTaxNext', { year: year.data.churchTaxNext.year, rate: label('churchTax', year.data.churchTaxNext.churchTax) })}
        </p>
      )}
      <p className={styles.muted}>{t('settings.tax.churchTaxNote')}</p>
      <LinkRow>
        <LinkButton variant="secondary" size="sm" href={taxPath()}>
          {t('settings.service.change')}
          <span className="visually-hidden"> ({t('settings.tax.churchTax')})</span>
        </LinkButton>
      </LinkRow>
    </section>
  );
}
