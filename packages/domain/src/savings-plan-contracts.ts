import Decimal from 'decimal.js';
import { z } from 'zod';
import { ENTITY_STATES, SAVINGS_INTERVALS } from './enums';
import { isinSchema } from './instrument';
import { decimalStringSchema, isDecimalString } from './money';
import { DYNAMIC_INCREASES, isValidExecutionDay, SAVINGS_PAYMENTS, SAVINGS_PLAN_MAX_AMOUNT, SAVINGS_PLAN_MIN_AMOUNT, usesWeekday } from './savings-plans';

/**
 * Sparpläne (`/api/savingsplan`): the customer's savings plans, executed by the scheduler as
 * block orders (rules in savings-plans.ts).
 *
 * - GET    /api/savingsplan               → SavingsPlanList (every plan, deleted ones too: the history)
 * - POST   /api/savingsplan/preview       SavingsPlanInput → SavingsPlanPreview (first date, costs, calendar)
 * - POST   /api/savingsplan               SavingsPlanInput (+ optional Idempotency-Key) → 201 SavingsPlan
 * - GET    /api/savingsplan/:id           → SavingsPlanDetail
 * - PATCH  /api/savingsplan/:id           SavingsPlanChange → SavingsPlan
 * - POST   /api/savingsplan/:id/pause     → SavingsPlan (inactive; after the cut-off: atwork until the execution)
 * - POST   /api/savingsplan/:id/resume    → SavingsPlan (active again)
 * - DELETE /api/savingsplan/:id           → SavingsPlan (deleted; after the cut-off: atwork until the execution)
 * Another customer's plan → 404. An instrument without `sparplan` → 422. Bad input → 400 with German field messages.
 */

export const savingsAmountSchema = decimalStringSchema.refine(
  (v) => isDecimalString(v) && new Decimal(v).gte(SAVINGS_PLAN_MIN_AMOUNT) && new Decimal(v).lte(SAVINGS_PLAN_MAX_AMOUNT) && new Decimal(v).decimalPlaces() <= 2,
  'Bitte geben Sie eine Sparrate von 1,00 € bis 25.000,00 € mit höchstens zwei Nachkommastellen ein.',
);

const daySchema = z.number().int().min(1).max(31);

function checkDay(v: { interval: (typeof SAVINGS_INTERVALS)[number]; day: number }, ctx: z.RefinementCtx) {
  if (!isValidExecutionDay(v.interval, v.day)) {
    ctx.addIssue({
      code: 'custom',
      path: ['day'],
      message: usesWeekday(v.interval) ? 'Bitte wählen Sie einen Wochentag von Montag bis Freitag.' : 'Bitte wählen Sie den 1. oder den 15. des Monats.',
    });
  }
}

export const savingsPlanInputSchema = z
  .object({
    isin: isinSchema,
    amount: savingsAmountSchema,
    interval: z.enum(SAVINGS_INTERVALS),
    /** 1 or 15 (monthly, quarterly); ISO weekday 1–5 (weekly, 2-weekly). */
    day: daySchema,
    /** The plan's first execution is the first matching day on or after this date (after today). */
    firstDate: z.iso.date(),
    dynamicPercent: z.union(DYNAMIC_INCREASES.map((p) => z.literal(p)) as [z.ZodLiteral<0>, z.ZodLiteral<2>, z.ZodLiteral<3>, z.ZodLiteral<5>]),
    payment: z.enum(SAVINGS_PAYMENTS),
  })
  .superRefine(checkDay);
export type SavingsPlanInput = z.infer<typeof savingsPlanInputSchema>;

/** A change of rate, interval or day; all three are sent (the form shows the plan's current terms). */
export const savingsPlanChangeSchema = z
  .object({ amount: savingsAmountSchema, interval: z.enum(SAVINGS_INTERVALS), day: daySchema })
  .superRefine(checkDay);
export type SavingsPlanChange = z.infer<typeof savingsPlanChangeSchema>;

export const upcomingExecutionSchema = z.object({ nominal: z.iso.date(), date: z.iso.date(), amount: decimalStringSchema });

