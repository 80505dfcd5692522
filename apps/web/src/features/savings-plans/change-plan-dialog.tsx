import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { SavingsPlan } from '@kontor/domain/savings-plan-contracts';
import { isApiError } from '../../lib/api-client';
import { useToast } from '../../lib/toasts';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { Notice } from '../../ui/notice';
import { pendingText } from './plan-format';
import { PlanTermsFields, usePlanTerms } from './plan-terms-fields';
import { serverFieldErrors, useChangeSavingsPlan } from './savings-plans-api';
import styles from './savings-plans.module.css';

/**
 * Ändern: rate, interval and day of a plan (PATCH). A change after the cut-off waits as
 * "In Bearbeitung" until the next execution has run; the toast says from when it applies.
 */
export function ChangePlanDialog({ plan, isOpen, onOpenChange }: { plan: SavingsPlan; isOpen: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <Dialog title={t('savingsPlans.change.title')} isOpen={isOpen} onOpenChange={onOpenChange}>
      {/* A fresh form each time it opens, with the plan's current terms. */}
      {isOpen && <ChangeForm plan={plan} onDone={() => onOpenChange(false)} />}
    </Dialog>
  );
}

function ChangeForm({ plan, onDone }: { plan: SavingsPlan; onDone: () => void }) {
  const { t } = useTranslation();
  const toasts = useToast();
  const change = useChangeSavingsPlan(plan.id);
  const current = plan.pending?.action === 'change' ? plan.pending : plan;
  const terms = usePlanTerms({ amount: current.amount, interval: current.interval, day: current.day });
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    terms.showErrors();
    setError(null);
    if (!terms.terms) return;
    try {
      const next = await change.mutateAsync(terms.terms);
      const pending = pendingText(next, t);
      toasts.success(pending ? `${next.stateLabel} — ${pending}` : t('savingsPlans.change.done'));
      onDone();
    } catch (e) {
      if (isApiError(e) && (e.status === 400 || e.status === 422)) {
        const fields = serverFieldErrors(e.backendError.errors);
        terms.setServerErrors(fields);
        if (Object.keys(fields).length === 0) setError(e.message);
      } else setError(isApiError(e) ? e.message : t('savingsPlans.unexpected'));
    }
  };

  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate aria-label={t('savingsPlans.change.title')}>
      <p className={styles.muted}>{t('savingsPlans.change.cutOff')}</p>
      <PlanTermsFields state={terms} />
      {error && <Notice tone="danger">{error}</Notice>}
      <div className={styles.actions}>
        <Button type="submit" isPending={change.isPending}>
          {t('savingsPlans.change.submit')}
        </Button>
        <Button variant="secondary" onPress={onDone} isDisabled={change.isPending}>
          {t('common.cancel')}
        </Button>
      </div>
    </form>
  );
}
