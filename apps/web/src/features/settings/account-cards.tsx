import { useTranslation } from 'react-i18next';
import { Link } from 'react-aria-components';
import { useLabels } from '../../lib/domain-labels';
import { formatDate, formatDateTime } from '../../lib/format';
import { newTicketPath } from '../../lib/paths';
import { useCustomerSettings } from '../../parts/queries/customer-settings';
import { useMoneyOverview } from '../../parts/queries/money-overview';
import { Badge } from '../../ui/badge';
import { Notice } from '../../ui/notice';
import { ChangeLink, Facts, LinkRow, QueryCard } from './service-facts';
import styles from './settings.module.css';

/** Einstellungen → Referenzkonto: where payouts go, and whether Kontor may debit it (SEPA mandate). */
export function ReferenceAccountCard() {
  const { t } = useTranslation();
  const overview = useMoneyOverview();
  return (
    <QueryCard title={t('settings.account.title')} query={overview} errorMessage={t('settings.account.loadError')}>
      {(data) => (
        <>
          <Facts
            name="reference-account"
            facts={[
              { label: t('settings.account.iban'), value: data.referenceAccount ? <span className={styles.mono}>{data.referenceAccount.ibanMasked}</span> : t('settings.profile.none') },
              ...(data.referenceAccount ? [{ label: t('settings.account.holder'), value: data.referenceAccount.holder }] : []),
            ]}
          />
          <LinkRow>
            <ChangeLink type="REFERENCE_ACCOUNT" what={t('settings.account.title')} />
          </LinkRow>
          <h3 className={styles.subheading}>{t('settings.account.mandate')}</h3>
          <p className={styles.number} data-mandate="">
            {data.directDebit.mandate ? (
              <>
                <Badge tone="success">{t('settings.account.mandateGranted')}</Badge>
                <span className={styles.muted}>{t('settings.account.mandateSince', { date: formatDate(data.directDebit.mandate.signedAt) })}</span>
              </>
            ) : (
              <Badge tone="neutral">{t('settings.account.mandateNone')}</Badge>
            )}
          </p>
          <LinkRow>
            <ChangeLink
              type="DIRECT_DEBIT_MANDATE"
              what={t('settings.account.mandate')}
              label={data.directDebit.mandate ? t('settings.account.mandateRevoke') : t('settings.account.mandateGrant')}
            />
          </LinkRow>
        </>
      )}
    </QueryCard>
  );
}

/**
 * Einstellungen → Depot und Verträge: the Depotauszug's day, the ID document's validity, the
 * crypto address and the Lombardkredit documents, each changed by a service request.
 */
export function ContractCard() {
  const { t } = useTranslation();
  const { label } = useLabels();
  const settings = useCustomerSettings();
  const none = t('settings.profile.none');
  return (
    <QueryCard title={t('settings.contract.title')} query={settings} errorMessage={t('settings.service.loadError')}>
      {(data) => (
        <ul className={styles.methods}>
          <li className={styles.method} data-setting="portfolio-report">
            <div className={styles.methodText}>
              <p className={styles.methodName}>{t('settings.contract.portfolioReport')}</p>
              <p className={styles.muted}>{t('settings.contract.portfolioReportValue', { day: label('portfolioReportDueDate', data.portfolioReportDueDate) })}</p>
            </div>
            <ChangeLink type="PORTFOLIO_REPORT_DUE_DATE" what={t('settings.contract.portfolioReport')} />
          </li>
          <li className={styles.method} data-setting="id-document">
            <div className={styles.methodText}>
              <p className={styles.methodName}>{t('settings.contract.idDocument')}</p>
              <p className={styles.muted} data-id-valid-until="">
                {data.idDocumentValidUntil ? t('settings.contract.validUntil', { date: formatDate(data.idDocumentValidUntil) }) : none}
              </p>
            </div>
            <ChangeLink type="ID_DOCUMENT" what={t('settings.contract.idDocument')} label={t('settings.contract.renew')} />
          </li>
          <li className={styles.method} data-setting="crypto-address">
            <div className={styles.methodText}>
              <p className={styles.methodName}>{t('settings.contract.crypto')}</p>
              <p className={styles.muted}>
                {data.cryptoAddressConfirmedAt ? t('settings.contract.confirmedAt', { date: formatDateTime(data.cryptoAddressConfirmedAt) }) : t('settings.contract.notConfirmed')}
              </p>
            </div>
            <ChangeLink type="CRYPTO_ADDRESS" what={t('settings.contract.crypto')} label={t('settings.contract.confirm')} />
          </li>
          <li className={styles.method} data-setting="lombard">
            <div className={styles.methodText}>
              <p className={styles.methodName}>{t('settings.contract.lombard')}</p>
              <p className={styles.muted}>
                {data.lombardDocumentsConfirmedAt
                  ? t('settings.contract.lombardConfirmed', {
                      date: formatDate(data.lombardDocumentsConfirmedAt),
                      documents: data.lombardConfirmedDocuments.map((d) => label('lombardDocument', d)).join(', '),
                    })
                  : t('settings.contract.notConfirmed')}
              </p>
            </div>
            <ChangeLink type="LOMBARD_DOCUMENTS" what={t('settings.contract.lombard')} label={t('settings.contract.confirm')} />
          </li>
        </ul>
      )}
    </QueryCard>
  );
}

/** At the bottom, quiet: the way to end the contract, or the termination already asked for. */
export function TerminationNote() {
  const { t } = useTranslation();
  const { label } = useLabels();
  const settings = useCustomerSettings();
  const termination = settings.data?.termination;
  if (termination) {
    return (
      <Notice tone="warning" title={t('settings.termination.requestedTitle')}>
        {t('settings.termination.requested', { date: formatDate(termination.requestedAt), reason: label('terminationReason', termination.reason) })}
      </Notice>
    );
  }
  return (
    <p className={styles.muted}>
      {t('settings.termination.text')}{' '}
      <Link href={newTicketPath('TERMINATION')} className={styles.quietLink} data-change-type="TERMINATION">
        {t('settings.termination.link')}
      </Link>
    </p>
  );
}
