import { TRADING_WINDOW } from './constants';
import { berlinWallClock } from './dates';

/**
 * When an instrument trades, in the exchange's time zone (Europe/Berlin). Weekdays use the
 * instrument's own hours (default 07:30–23:00, spec §9); instruments with weekendTrading also
 * trade Saturday 10:00–13:00 and Sunday 17:00–19:00. A window includes its start and excludes
 * its stop: 07:30:00 is open, 23:00:00 is closed. Public holidays are not modelled.
 */
export const WEEKEND_WINDOWS: Readonly<Record<number, { start: string; stop: string }>> = {
  6: { start: '10:00', stop: '13:00' },
  0: { start: '17:00', stop: '19:00' },
};

export type TradingHours = {
  tradingHoursStartTime?: string | null;
  tradingHoursStopTime?: string | null;
  weekendTrading?: boolean | null;
};

/** The wall-clock time in Frankfurt: weekday (0 = Sunday), date and seconds since midnight. */
export const marketLocalTime = berlinWallClock;

// Window times are a handful of strings asked for on every quote tick: each parsed once.
const secondsOf = new Map<string, number>();
const toSeconds = (hhmm: string) => {
  let seconds = secondsOf.get(hhmm);
  if (seconds === undefined) {
    const [h = '0', m = '0'] = hhmm.split(':');
    seconds = Number(h) * 3600 + Number(m) * 60;
    if (secondsOf.size < 1_000) secondsOf.set(hhmm, seconds);
  }
  return seconds;
};

/** The window of that Frankfurt weekday, or null when the instrument does not trade that day. */
export function windowOf(hours: TradingHours, weekday: number): { start: string; stop: string } | null {
  if (weekday >= 1 && weekday <= 5) {
    return { start: hours.tradingHoursStartTime ?? TRADING_WINDOW.start, stop: hours.tradingHoursStopTime ?? TRADING_WINDOW.stop };
  }
  return hours.weekendTrading ? (WEEKEND_WINDOWS[weekday] ?? null) : null;
}

export function isTradingTime(hours: TradingHours, at: Date): boolean {
  return isTradingAt(hours, marketLocalTime(at));
}

/** The same decision for a Frankfurt time computed once, when many instruments are checked at one instant. */
export function isTradingAt(hours: TradingHours, local: { weekday: number; seconds: number }): boolean {
  const window = windowOf(hours, local.weekday);
  return !!window && local.seconds >= toSeconds(window.start) && local.seconds < toSeconds(window.stop);
}

/** The windows of a week (index 0 = Sunday) as seconds since midnight, [start, stop), or null: no trading that day. */
export type TradingWeek = readonly (readonly [number, number] | null)[];

/** The instrument's week, worked out once, for checks at many instants (a quote tick checks every instrument). */
export function tradingWeekOf(hours: TradingHours): TradingWeek {
  return Array.from({ length: 7 }, (_, weekday) => {
    const window = windowOf(hours, weekday);
    return window ? ([toSeconds(window.start), toSeconds(window.stop)] as const) : null;
  });
}

/** isTradingAt for a week from tradingWeekOf: no strings, no allocation. */
export function isTradingIn(week: TradingWeek, local: { weekday: number; seconds: number }): boolean {
  const window = week[local.weekday];
  return !!window && local.seconds >= window[0] && local.seconds < window[1];
}

/**
 * The next instant the instrument's market opens, strictly after `at` when it is closed then,
 * or `at` itself when open. Searches minute steps over the next 8 days (enough for any week).
 */
export function nextTradingStart(hours: TradingHours, at: Date): Date {
  if (isTradingTime(hours, at)) return at;
  // Align to the next full minute; every window starts on a minute.
  let t = new Date(Math.ceil(at.getTime() / 60_000) * 60_000);
  const limit = at.getTime() + 8 * 86_400_000;
  while (t.getTime() <= limit) {
    const local = marketLocalTime(t);
    const window = windowOf(hours, local.weekday);
    if (window) {
      const start = toSeconds(window.start);
      if (local.seconds < start) {
        t = new Date(t.getTime() + (start - local.seconds) * 1000);
        if (isTradingTime(hours, t)) return t;
        continue; // a DST jump moved the local time; look again from here
      }
      if (local.seconds < toSeconds(window.stop)) return t;
    }
    // Jump to the next local midnight (at least one minute ahead).
    t = new Date(t.getTime() + Math.max(60, 86_400 - local.seconds) * 1000);
  }
  throw new Error('No trading window within 8 days');
}

/**
 * The last second the instrument traded at or before `at`: `at` itself while open, otherwise the
 * last second before the most recent close (Friday 22:59:59 on a Sunday for a share). A closed
 * market's last quote carries this time.
 */
export function lastTradingTime(hours: TradingHours, at: Date): Date {
  if (isTradingTime(hours, at)) return at;
  let t = at;
  for (let i = 0; i < 9; i++) {
    const local = marketLocalTime(t);
    const midnight = t.getTime() - local.seconds * 1000 - (t.getTime() % 1000);
    const window = windowOf(hours, local.weekday);
    if (window && (i > 0 || local.seconds >= toSeconds(window.stop))) {
      const end = new Date(midnight + (toSeconds(window.stop) - 1) * 1000);
      if (isTradingTime(hours, end)) return end;
    }
    t = new Date(midnight - 1);
  }
  throw new Error('No trading window within 9 days');
}
