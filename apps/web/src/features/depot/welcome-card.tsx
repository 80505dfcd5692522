import { useTranslation } from 'react-i18next';
import { useCustomer } from '../../lib/auth';
import { newSavingsPlanPath, searchPath } from '../../lib/paths';
import { LinkButton } from '../../ui/button';
import styles from './depot.module.css';

/**
 * A new customer's depot (no position, no money yet): a welcome and the three steps to a first
 * order, the first deposit leading. It stands in for the page's notices.
 */
export function WelcomeCard() {
  const { t } = useTranslation();
  const { givenName } = useCustomer();
  const steps = [
    { key: 'deposit', href: '/geldtransfer', variant: 'primary' },
    { key: 'find', href: searchPath(), variant: 'secondary' },
    { key: 'plan', href: newSavingsPlanPath(), variant: 'secondary' },
  ] as const;
  return (
    <section className={styles.welcome} aria-labelledby="depot-welcome" data-depot-welcome="">
      <h2 id="depot-welcome" className={styles.welcomeTitle}>
        {givenName ? t('depot.welcome.titleNamed', { name: givenName }) : t('depot.welcome.title')}
      </h2>
      <p className={styles.welcomeText}>{t('depot.welcome.text')}</p>
      <ol className={styles.welcomeSteps}>
        {steps.map((step) => (
          <li key={step.key} className={styles.welcomeStep}>
            <div>
              <p className={styles.welcomeStepTitle}>{t(`depot.welcome.${step.key}.title`)}</p>
              <p className={styles.muted}>{t(`depot.welcome.${step.key}.text`)}</p>
            </div>
            <LinkButton variant={step.variant} href={step.href}>
              {t(`depot.welcome.${step.key}.action`)}
            </LinkButton>
          </li>
        ))}
      </ol>
    </section>
  );
}
