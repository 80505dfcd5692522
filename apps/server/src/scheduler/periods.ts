import { berlinDate, startOfBerlinDay } from '@kontor/domain/banking-days';

/**
 * The periods of the periodic documents, in Berlin calendar terms: a month (Kontoauszug), a quarter
 * (Depotauszug), a year (ex-post cost report). A period's document is issued when the next one
 * begins (`end`).
 */
export type PeriodKind = 'month' | 'quarter' | 'year';
export type Period = {
  kind: PeriodKind;
  /** "2026-10", "2026-Q3", "2026". */
  key: string;
  /** First and last calendar day. */
  first: string;
  last: string;
  /** When it begins and when the next begins (Berlin midnight). */
  start: Date;
  end: Date;
};

const MONTHS: Record<PeriodKind, number> = { month: 1, quarter: 3, year: 12 };
const pad = (n: number) => String(n).padStart(2, '0');
const iso = (y: number, m: number, d: number) => `${y}-${pad(m)}-${pad(d)}`;

/** The period that begins in month `m` (1–12, its first month) of year `y`. */
function periodStarting(kind: PeriodKind, y: number, m: number): Period {
  const span = MONTHS[kind];
  const nextY = y + Math.floor((m - 1 + span) / 12);
  const nextM = ((m - 1 + span) % 12) + 1;
  const lastDay = new Date(Date.UTC(nextY, nextM - 1, 1) - 86_400_000).getUTCDate();
  const lastM = ((m - 1 + span - 1) % 12) + 1;
  const lastY = y + Math.floor((m - 1 + span - 1) / 12);
  const key = kind === 'month' ? `${y}-${pad(m)}` : kind === 'quarter' ? `${y}-Q${Math.ceil(m / 3)}` : `${y}`;
  return { kind, key, first: iso(y, m, 1), last: iso(lastY, lastM, lastDay), start: startOfBerlinDay(iso(y, m, 1)), end: startOfBerlinDay(iso(nextY, nextM, 1)) };
}

/** The period the Berlin calendar day of `at` falls in. */
export function periodAt(kind: PeriodKind, at: Date): Period {
  const [y, m] = berlinDate(at).split('-').map(Number) as [number, number];
  const span = MONTHS[kind];
  return periodStarting(kind, y, Math.floor((m - 1) / span) * span + 1);
}

export function nextPeriod(p: Period): Period {
  return periodAt(p.kind, p.end);
}

/** The periods from the one containing `since` up to the last that has ended by `now`, oldest first. */
export function endedPeriods(kind: PeriodKind, since: Date, now: Date): Period[] {
  const list: Period[] = [];
  for (let p = periodAt(kind, since); p.end.getTime() <= now.getTime(); p = nextPeriod(p)) list.push(p);
  return list;
}

/** "3. Quartal 2026", "Oktober 2026", "2026". */
export function periodLabel(p: Period): string {
  const [y, m] = p.first.split('-').map(Number) as [number, number];
  if (p.kind === 'year') return String(y);
  if (p.kind === 'quarter') return `${Math.ceil(m / 3)}. Quartal ${y}`;
  return `${new Intl.DateTimeFormat('de-DE', { month: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(y, m - 1, 1)))} ${y}`;
}
