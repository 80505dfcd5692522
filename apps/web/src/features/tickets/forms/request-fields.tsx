import { useTranslation } from 'react-i18next';
import { useFormContext } from 'react-hook-form';
import {
  LOMBARD_DOCUMENTS,
  PORTFOLIO_REPORT_DUE_DATES,
  TERMINATION_REASONS,
  lossCertificateDeadline,
  type ServiceRequestType,
} from '@kontor/domain/service-requests';
import { addressLines } from '@kontor/domain/postal-address';
import { germanDate, germanDateTime } from '@kontor/domain/service-request-summary';
import { useLabels } from '../../../lib/domain-labels';
import { useDomainText } from '../../../lib/domain-text';
import { useCustomer } from '../../../lib/auth';
import { useCustomerSettings } from '../../../parts/queries/customer-settings';
import { Notice } from '../../../ui/notice';
import { Skeleton } from '../../../ui/skeleton';
import { AddressFields, TaxResidenceFields } from './address-fields';
import { ExemptionOrderFields } from './exemption-order-fields';
import { Check, CheckInList, FieldMessage, Radios, TextArea, TextInput } from './form-controls';
import { groupIban, type FormValues } from './form-model';
import { IdDocumentFields, type IdFiles } from './id-document-fields';
import layout from '../../../ui/form-layout.module.css';
import styles from './forms.module.css';

export type RequestFieldsProps = {
  type: ServiceRequestType;
  today: string;
  /** ID_DOCUMENT: the files chosen, not yet uploaded. */
  files: IdFiles;
  /** EXEMPTION_ORDER: shows the preview of the current values. */
  onPreview: () => void;
  previewing: boolean;
};

/** The fields of one request type. */
export function RequestFields({ type, today, files, onPreview, previewing }: RequestFieldsProps) {
  switch (type) {
    case 'MOBILE_NUMBER':
      return <MobileNumberFields />;
    case 'REFERENCE_ACCOUNT':
      return <ReferenceAccountFields />;
    case 'DIRECT_DEBIT_MANDATE':
      return <DirectDebitMandateFields />;
    case 'PORTFOLIO_REPORT_DUE_DATE':
      return <PortfolioReportFields />;
    case 'ADDRESS':
      return <AddressFields />;
    case 'TAX_RESIDENCE':
      return <TaxResidenceFields />;
    case 'EXEMPTION_ORDER':
      return <ExemptionOrderFields today={today} onPreview={onPreview} previewing={previewing} />;
    case 'LOSS_CERTIFICATE':
      return <LossCertificateFields today={today} />;
    case 'CRYPTO_ADDRESS':
      return <CryptoAddressFields />;
    case 'ID_DOCUMENT':
      return <IdDocumentFields files={files} />;
    case 'TERMINATION':
      return <TerminationFields />;
    case 'LOMBARD_DOCUMENTS':
      return <LombardFields />;
  }
}

function MobileNumberFields() {
  const { t } = useTranslation();
  return (
    <TextInput
      name="newMobileNumber"
      label={t('tickets.forms.mobile.label')}
      description={t('tickets.forms.mobile.hint')}
      type="tel"
      inputMode="tel"
      autoComplete="tel"
    />
  );
}

function ReferenceAccountFields() {
  const { t } = useTranslation();
  const customer = useCustomer();
  const holder = [customer.givenName, customer.familyName].filter(Boolean).join(' ');
  return (
    <>
      <TextInput name="newReferenceAccountIban" label={t('tickets.forms.iban.label')} parse={groupIban} autoComplete="off" spellCheck="false" />
      <dl className={styles.facts}>
        <div>
          <dt>{t('tickets.forms.iban.holder')}</dt>
          <dd>{holder || '—'}</dd>
        </div>
      </dl>
      <Notice>{t('tickets.forms.iban.ownName')}</Notice>
    </>
  );
}

