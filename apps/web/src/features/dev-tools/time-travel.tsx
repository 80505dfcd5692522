import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdvanceClockRequest } from '@kontor/domain/dev-clock';
import { isApiError } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format';
import { useToast } from '../../lib/toasts';
import { Button } from '../../ui/button';
import { SegmentedControl } from '../../ui/segmented-control';
import { type ClockMove, useAdvanceClock, useDevClock } from './dev-clock-api';
import styles from './time-travel.module.css';

const STEPS = {
  hour: { hours: 1 },
  day: { days: 1 },
  week: { days: 7 },
} as const satisfies Record<string, AdvanceClockRequest>;
type Step = keyof typeof STEPS;

/**
 * Development only: "Zeit vorspulen" moves the simulated time forward (an hour, a day, a week, or
 * to the next quarter), so a demo sees a payout executed on its banking day, a month of savings
 * plans at once, or the next Depotauszug arrive. Shown
 * only when the runtime configuration says the development tools are on.
 */
export function TimeTravel({ enabled, onMoved }: { enabled: boolean; /** Told after a move: the page's answers may be out of date. */ onMoved?: () => void }) {
  const { t } = useTranslation();
  const clock = useDevClock(enabled);
  const advance = useAdvanceClock((result) => {
    clock.set({ now: result.now, offsetMs: result.offsetMs });
    onMoved?.();
  });
  const toasts = useToast();
  const [step, setStep] = useState<Step>('day');

  // A server without the tools (404) or a failed read: nothing to show.
  if (!enabled || clock.isError) return null;

  const move = async (to: ClockMove) => {
    try {
      const result = await advance.mutateAsync(to);
      toasts.success(t('devTools.clock.moved', { now: formatDateTime(result.now), count: result.jobsRun }));
    } catch (e) {
      toasts.info(isApiError(e) ? e.message : t('devTools.clock.failed'));
    }
  };

  return (
    <section className={styles.timeTravel} aria-labelledby="time-travel-title">
      <h2 id="time-travel-title" className={styles.title}>
        {t('devTools.clock.title')}
      </h2>
      <p className={styles.now} aria-live="polite" aria-busy={clock.isPending || advance.isPending}>
        {t('devTools.clock.now')}{' '}
        <strong data-testid="simulated-time">{clock.data ? formatDateTime(clock.data.now) : t('devTools.clock.loading')}</strong>
      </p>
      <div className={styles.controls}>
        <SegmentedControl
          label={t('devTools.clock.step')}
          items={(Object.keys(STEPS) as Step[]).map((id) => ({ id, label: t(`devTools.clock.steps.${id}`) }))}
          selected={step}
          onChange={setStep}
        />
        <Button size="sm" variant="secondary" onPress={() => void move(STEPS[step])} isPending={advance.isPending} isDisabled={clock.isPending}>
          {t('devTools.clock.advance')}
        </Button>
        <Button size="sm" variant="secondary" onPress={() => void move('next-quarter')} isDisabled={clock.isPending || advance.isPending}>
          {t('devTools.clock.nextQuarter')}
        </Button>
        <Button size="sm" variant="secondary" onPress={() => void move('next-savings-day')} isDisabled={clock.isPending || advance.isPending}>
          {t('devTools.clock.nextSavingsDay')}
        </Button>
      </div>
    </section>
  );
}
