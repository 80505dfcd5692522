import { createContext, useContext, useEffect, useRef, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/button';
import { Notice } from '../../ui/notice';
import styles from './onboarding.module.css';
import { useBotCheckProgress } from '../../lib/bot-protection';

/** The eight steps the customer sees; the e-mail and its code are one. */
export const VISIBLE_STEPS = ['email', 'personal', 'tax', 'account', 'experience', 'terms', 'identification', 'password'] as const;
export type VisibleStep = (typeof VISIBLE_STEPS)[number];

/** Whether the customer has moved on from the first screen: then each new step focuses its heading. */
export const StepFocus = createContext<{ moved: boolean }>({ moved: false });

/** "Schritt 3 von 8 · Steuern" and a bar of eight marks (the text is what assistive technology reads). */
export function StepIndicator({ step }: { step: VisibleStep }) {
  const { t } = useTranslation();
  const index = VISIBLE_STEPS.indexOf(step);
  return (
    <div className={styles.indicator}>
      <p className={styles.stepCount} data-step={step}>
        {t('onboarding.stepOf', { n: index + 1, total: VISIBLE_STEPS.length })}
        <span className={styles.stepName}> · {t(`onboarding.steps.${step}`)}</span>
      </p>
      <ol className={styles.marks} aria-hidden="true">
        {VISIBLE_STEPS.map((s, i) => (
          <li key={s} className={i < index ? styles.markDone : i === index ? styles.markCurrent : styles.mark} />
        ))}
      </ol>
    </div>
  );
}

/**
 * One step of the account opening: the indicator, its heading (focused when the step changes, so
 * screen readers hear where they are), an optional error notice, the form and Zurück/Weiter.
 */
export function StepFrame({
  step,
  title,
  intro,
  error,
  children,
  onSubmit,
  onBack,
  submitLabel,
  submitting,
  footer,
}: {
  step: VisibleStep;
  title: string;
  intro?: ReactNode;
  error?: ReactNode;
  children: ReactNode;
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  onBack?: () => void;
  submitLabel?: string;
  submitting?: boolean;
  footer?: ReactNode;
}) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  const { moved } = useContext(StepFocus);
  const check = useBotCheckProgress();
  useEffect(() => {
    // Not on the first screen of the visit: there the page's own focus handling decides.
    if (moved) heading.current?.focus();
  }, [moved, step, title]);

  const body = (
    <>
      {error && <Notice tone="danger">{error}</Notice>}
      {children}
      {onSubmit && (
        <div className={styles.actions}>
          {onBack && (
            <Button variant="secondary" onPress={onBack} isDisabled={submitting}>
              {t('onboarding.back')}
            </Button>
          )}
          <Button type="submit" isPending={submitting}>
            {submitLabel ?? t('onboarding.next')}
          </Button>
        </div>
      )}
      {/* The bot check works for a few seconds before a step is sent: what happens, and how far. */}
      {submitting && check !== null && (
        <div className={styles.botCheck} role="status" data-bot-check="">
          <span>{t('onboarding.botCheck')}</span>
          <progress value={check} max={1} aria-label={t('onboarding.botCheckProgress')} />
        </div>
      )}
    </>
  );

  return (
    <section className={styles.step} aria-labelledby="onboarding-step-title">
      <StepIndicator step={step} />
      <div className={styles.heading}>
        <h2 id="onboarding-step-title" ref={heading} tabIndex={-1} className={styles.stepTitle}>
          {title}
        </h2>
        {intro && <p className={styles.intro}>{intro}</p>}
      </div>
      {onSubmit ? (
        <form className={styles.form} onSubmit={onSubmit} noValidate aria-labelledby="onboarding-step-title">
          {body}
        </form>
      ) : (
        <div className={styles.form}>{body}</div>
      )}
      {footer && <div className={styles.footer}>{footer}</div>}
    </section>
  );
}