export const savingsPlanCostsSchema = z.object({
  feePerExecution: decimalStringSchema,
  executionsPerYear: z.number().int(),
  investedPerYear: decimalStringSchema,
  feesPerYear: decimalStringSchema,
  spreadPerYear: decimalStringSchema,
  totalPerYear: decimalStringSchema,
  totalPercent: decimalStringSchema,
});

export const savingsPlanPreviewSchema = z.object({
  firstExecution: z.iso.date(),
  costs: savingsPlanCostsSchema,
  /** The next 12 executions. */
  calendar: z.array(upcomingExecutionSchema),
});
export type SavingsPlanPreview = z.infer<typeof savingsPlanPreviewSchema>;

export const PENDING_ACTIONS = ['change', 'pause', 'delete'] as const;

export const savingsPlanSchema = z.object({
  id: z.string(),
  isin: z.string(),
  name: z.string(),
  state: z.enum(ENTITY_STATES),
  /** Aktiv, In Bearbeitung, Gelöscht, Inaktiv. */
  stateLabel: z.string(),
  amount: decimalStringSchema,
  interval: z.enum(SAVINGS_INTERVALS),
  day: z.number().int(),
  dynamicPercent: z.number().int(),
  payment: z.enum(SAVINGS_PAYMENTS),
  firstDate: z.iso.date(),
  /** The next execution day; null when paused or deleted. */
  nextExecution: z.iso.date().nullable(),
  /** The rate per month (2-weekly: 26 ÷ 12 rates). */
  monthlyRate: decimalStringSchema,
  /** A change that came after the cut-off (state atwork): what it does, and from which execution on. */
  pending: z
    .object({
      action: z.enum(PENDING_ACTIONS),
      amount: decimalStringSchema,
      interval: z.enum(SAVINGS_INTERVALS),
      day: z.number().int(),
      /** The execution that still runs on the old terms. */
      after: z.iso.date(),
      /** The first execution on the new terms (null for pause and delete). */
      effectiveFrom: z.iso.date().nullable(),
    })
    .nullable(),
  executions: z.number().int(),
  /** Euros paid for the pieces bought (values + fees). */
  invested: decimalStringSchema,
  /** Pieces bought by the plan. */
  quantity: decimalStringSchema,
  /** Their value at the current bid, euros; null without a quote. */
  value: decimalStringSchema.nullable(),
  gain: decimalStringSchema.nullable(),
  gainPercent: decimalStringSchema.nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  deletedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type SavingsPlan = z.infer<typeof savingsPlanSchema>;

export const savingsPlanListSchema = z.object({
  plans: z.array(savingsPlanSchema),
  /** Sum of the monthly rates of the plans that run (active, atwork). */
  monthlyTotal: decimalStringSchema,
  /** Whether a plan can be paid by direct debit (flag on and a mandate given). */
  directDebitAvailable: z.boolean(),
});
export type SavingsPlanList = z.infer<typeof savingsPlanListSchema>;

export const SAVINGS_EXECUTION_STATES = ['executed', 'failed'] as const;

export const savingsPlanExecutionSchema = z.object({
  /** The execution day. */
  date: z.iso.date(),
  state: z.enum(SAVINGS_EXECUTION_STATES),
  amount: decimalStringSchema,
  quantity: decimalStringSchema.nullable(),
  /** Price per piece, quote currency. */
  price: decimalStringSchema.nullable(),
  /** Euros. */
  value: decimalStringSchema.nullable(),
  fee: decimalStringSchema.nullable(),
  orderId: z.string().nullable(),
  documentId: z.string().nullable(),
  /** Why it did not run ("Guthaben nicht ausreichend"). */
  reason: z.string().nullable(),
});
export type SavingsPlanExecution = z.infer<typeof savingsPlanExecutionSchema>;

export const savingsPlanDetailSchema = z.object({
  plan: savingsPlanSchema,
  /** Newest first. */
  history: z.array(savingsPlanExecutionSchema),
  /** Invested vs value after each execution, oldest first, and today. */
  chart: z.array(z.object({ date: z.iso.date(), invested: decimalStringSchema, value: decimalStringSchema })),
  /** The next 12 executions (empty when paused or deleted). */
  calendar: z.array(upcomingExecutionSchema),
  costs: savingsPlanCostsSchema,
});
export type SavingsPlanDetail = z.infer<typeof savingsPlanDetailSchema>;
