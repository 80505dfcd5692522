import { FormProvider, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { countryHasPostalCodes } from '@kontor/domain/postal-code';
import { SALUTATIONS, birthDateProblem, personalStepSchema, type PersonalData } from '@kontor/domain/onboarding';
import type { OnboardingApplication } from '@kontor/domain/onboarding-contracts';
import { useServerToday } from '../../lib/server-today';
import { CountrySelect, Radios, TextInput } from './fields';
import { StepFrame } from './step-frame';
import { useStepForm } from './step-form';
import styles from './onboarding.module.css';

type PersonalValues = Omit<PersonalData, 'address'> & {
  address: { street: string; street2: string; houseNumber: string; houseNumber2: string; postalCode: string; city: string; country: string };
};

const blankToNull = (value: string) => (value.trim() === '' ? null : value.trim());

function toData(values: PersonalValues): PersonalData {
  const a = values.address;
  return {
    ...values,
    givenName: values.givenName.trim(),
    familyName: values.familyName.trim(),
    birthPlace: values.birthPlace.trim(),
    address: {
      street: a.street.trim(),
      street2: blankToNull(a.street2),
      houseNumber: a.houseNumber.trim(),
      houseNumber2: blankToNull(a.houseNumber2),
      postalCode: a.postalCode.trim(),
      city: a.city.trim(),
      country: a.country,
    },
  };
}

function defaults(saved: PersonalData | null): PersonalValues {
  const a = saved?.address;
  return {
    salutation: saved?.salutation ?? ('' as PersonalData['salutation']),
    givenName: saved?.givenName ?? '',
    familyName: saved?.familyName ?? '',
    birthDate: saved?.birthDate ?? '',
    birthPlace: saved?.birthPlace ?? '',
    nationality: saved?.nationality ?? 'DE',
    address: {
      street: a?.street ?? '',
      street2: a?.street2 ?? '',
      houseNumber: a?.houseNumber ?? '',
      houseNumber2: a?.houseNumber2 ?? '',
      postalCode: a?.postalCode ?? '',
      city: a?.city ?? '',
      country: a?.country ?? 'DE',
    },
  };
}

/** Step 2: name, date and place of birth, nationality and the address (postal code by the country's pattern). */
export function PersonalStep({ application, onSaved }: { application: OnboardingApplication; onSaved: (application: OnboardingApplication) => void }) {
  const { t } = useTranslation();
  const today = useServerToday();
  const { methods, submit, error, submitting } = useStepForm<'personal', PersonalValues>({
    step: 'personal',
    // The age is checked on the server's day; the device's (or the simulated clock's) day is a close guess.
    schema: personalStepSchema.superRefine((data, ctx) => {
      const problem = today ? birthDateProblem(data.birthDate, today) : null;
      if (problem) ctx.addIssue({ code: 'custom', path: ['birthDate'], message: problem });
    }),
    defaults: defaults(application.personal),
    toData,
    onSaved,
  });
  const country = useWatch({ control: methods.control, name: 'address.country' });
  return (
    <FormProvider {...methods}>
      <StepFrame
        step="personal"
        title={t('onboarding.personal.title')}
        intro={t('onboarding.personal.intro')}
        error={error}
        onSubmit={(event) => void submit(event)}
        submitting={submitting}
      >
        <Radios
          name="salutation"
          label={t('onboarding.personal.salutation')}
          options={SALUTATIONS.map((value) => ({ value, label: t(`onboarding.salutations.${value}`) }))}
        />
        <div className={styles.row}>
          <TextInput name="givenName" label={t('onboarding.personal.givenName')} autoComplete="given-name" maxLength={100} className={styles.grow} />
          <TextInput name="familyName" label={t('onboarding.personal.familyName')} autoComplete="family-name" maxLength={100} className={styles.grow} />
        </div>
        <div className={styles.row}>
          <TextInput name="birthDate" type="date" label={t('onboarding.personal.birthDate')} autoComplete="bday" className={styles.grow} />
          <TextInput name="birthPlace" label={t('onboarding.personal.birthPlace')} maxLength={100} className={styles.grow} />
        </div>
        <CountrySelect name="nationality" label={t('onboarding.personal.nationality')} />
        <fieldset className={styles.group}>
          <legend className={styles.legend}>{t('onboarding.personal.address')}</legend>
          <div className={styles.row}>
            <TextInput name="address.street" label={t('onboarding.address.street')} autoComplete="address-line1" className={styles.grow} />
            <TextInput name="address.houseNumber" label={t('onboarding.address.houseNumber')} className={styles.short} />
          </div>
          <div className={styles.row}>
            <TextInput name="address.street2" label={t('onboarding.address.street2')} autoComplete="address-line2" className={styles.grow} />
            <TextInput name="address.houseNumber2" label={t('onboarding.address.houseNumber2')} className={styles.short} />
          </div>
          <div className={styles.row}>
            <TextInput
              name="address.postalCode"
              label={t('onboarding.address.postalCode')}
              description={countryHasPostalCodes(country) ? undefined : t('onboarding.address.noPostalCode')}
              autoComplete="postal-code"
              className={styles.short}
            />
            <TextInput name="address.city" label={t('onboarding.address.city')} autoComplete="address-level2" className={styles.grow} />
          </div>
          <CountrySelect name="address.country" label={t('onboarding.address.country')} />
        </fieldset>
      </StepFrame>
    </FormProvider>
  );
}
