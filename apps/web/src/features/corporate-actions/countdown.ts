import type { TFunction } from 'i18next';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The time left until a deadline, as the list shows it: "Noch 3 Tage 4 Std.", "Noch 5 Std. 12 Min.", "Noch 7 Min."; past it "Frist abgelaufen". */
export function formatCountdown(t: TFunction, deadline: string, now: number): string {
  const left = Date.parse(deadline) - now;
  if (left <= 0) return t('corporateActions.countdown.over');
  const days = Math.floor(left / DAY);
  const hours = Math.floor((left % DAY) / HOUR);
  // Rounded up: "Noch 1 Min." until the very end, never "Noch 0 Min.".
  const minutes = Math.ceil((left % HOUR) / MINUTE);
  if (days > 0) return t('corporateActions.countdown.days', { count: days, hours });
  if (hours > 0) return t('corporateActions.countdown.hours', { hours, minutes: Math.min(minutes, 59) });
  return t('corporateActions.countdown.minutes', { minutes });
}
