import { FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SALUTATIONS, birthDateProblem, personalStepSchema, type PersonalData } from '@kontor/domain/onboarding';
import type { OnboardingApplication } from '@kontor/domain/onboarding-contracts';
import { useServerToday } from '../../lib/server-today';
import { AddressFields } from '../../ui/address-fields';
import { CountrySelect, Radios, TextInput } from '../../ui/form-controls';
import { StepFrame } from './step-frame';
import { useStepForm } from './step-form';
import layout from '../../ui/form-layout.module.css';
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

/** The form's fields of the address's parts. */
const ADDRESS_FIELDS = {
  street: 'address.street',
  houseNumber: 'address.houseNumber',
  street2: 'address.street2',
  houseNumber2: 'address.houseNumber2',
  postalCode: 'address.postalCode',
  city: 'address.city',
  country: 'address.country',
};

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
          orientation="horizontal"
        />
        <div className={layout.row}>
          <TextInput name="givenName" label={t('onboarding.personal.givenName')} autoComplete="given-name" maxLength={100} className={layout.grow} />
          <TextInput name="familyName" label={t('onboarding.personal.familyName')} autoComplete="family-name" maxLength={100} className={layout.grow} />
        </div>
        <div className={layout.row}>
          <TextInput name="birthDate" type="date" label={t('onboarding.personal.birthDate')} autoComplete="bday" className={layout.grow} />
          <TextInput name="birthPlace" label={t('onboarding.personal.birthPlace')} maxLength={100} className={layout.grow} />
        </div>
        <CountrySelect name="nationality" label={t('onboarding.personal.nationality')} />
        <fieldset className={layout.group}>
          <legend className={styles.legend}>{t('onboarding.personal.address')}</legend>
          <AddressFields names={ADDRESS_FIELDS} labels="onboarding.address" />
        </fieldset>
      </StepFrame>
    </FormProvider>
  );
}
