import Decimal from 'decimal.js';
import { addCalendarDays, addMonthsClamped, exchangeDayOnOrAfter, isoWeekday, startOfBerlinDay, type IsoDate } from './banking-days';
import type { SavingsInterval } from './enums';
import { PRICE_LIST } from './order-costs';
import { toWireAmount, toWireDecimal } from './numbers';

/**
 * The rules of a savings plan (Sparplan), shared by the server that executes plans and the app
 * that shows them.
 *
 * Decisions (the spec names the intervals and states, not the rules):
 * - Amount 1,00 € to 25.000,00 € per execution, whole cents.
 * - Monthly and quarterly plans run on the 1st or the 15th, weekly and 2-weekly plans on a weekday
 *   (Monday–Friday). The scheduled ("nominal") date moves to the next Xetra trading day when it
 *   falls on a weekend or an exchange holiday; a day past a short month's end is clamped to its
 *   last day.
 * - A quarterly plan runs every third month counted from its first execution; a 2-weekly plan
 *   every 14 days from its first execution.
 * - Cut-off: a change must arrive before the execution day begins (00:00 Berlin). A change on the
 *   execution day itself takes effect after that day's execution.
 * - Yearly dynamic increase (Dynamik) of 0, 2, 3 or 5 %: from the first execution on or after each
 *   anniversary of the plan's first execution, the amount grows by that percentage, rounded half
 *   up to cents (and never beyond the maximum).
 * - Executions are free of order fees (price list: `savingsPlanExecution`); the implicit cost is
 *   the spread: what the ask lies above the mid.
 */

export const SAVINGS_PLAN_MIN_AMOUNT = '1.00';
export const SAVINGS_PLAN_MAX_AMOUNT = '25000.00';
export const DYNAMIC_INCREASES = [0, 2, 3, 5] as const;
export type DynamicIncrease = (typeof DYNAMIC_INCREASES)[number];
/** Days of the month a monthly or quarterly plan can run on. */
export const SAVINGS_MONTH_DAYS = [1, 15] as const;
/** ISO weekdays a weekly or 2-weekly plan can run on (1 = Monday … 5 = Friday). */
export const SAVINGS_WEEKDAYS = [1, 2, 3, 4, 5] as const;
export { WEEKDAY_LABELS } from './labels';
export const SAVINGS_PAYMENTS = ['CASH', 'DIRECT_DEBIT'] as const;
export type SavingsPayment = (typeof SAVINGS_PAYMENTS)[number];
/** How many plans one customer may keep (not deleted). */
export const SAVINGS_PLANS_PER_CUSTOMER = 100;

export const usesWeekday = (interval: SavingsInterval) => interval === 'weekly' || interval === 'biweekly';

/** Whether `day` is an execution day the interval offers. */
export function isValidExecutionDay(interval: SavingsInterval, day: number): boolean {
  return usesWeekday(interval) ? (SAVINGS_WEEKDAYS as readonly number[]).includes(day) : (SAVINGS_MONTH_DAYS as readonly number[]).includes(day);
}

export function executionsPerYear(interval: SavingsInterval): number {
  return { monthly: 12, biweekly: 26, weekly: 52, quarterly: 4 }[interval];
}

/** What a plan's rate comes to per month (2-weekly: 26 per year ÷ 12), rounded half up to cents. */
export function monthlyRate(amount: Decimal.Value, interval: SavingsInterval): Decimal {
  return new Decimal(amount).times(executionsPerYear(interval)).div(12).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
}

/** The first scheduled date on or after `from` that matches the interval's day. */
export function firstNominalDate(interval: SavingsInterval, day: number, from: IsoDate): IsoDate {
  if (usesWeekday(interval)) {
    const shift = (day - isoWeekday(from) + 7) % 7;
    return addCalendarDays(from, shift);
  }
  const inMonth = addMonthsClamped(from, 0, day);
  return inMonth >= from ? inMonth : addMonthsClamped(from, 1, day);
}

/** The scheduled date after `nominal`. */
export function nextNominalDate(interval: SavingsInterval, day: number, nominal: IsoDate): IsoDate {
  switch (interval) {
    case 'weekly':
      return addCalendarDays(nominal, 7);
    case 'biweekly':
      return addCalendarDays(nominal, 14);
    case 'monthly':
      return addMonthsClamped(nominal, 1, day);
    case 'quarterly':
      return addMonthsClamped(nominal, 3, day);
  }
}

/** The day a scheduled date executes on: itself on a trading day, else the next trading day. */
export const executionDate = (nominal: IsoDate): IsoDate => exchangeDayOnOrAfter(nominal);

/** The instant after which a change no longer reaches the execution on `date`. */
export const cutOff = (date: IsoDate): Date => startOfBerlinDay(date);

