import { orderTaxSchema, saleTaxEstimateSchema } from './tax-contracts';
import Decimal from 'decimal.js';
import { z } from 'zod';
import { CANCEL_STATUSES, ORDER_STATUSES } from './enums';
import { isinSchema } from './instrument';
import { reservedPartsSchema } from './money-contracts';
import { decimalStringSchema, isDecimalString, positiveDecimalInputSchema } from './money';
import { ORDER_SIDES, TICKET_ORDER_KINDS, TRAILING_UNITS } from './order-rules';
import type { OrderStreamMessage } from './stream-messages';

export type { OrderStreamMessage } from './stream-messages';

/**
 * The contracts of the trading calls (spec §7 /api/trading, /api/trading/orders,
 * /api/trading/positions, /api/user/confirmlowtrading, /api/user/confirmotctrading). The spec
 * shows no order fields, so these are Kontor's; server and web use exactly these schemas.
 *
 * - POST   /api/trading                    place an order (Idempotency-Key header) → 201 TradingOrder
 * - POST   /api/trading/costs              the "Order prüfen" step → OrderPreview
 * - POST   /api/trading/rfq                request a binding quote (Idempotency-Key) → 201 TradingOrder (Pending, quotedPrice)
 * - POST   /api/trading/orders/:id/accept  accept the RFQ quote → TradingOrder
 * - DELETE /api/trading/orders/:id         cancel → TradingOrder
 * - GET    /api/trading/orders?state=open|done → { orders }
 * - GET    /api/trading/orders/:id         → TradingOrder with executions
 * - GET    /api/trading/positions          → Depot (positions, cash)
 * - POST   /api/user/confirmlowtrading, /api/user/confirmotctrading → 204
 * - POST   /api/dev/deposit                development only, "Einzahlung simulieren" → Depot cash
 * - GET    /api/posteingang                the customer's documents (contract notes for now)
 * - GET    /api/posteingang/:id/pdf        the PDF
 */

// A refinement runs even after the pattern failed; it must not throw on what the pattern refused.
const positive = decimalStringSchema.refine((v) => isDecimalString(v) && new Decimal(v).gt(0), 'Muss größer als 0 sein');

export const orderValiditySchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('day') }),
  z.object({ type: z.literal('date'), date: z.iso.date() }),
  z.object({ type: z.literal('ultimo') }),
  z.object({ type: z.literal('gtc') }),
]);

export const orderTicketSchema = z.object({
  isin: isinSchema,
  side: z.enum(ORDER_SIDES),
  kind: z.enum(TICKET_ORDER_KINDS),
  quantity: positive.nullish(),
  amount: positive.nullish(),
  limit: positive.nullish(),
  stop: positive.nullish(),
  trailingDistance: positive.nullish(),
  trailingUnit: z.enum(TRAILING_UNITS).nullish(),
  validity: orderValiditySchema,
  /** The customer read the warning for complex products (derivatives) and goes ahead. */
  acknowledgedComplexRisk: z.boolean().optional(),
});
export type OrderTicketRequest = z.infer<typeof orderTicketSchema>;

export const exAnteCostsSchema = z.object({
  orderValue: decimalStringSchema,
  orderFee: decimalStringSchema,
  smallOrderSurcharge: decimalStringSchema,
  spreadCost: decimalStringSchema,
  total: decimalStringSchema,
  totalPercent: decimalStringSchema,
  smallOrder: z.boolean(),
});

/** What the customer must confirm or acknowledge before the order can go. */
export const orderRequirementsSchema = z.object({
  /** Low-trading instrument and the customer has not confirmed /api/user/confirmlowtrading yet. */
  lowTradingConfirmation: z.boolean(),
  /** OTC instrument and the customer has not confirmed /api/user/confirmotctrading yet. */
  otcConfirmation: z.boolean(),
  /** Complex product: the appropriateness warning must be acknowledged with the order. */
  complexWarning: z.boolean(),
});

export const orderPreviewSchema = z.object({
  costs: exAnteCostsSchema,
  /** Euros per unit of the quote currency used for the estimate. */
  fxRate: decimalStringSchema,
  currency: z.string(),
  /** The quote the estimate used. */
  bid: decimalStringSchema.nullable(),
  ask: decimalStringSchema.nullable(),
  requirements: orderRequirementsSchema,
  /** Buying power (buy) or available pieces (sell) after this order. */
  availableAfter: decimalStringSchema.nullable(),
  /** A sale: the tax it would withhold at the current bid (absent when tax is disabled or there is no bid). */
  tax: saleTaxEstimateSchema.nullable().optional(),
});
export type OrderPreview = z.infer<typeof orderPreviewSchema>;

export const rfqRequestSchema = z.object({ isin: isinSchema, side: z.enum(ORDER_SIDES), quantity: positiveDecimalInputSchema(), acknowledgedComplexRisk: z.boolean().optional() });

export const executionSchema = z.object({
  id: z.string(),
  quantity: decimalStringSchema,
  price: decimalStringSchema,
  currency: z.string(),
  fxRate: decimalStringSchema,
  /** Euros. */
  value: decimalStringSchema,
  fee: decimalStringSchema,
  realisedPnl: decimalStringSchema.nullable(),
  executedAt: z.iso.datetime({ offset: true }),
  /** The contract note (Wertpapierabrechnung) in the Posteingang. */
  documentId: z.string().nullable(),
  /** A sale's tax (absent when tax is disabled). */
  tax: orderTaxSchema.optional(),
});
export type Execution = z.infer<typeof executionSchema>;

