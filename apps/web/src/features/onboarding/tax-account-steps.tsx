import { FormProvider, useFieldArray, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formatIban } from '@kontor/domain/iban';
import { HOLDER_MESSAGE, accountStepSchema, holderIsCustomer, taxStepSchema, type AccountData, type TaxData } from '@kontor/domain/onboarding';
import type { OnboardingApplication } from '@kontor/domain/onboarding-contracts';
import { Button } from '../../ui/button';
import { Check, CountrySelect, TextInput } from '../../ui/form-controls';
import { StepFrame } from './step-frame';
import { useStepForm } from './step-form';
import layout from '../../ui/form-layout.module.css';
import styles from './onboarding.module.css';
import { useDomainText } from '../../lib/domain-text';

type StepProps = { application: OnboardingApplication; onSaved: (application: OnboardingApplication) => void; onBack: () => void };

/** The schema's limit of tax countries. */
const MAX_TAX_RESIDENCES = 5;

type TaxValues = { taxResidences: { country: string; taxId: string }[]; notUsPerson: boolean };

/** Step 3: where the customer pays tax, with the tax ID of each country, and that they are no US person. */
export function TaxStep({ application, onSaved, onBack }: StepProps) {
  const { t } = useTranslation();
  const text = useDomainText();
  const saved = application.tax;
  const { methods, submit, error, submitting } = useStepForm<'tax', TaxValues>({
    step: 'tax',
    schema: taxStepSchema,
    defaults: {
      taxResidences: saved?.taxResidences.length ? saved.taxResidences : [{ country: application.personal?.address.country ?? 'DE', taxId: '' }],
      notUsPerson: saved?.notUsPerson ?? false,
    },
    toData: (values): TaxData => ({
      taxResidences: values.taxResidences.map((row) => ({ country: row.country, taxId: row.taxId.trim() })),
      notUsPerson: values.notUsPerson as true,
    }),
    onSaved,
  });
  const rows = useFieldArray({ control: methods.control, name: 'taxResidences' });
  const values = useWatch({ control: methods.control, name: 'taxResidences' });
  const rootError = methods.formState.errors.taxResidences?.root?.message ?? methods.formState.errors.taxResidences?.message;

  return (
    <FormProvider {...methods}>
      <StepFrame
        step="tax"
        title={t('onboarding.tax.title')}
        intro={t('onboarding.tax.intro')}
        error={error}
        onSubmit={(event) => void submit(event)}
        onBack={onBack}
        submitting={submitting}
      >
        {rows.fields.map((row, i) => {
          const german = values?.[i]?.country === 'DE';
          return (
            <fieldset key={row.id} className={layout.group}>
              <legend className={styles.legend}>{t('onboarding.tax.residence', { n: i + 1 })}</legend>
              <CountrySelect name={`taxResidences.${i}.country`} label={t('onboarding.tax.country')} />
              <TextInput
                name={`taxResidences.${i}.taxId`}
                label={german ? t('onboarding.tax.germanTaxId') : t('onboarding.tax.taxId')}
                description={german ? t('onboarding.tax.germanTaxIdHint') : undefined}
                inputMode={german ? 'numeric' : undefined}
                autoComplete="off"
              />
              {rows.fields.length > 1 && (
                <div>
                  <Button variant="ghost" size="sm" onPress={() => rows.remove(i)} aria-label={t('onboarding.tax.removeRow', { n: i + 1 })}>
                    {t('onboarding.tax.remove')}
                  </Button>
                </div>
              )}
            </fieldset>
          );
        })}
        {rootError && (
          <p className={layout.error} role="alert">
            {text(rootError)}
          </p>
        )}
        {rows.fields.length < MAX_TAX_RESIDENCES && (
          <div>
            <Button variant="secondary" size="sm" onPress={() => rows.append({ country: '', taxId: '' })}>
              {t('onboarding.tax.add')}
            </Button>
          </div>
        )}
        <Check name="notUsPerson" description={t('onboarding.tax.notUsPersonHint')}>
          {t('onboarding.tax.notUsPerson')}
        </Check>
      </StepFrame>
    </FormProvider>
  );
}

type AccountValues = { iban: string; holder: string; mobileNumber: string };

/** Step 4: the reference account in the customer's own name, and the mobile number for TANs. */
export function AccountStep({ application, onSaved, onBack }: StepProps) {
  const { t } = useTranslation();
  const saved = application.account;
  const ownName = application.personal ? `${application.personal.givenName} ${application.personal.familyName}` : '';
  const { methods, submit, error, submitting } = useStepForm<'account', AccountValues>({
    step: 'account',
    schema: accountStepSchema.superRefine((data, ctx) => {
      if (application.personal && !holderIsCustomer(data.holder, application.personal)) ctx.addIssue({ code: 'custom', path: ['holder'], message: HOLDER_MESSAGE });
    }),
    defaults: { iban: saved ? formatIban(saved.iban) : '', holder: saved?.holder ?? ownName, mobileNumber: saved?.mobileNumber ?? '' },
    toData: (values): AccountData => ({ iban: values.iban.replace(/\s+/g, '').toUpperCase(), holder: values.holder.trim(), mobileNumber: values.mobileNumber.trim() }),
    onSaved,
  });
  return (
    <FormProvider {...methods}>
      <StepFrame
        step="account"
        title={t('onboarding.account.title')}
        intro={t('onboarding.account.intro')}
        error={error}
        onSubmit={(event) => void submit(event)}
        onBack={onBack}
        submitting={submitting}
      >
        <fieldset className={layout.group}>
          <legend className={styles.legend}>{t('onboarding.account.referenceAccount')}</legend>
          <TextInput name="iban" label={t('onboarding.account.iban')} description={t('onboarding.account.ibanHint')} autoComplete="off" />
          <TextInput name="holder" label={t('onboarding.account.holder')} description={t('onboarding.account.holderHint')} autoComplete="name" />
        </fieldset>
        <TextInput
          name="mobileNumber"
          type="tel"
          label={t('onboarding.account.mobileNumber')}
          description={t('onboarding.account.mobileNumberHint')}
          autoComplete="tel"
          inputMode="tel"
        />
      </StepFrame>
    </FormProvider>
  );
}
