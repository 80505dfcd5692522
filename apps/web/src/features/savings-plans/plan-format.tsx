import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { SavingsPlan } from '@kontor/domain/savings-plan-contracts';
import { domainLabel, useLabels } from '../../lib/domain-labels';
import { formatDate, formatMoney } from '../../lib/format';
import { Badge, type BadgeTone } from '../../ui/badge';
import { Change, Money } from '../../ui/number';
import { dayLabel } from './plan-terms-fields';

const TONES: Record<SavingsPlan['state'], BadgeTone> = { active: 'success', atwork: 'warning', inactive: 'neutral', deleted: 'neutral' };

/** A change after the cut-off: what happens and from which execution on ("gilt ab 09.12.2026"). */
export function pendingText(plan: Pick<SavingsPlan, 'pending'>, t: TFunction): string | null {
  const pending = plan.pending;
  if (!pending) return null;
  if (pending.action === 'change') return t('savingsPlans.pending.change', { date: formatDate(pending.effectiveFrom ?? pending.after) });
  return t(`savingsPlans.pending.${pending.action}`, { date: formatDate(pending.after) });
}

/** The German state (Aktiv, In Bearbeitung, Inaktiv, Gelöscht) and, while a change waits, what it does. */
export function PlanState({ plan }: { plan: Pick<SavingsPlan, 'state' | 'pending'> }) {
  const { t } = useTranslation();
  const { label } = useLabels();
  const pending = pendingText(plan, t);
  return (
    <span data-plan-state={plan.state}>
      <Badge tone={TONES[plan.state]}>{label('entityState', plan.state)}</Badge>
      {pending && <span> — {pending}</span>}
    </span>
  );
}

/** "50,00 € monatlich am 1. des Monats". */
export function rateText(plan: Pick<SavingsPlan, 'amount' | 'interval' | 'day'>, t: TFunction): string {
  return t('savingsPlans.rate', { amount: formatMoney(plan.amount), interval: domainLabel(t, 'savingsInterval', plan.interval), day: dayLabel(plan.interval, plan.day, t) });
}

/** Nächste Ausführung (not for a deleted plan), Investiert, Wert and Gewinn/Verlust in € and %; a dash without a value (no quote). */
export function PlanFigures({ plan, className }: { plan: SavingsPlan; className?: string }) {
  const { t } = useTranslation();
  return (
    <dl className={className}>
      {plan.state !== 'deleted' && (
        <div>
          <dt>{t('savingsPlans.figures.next')}</dt>
          <dd data-next-execution="">{plan.nextExecution ? formatDate(plan.nextExecution) : '–'}</dd>
        </div>
      )}
      <div>
        <dt>{t('savingsPlans.figures.invested')}</dt>
        <dd>
          <Money amount={plan.invested} />
        </dd>
      </div>
      <div>
        <dt>{t('savingsPlans.figures.value')}</dt>
        <dd>{plan.value !== null ? <Money amount={plan.value} /> : '–'}</dd>
      </div>
      <div>
        <dt>{t('savingsPlans.figures.gain')}</dt>
        <dd>
          {plan.gain !== null ? <Change value={plan.gain} kind="money" /> : '–'}
          {plan.gainPercent !== null && (
            <>
              {' '}
              (<Change value={plan.gainPercent} />)
            </>
          )}
        </dd>
      </div>
    </dl>
  );
}