function DirectDebitMandateFields() {
  const { t } = useTranslation();
  return (
    <>
      <p className={styles.muted}>{t('tickets.forms.mandate.intro')}</p>
      <Radios
        name="directDebitMandate"
        label={t('tickets.forms.mandate.label')}
        options={[
          { value: 'GRANT', label: t('tickets.forms.mandate.grant') },
          { value: 'REVOKE', label: t('tickets.forms.mandate.revoke') },
        ]}
      />
    </>
  );
}

function PortfolioReportFields() {
  const { t } = useTranslation();
  const { label } = useLabels();
  return (
    <Radios
      name="portfolioReportDueDate"
      label={t('tickets.forms.dueDate.label')}
      description={t('tickets.forms.dueDate.hint')}
      options={PORTFOLIO_REPORT_DUE_DATES.map((d) => ({ value: d, label: label('portfolioReportDueDate', d) }))}
    />
  );
}

function LossCertificateFields({ today }: { today: string }) {
  const { t } = useTranslation();
  const deadline = germanDate(lossCertificateDeadline(Number(today.slice(0, 4))));
  return (
    <>
      <Notice title={t('tickets.forms.loss.deadlineTitle', { date: deadline })}>{t('tickets.forms.loss.deadline', { date: deadline })}</Notice>
      <fieldset className={layout.group}>
        <legend className={styles.legend}>{t('tickets.forms.loss.label')}</legend>
        <Check name="lossOffsetResetStocks" description={t('tickets.forms.loss.stocksHint')}>
          {t('tickets.forms.loss.stocks')}
        </Check>
        <Check name="lossOffsetResetOther" description={t('tickets.forms.loss.otherHint')}>
          {t('tickets.forms.loss.other')}
        </Check>
      </fieldset>
    </>
  );
}

function CryptoAddressFields() {
  const { t } = useTranslation();
  const text = useDomainText();
  const settings = useCustomerSettings();
  return (
    <>
      <div className={layout.group}>
        <h3 className={styles.legend}>{t('tickets.forms.crypto.current')}</h3>
        {settings.isPending ? (
          <div role="status" aria-busy="true">
            <span className="visually-hidden">{t('common.loading')}</span>
            <Skeleton height="4rem" />
          </div>
        ) : settings.data?.address ? (
          <address className={styles.address}>
            {addressLines(settings.data.address).map((line) => (
              <span key={line}>{text(line)}</span>
            ))}
          </address>
        ) : (
          <Notice tone="warning">{t(settings.isError ? 'tickets.forms.crypto.loadFailed' : 'tickets.forms.crypto.none')}</Notice>
        )}
        {settings.data?.cryptoAddressConfirmedAt && (
          <p className={styles.muted}>{t('tickets.forms.crypto.lastConfirmed', { when: germanDateTime(settings.data.cryptoAddressConfirmedAt) })}</p>
        )}
      </div>
      <Check name="cryptoCurrent" description={t('tickets.forms.crypto.hint')}>
        {t('tickets.forms.crypto.confirm')}
      </Check>
    </>
  );
}

function TerminationFields() {
  const { t } = useTranslation();
  const { label } = useLabels();
  return (
    <>
      <Notice tone="warning" title={t('tickets.forms.termination.warningTitle')}>
        {t('tickets.forms.termination.warning')}
      </Notice>
      <Radios name="terminationReason" label={t('tickets.forms.termination.reason')} options={TERMINATION_REASONS.map((r) => ({ value: r, label: label('terminationReason', r) }))} />
      <TextArea name="terminationComment" label={t('tickets.forms.termination.comment')} description={t('tickets.forms.termination.commentHint')} />
    </>
  );
}

function LombardFields() {
  const { t } = useTranslation();
  const { label } = useLabels();
  const { formState } = useFormContext<FormValues>();
  return (
    <fieldset className={layout.group}>
      <legend className={styles.legend}>{t('tickets.forms.lombard.label')}</legend>
      {LOMBARD_DOCUMENTS.map((d) => (
        <CheckInList key={d} name="lombardConfirmedDocuments" value={d}>
          {label('lombardDocument', d)}
        </CheckInList>
      ))}
      <FieldMessage message={formState.errors.lombardConfirmedDocuments?.message} />
    </fieldset>
  );
}
