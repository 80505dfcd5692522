import type { ReactNode } from 'react';
import { FormProvider } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import {
  EXPERIENCE_YEARS,
  PRODUCT_CLASSES,
  TRADES_PER_YEAR,
  experienceStepSchema,
  termsStepSchema,
  type ExperienceProfile,
  type TermsData,
} from '@kontor/domain/onboarding';
import type { OnboardingApplication } from '@kontor/domain/onboarding-contracts';
import { useConfig } from '../../lib/config';
import { Check, Radios } from '../../ui/form-controls';
import { StepFrame } from './step-frame';
import { useStepForm } from './step-form';
import layout from '../../ui/form-layout.module.css';
import styles from './onboarding.module.css';

type StepProps = { application: OnboardingApplication; onSaved: (application: OnboardingApplication) => void; onBack: () => void };

function emptyProfile(): ExperienceProfile {
  return Object.fromEntries(PRODUCT_CLASSES.map((c) => [c, { knowledge: false, years: 'NONE', tradesPerYear: 'NONE' }])) as ExperienceProfile;
}

/**
 * Step 5: knowledge and experience per product class (the appropriateness test of §63(10) WpHG).
 * One compact group per class; trading later warns before a class the answers do not cover.
 */
export function ExperienceStep({ application, onSaved, onBack }: StepProps) {
  const { t } = useTranslation();
  const { methods, submit, error, submitting } = useStepForm<'experience', ExperienceProfile>({
    step: 'experience',
    schema: experienceStepSchema,
    defaults: application.experience ?? emptyProfile(),
    onSaved,
  });
  return (
    <FormProvider {...methods}>
      <StepFrame
        step="experience"
        title={t('onboarding.experience.title')}
        intro={t('onboarding.experience.intro')}
        error={error}
        onSubmit={(event) => void submit(event)}
        onBack={onBack}
        submitting={submitting}
      >
        {PRODUCT_CLASSES.map((productClass) => (
          <fieldset key={productClass} className={layout.group} data-product-class={productClass}>
            <legend className={styles.legend}>{t(`onboarding.productClasses.${productClass}`)}</legend>
            <Check name={`${productClass}.knowledge`}>{t('onboarding.experience.knowledge')}</Check>
            <div className={styles.experienceAnswers}>
              <Radios
                name={`${productClass}.years`}
                label={t('onboarding.experience.years')}
                options={EXPERIENCE_YEARS.map((value) => ({ value, label: t(`onboarding.experience.yearsOptions.${value}`) }))}
                orientation="horizontal"
              />
              <Radios
                name={`${productClass}.tradesPerYear`}
                label={t('onboarding.experience.trades')}
                options={TRADES_PER_YEAR.map((value) => ({ value, label: t(`onboarding.experience.tradesOptions.${value}`) }))}
                orientation="horizontal"
              />
            </div>
          </fieldset>
        ))}
      </StepFrame>
    </FormProvider>
  );
}

function ExternalLink({ href, children }: { href: string; children?: ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noreferrer">
      {children}
    </a>
  );
}

/** Step 6: the three required acknowledgements, each with its document, and the optional advertising consent. */
export function TermsStep({ application, onSaved, onBack }: StepProps) {
  const { t } = useTranslation();
  const links = useConfig().externalLinks;
  const saved = application.terms;
  const { methods, submit, error, submitting } = useStepForm<'terms', TermsData>({
    step: 'terms',
    schema: termsStepSchema,
    defaults: {
      termsAccepted: saved?.termsAccepted ?? false,
      priceListAccepted: saved?.priceListAccepted ?? false,
      preContractualInfoAccepted: saved?.preContractualInfoAccepted ?? false,
      advertisingConsent: saved?.advertisingConsent ?? false,
    } as TermsData,
    onSaved,
  });
  const acknowledgement = (name: keyof TermsData, href: string) => (
    <Check name={name}>
      <Trans i18nKey={`onboarding.terms.${name}`} components={{ doc: <ExternalLink href={href} /> }} />
    </Check>
  );
  return (
    <FormProvider {...methods}>
      <StepFrame
        step="terms"
        title={t('onboarding.terms.title')}
        intro={t('onboarding.terms.intro')}
        error={error}
        onSubmit={(event) => void submit(event)}
        onBack={onBack}
        submitting={submitting}
      >
        {acknowledgement('termsAccepted', links.termsOfUse)}
        {acknowledgement('priceListAccepted', links.priceList)}
        {acknowledgement('preContractualInfoAccepted', links.disclaimer)}
        <p className={styles.muted}>
          <Trans i18nKey="onboarding.terms.dataProtection" components={{ doc: <ExternalLink href={links.dataProtection} /> }} />
        </p>
        <Check name="advertisingConsent" description={t('onboarding.terms.advertisingConsentHint')}>
          {t('onboarding.terms.advertisingConsent')}
        </Check>
      </StepFrame>
    </FormProvider>
  );
}