/** The n-th anniversary of the first execution (29 February → 28 February in other years). */
export const anniversary = (firstDate: IsoDate, years: number): IsoDate => addMonthsClamped(firstDate, 12 * years);

/** The amount after one yearly increase: half up to cents, at most the maximum. */
export function increasedAmount(amount: Decimal.Value, percent: number): string {
  const raised = new Decimal(amount)
    .times(100 + percent)
    .div(100)
    .toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  return toWireAmount(Decimal.min(raised, SAVINGS_PLAN_MAX_AMOUNT));
}

/** What a plan is scheduled by: its terms and where its schedule stands. */
export type PlanSchedule = {
  amount: string;
  interval: SavingsInterval;
  day: number;
  dynamicPercent: number;
  /** The first execution's scheduled date: the anniversaries count from it. */
  firstDate: IsoDate;
  /** Yearly increases applied so far. */
  increases: number;
  /** The next scheduled date. */
  nextNominal: IsoDate;
};

export type UpcomingExecution = { nominal: IsoDate; date: IsoDate; amount: string };

/** The amount of an execution scheduled on `nominal`, with the increases due by then; and how many have been applied. */
export function amountOn(plan: Pick<PlanSchedule, 'amount' | 'dynamicPercent' | 'firstDate' | 'increases'>, nominal: IsoDate): { amount: string; increases: number } {
  let { amount, increases } = plan;
  if (plan.dynamicPercent > 0) {
    while (nominal >= anniversary(plan.firstDate, increases + 1)) {
      amount = increasedAmount(amount, plan.dynamicPercent);
      increases += 1;
    }
  }
  return { amount, increases };
}

/** The next `count` executions of a plan, with the amounts its yearly increase gives them. */
export function upcomingExecutions(plan: PlanSchedule, count: number): UpcomingExecution[] {
  const out: UpcomingExecution[] = [];
  let state = { amount: plan.amount, increases: plan.increases };
  let nominal = plan.nextNominal;
  for (let i = 0; i < count; i++) {
    state = amountOn({ ...plan, ...state }, nominal);
    out.push({ nominal, date: executionDate(nominal), amount: state.amount });
    nominal = nextNominalDate(plan.interval, plan.day, nominal);
  }
  return out;
}

/**
 * One plan's share of a block order: the pieces its amount buys at the block's price, rounded down
 * to the instrument's quantity scale, and their value in euros (half up to cents, never more than
 * the amount: the rest stays as cash).
 */
export function savingsAllocation(amount: Decimal.Value, price: Decimal.Value, fxRate: Decimal.Value, qtyScale: number): { quantity: string; value: string } {
  const eurPerPiece = new Decimal(price).times(fxRate);
  const quantity = new Decimal(amount).div(eurPerPiece).toDecimalPlaces(qtyScale, Decimal.ROUND_DOWN);
  const value = quantity.times(eurPerPiece).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  return { quantity: toWireDecimal(quantity), value: toWireAmount(value) };
}

export type SavingsPlanCosts = {
  /** Order fee per execution, euros. */
  feePerExecution: string;
  executionsPerYear: number;
  /** amount × executions per year. */
  investedPerYear: string;
  feesPerYear: string;
  /** What the ask lies above the mid, on a year's executions. */
  spreadPerYear: string;
  totalPerYear: string;
  /** Total as percent of the yearly invested sum ("0.12" = 0,12 %). */
  totalPercent: string;
};

/**
 * The ex-ante cost information of a plan (MiFID II art. 50): the fee per execution and the costs of
 * a year of executions in euros and percent. Without a quote the spread counts as 0.
 */
export function savingsPlanCosts(amount: Decimal.Value, interval: SavingsInterval, quote: { bid: string; ask: string } | null): SavingsPlanCosts {
  const n = executionsPerYear(interval);
  const fee = new Decimal(PRICE_LIST.savingsPlanExecution);
  const invested = new Decimal(amount).times(n);
  let spreadShare = new Decimal(0);
  if (quote && new Decimal(quote.ask).gt(0)) {
    const ask = new Decimal(quote.ask);
    const mid = ask.plus(quote.bid).div(2);
    spreadShare = Decimal.max(0, ask.minus(mid)).div(ask);
  }
  const fees = fee.times(n);
  const spread = invested.times(spreadShare).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  const total = fees.plus(spread);
  return {
    feePerExecution: toWireAmount(fee),
    executionsPerYear: n,
    investedPerYear: toWireAmount(invested),
    feesPerYear: toWireAmount(fees),
    spreadPerYear: toWireAmount(spread),
    totalPerYear: toWireAmount(total),
    totalPercent: invested.isZero() ? '0.00' : toWireAmount(total.div(invested).times(100)),
  };
}