/** The kinds an order in the list can have: those a customer places, and `savings` (a savings plan's execution). */
export const LISTED_ORDER_KINDS = [...TICKET_ORDER_KINDS, 'savings'] as const;

export const tradingOrderSchema = z.object({
  id: z.string(),
  isin: z.string(),
  name: z.string(),
  side: z.enum(ORDER_SIDES),
  kind: z.enum(LISTED_ORDER_KINDS),
  status: z.enum(ORDER_STATUSES),
  cancelStatus: z.enum(CANCEL_STATUSES).nullable(),
  /** combinedOrderStatus(status, cancelStatus): e.g. "PartiallyFilled_Canceled". */
  display: z.string(),
  /** The German label of `display` (orderStatusLabel). */
  label: z.string(),
  quantity: decimalStringSchema.nullable(),
  amount: decimalStringSchema.nullable(),
  limit: decimalStringSchema.nullable(),
  stop: decimalStringSchema.nullable(),
  trailingDistance: decimalStringSchema.nullable(),
  trailingUnit: z.enum(TRAILING_UNITS).nullable(),
  validity: orderValiditySchema,
  expiresAt: z.iso.datetime({ offset: true }),
  filledQuantity: decimalStringSchema,
  averagePrice: decimalStringSchema.nullable(),
  currency: z.string(),
  quotedPrice: decimalStringSchema.nullable(),
  reason: z.string().nullable(),
  costs: exAnteCostsSchema.nullable(),
  /** Euros held for this buy order while it is open. */
  reserved: decimalStringSchema,
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
  executions: z.array(executionSchema).optional(),
  /** A sale with executions: the tax of all of them (the pots after the last). */
  tax: orderTaxSchema.optional(),
});
export type TradingOrder = z.infer<typeof tradingOrderSchema>;

export const orderListSchema = z.object({ orders: z.array(tradingOrderSchema) });

export const cashSchema = z.object({
  /** Buying power. */
  available: decimalStringSchema,
  reserved: decimalStringSchema,
  /** What `reserved` is held for; the parts add up to it. */
  reservedParts: reservedPartsSchema,
  total: decimalStringSchema,
});
export type Cash = z.infer<typeof cashSchema>;

export const positionSchema = z.object({
  isin: z.string(),
  name: z.string(),
  instrumentType: z.string(),
  currency: z.string(),
  quantity: decimalStringSchema,
  /** Pieces blocked by open sell orders. */
  blocked: decimalStringSchema,
  available: decimalStringSchema,
  /** Acquisition cost in euros, fees included. */
  cost: decimalStringSchema,
  /** Euros per piece. */
  averagePrice: decimalStringSchema,
  firstPurchase: z.iso.datetime({ offset: true }),
  /** Sum of the realised gains and losses of past sales of this instrument, euros. */
  realisedPnl: decimalStringSchema,
  /** Value at the current bid in euros; null without a quote (or exchange rate). */
  value: decimalStringSchema.nullable(),
  /** Gain or loss since purchase (value − cost), euros; null without a value. */
  gain: decimalStringSchema.nullable(),
  /** The same in percent of the cost ("9.79" = 9,79 %); null without a value or a cost. */
  gainPercent: decimalStringSchema.nullable(),
  /** Subscription rights (Bezugsrechte, "Bezugsrecht (Teilrecht)"): the corporate action and the share they belong to. */
  rightsOf: z.object({ eventId: z.string(), isin: z.string() }).nullable().optional(),
});
export type Position = z.infer<typeof positionSchema>;

/** The positions together, since purchase: value and gain null while a position has no value. */
export const depotTotalsSchema = z.object({
  cost: decimalStringSchema,
  value: decimalStringSchema.nullable(),
  gain: decimalStringSchema.nullable(),
  gainPercent: decimalStringSchema.nullable(),
});
export type DepotTotals = z.infer<typeof depotTotalsSchema>;

export const depotSchema = z.object({ positions: z.array(positionSchema), totals: depotTotalsSchema, cash: cashSchema });
export type Depot = z.infer<typeof depotSchema>;

export const depositRequestSchema = z.object({
  amount: positive.refine((v) => isDecimalString(v) && new Decimal(v).lte(1_000_000) && new Decimal(v).decimalPlaces() <= 2, 'Höchstens 1.000.000,00 € mit zwei Nachkommastellen'),
});

/**
 * A message on the customer's live order stream (`GET /api/trading/stream`, Server-Sent Events:
 * the event name is `type`, the data the whole message as JSON).
 */
export const orderMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('status'), orderId: z.string(), at: z.string(), display: z.string(), label: z.string() }),
  z.object({ type: z.literal('execution'), orderId: z.string(), at: z.string(), quantity: z.string(), price: z.string() }),
  z.object({ type: z.literal('tslupdate'), orderId: z.string(), at: z.string(), stop: z.string(), previousStop: z.string().nullable() }),
]) satisfies z.ZodType<OrderStreamMessage>;
