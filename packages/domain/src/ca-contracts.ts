import Decimal from 'decimal.js';
import { z } from 'zod';
import { authorisationResultSchema } from './auth-contracts';
import { CA_OPTIONS } from './corporate-actions';
import { CA_TYPES } from './enums';
import { decimalStringSchema } from './money';
import { saleTaxEstimateSchema } from './tax-contracts';
import { typedText } from './text';
import { toWireAmount } from './numbers';

/**
 * The corporate-actions API (spec §7; decimal strings, euros):
 *   GET  /api/ca/ankuendigung                → CaAnnouncementList (the customer's events, open ones first)
 *   GET  /api/ca/ankuendigung/{id}           → CaAnnouncement (404 unless the customer is entitled)
 *   POST /api/ca/weisungvorschauanfordern    ← CaInstructionRequest → CaPreview (nothing is written)
 *   POST /api/ca/weisungerteilen             ← CaInstructionRequest (+ authorisation when it debits cash) → CaAnnouncement
 * An instruction that debits cash is authorised like a payout: the client asks for a challenge for
 * `{ type: 'CA_INSTRUCTION', data: caAuthorisationData(...) }`, and sends the verified result along.
 */

export const caOptionSchema = z.enum(CA_OPTIONS);
export const caTypeSchema = z.enum(CA_TYPES);

/**
 * Where an event stands for the customer: OFFEN (an instruction is possible and none given),
 * WEISUNG_ERTEILT (given, changeable until the deadline), INFORMATION (mandatory: nothing to do
 * before the booking), FRIST_ABGELAUFEN (deadline passed, not booked yet), GEBUCHT (booked),
 * ABGESCHLOSSEN (the pay date has passed and nothing was booked for the customer, e.g. an offer not taken up).
 */
export const CA_STATUSES = ['OFFEN', 'WEISUNG_ERTEILT', 'INFORMATION', 'FRIST_ABGELAUFEN', 'GEBUCHT', 'ABGESCHLOSSEN'] as const;
export type CaStatus = (typeof CA_STATUSES)[number];
export const CA_STATUS_LABELS: Readonly<Record<CaStatus, string>> = {
  OFFEN: 'Weisung offen',
  WEISUNG_ERTEILT: 'Weisung erteilt',
  INFORMATION: 'Zur Information',
  FRIST_ABGELAUFEN: 'Frist abgelaufen',
  GEBUCHT: 'Gebucht',
  ABGESCHLOSSEN: 'Abgeschlossen ohne Buchung',
};

export const caInstructionSchema = z.object({
  option: caOptionSchema,
  quantity: decimalStringSchema.nullable(),
  /** `default`: nobody instructed before the deadline, so the default was taken. */
  source: z.enum(['customer', 'default']),
  /** Cash reserved for it, euros. */
  reserved: decimalStringSchema,
  instructedAt: z.iso.datetime({ offset: true }),
  /** Binding once the deadline has passed. */
  binding: z.boolean(),
});
export type CaInstruction = z.infer<typeof caInstructionSchema>;

export const caAnnouncementSchema = z.object({
  id: z.string(),
  type: caTypeSchema,
  typeLabel: z.string(),
  mandatory: z.boolean(),
  isin: z.string(),
  name: z.string(),
  /** The shares delivered (another ISIN for an exchange or a new issue). */
  targetIsin: z.string(),
  targetName: z.string(),
  /** KAP: the subscription rights (Bezugsrechte). */
  rightsIsin: z.string().nullable(),
  ratio: z.object({ old: decimalStringSchema, new: decimalStringSchema }),
  price: decimalStringSchema.nullable(),
  dividend: decimalStringSchema.nullable(),
  foreignDividend: decimalStringSchema.nullable(),
  currency: z.string().nullable(),
  /** One banking day after the ex date. */
  recordDate: z.iso.date(),
  exDate: z.iso.date(),
  /** Instructions are accepted until this instant. */
  deadline: z.iso.datetime({ offset: true }),
  /** KAP: the last trading day of the rights, when unused rights are sold. */
  rightsTradingEnd: z.iso.datetime({ offset: true }).nullable(),
  payDate: z.iso.date(),
  announcedAt: z.iso.datetime({ offset: true }),
  options: z.array(z.object({ option: caOptionSchema, label: z.string(), withQuantity: z.boolean() })),
  defaultOption: caOptionSchema.nullable(),
  status: z.enum(CA_STATUSES),
  /**
   * Shares entitled and rights held (KAP): before the ex date what is held now, from it the holding
   * at the end of the day before the ex date; the same figures the preview works with.
   */
  entitlement: z.object({ quantity: decimalStringSchema, rights: decimalStringSchema }),
  instruction: caInstructionSchema.nullable(),
  /** The terms of the offer in the Posteingang, and the statements of the bookings. */
  termsDocumentId: z.string().nullable(),
  statementDocumentIds: z.array(z.string()),
});
export type CaAnnouncement = z.infer<typeof caAnnouncementSchema>;

export const caAnnouncementListSchema = z.object({ items: z.array(caAnnouncementSchema) });
export type CaAnnouncementList = z.infer<typeof caAnnouncementListSchema>;

export const caEventIdParamsSchema = z.object({ id: typedText().min(1).max(64) });

export const caInstructionRequestSchema = z.object({
  eventId: typedText().min(1).max(64),
  option: caOptionSchema,
  /** New shares to subscribe, or shares to tender/exchange; null where the option takes none. */
  quantity: decimalStringSchema.nullable().optional(),
  authorisation: authorisationResultSchema.optional(),
});
export type CaInstructionRequest = z.infer<typeof caInstructionRequestSchema>;

/** What an instruction would book, as `caOutcome` works it out, with its tax. */
export const caPreviewSchema = z.object({
  eventId: z.string(),
  option: caOptionSchema,
  quantity: decimalStringSchema.nullable(),
  sharesIn: z.array(z.object({ isin: z.string(), name: z.string(), quantity: decimalStringSchema })),
  sharesOut: z.array(z.object({ isin: z.string(), name: z.string(), quantity: decimalStringSchema })),
  rightsUsed: decimalStringSchema,
  rightsBought: decimalStringSchema,
  rightsSold: decimalStringSchema,
  rightsLapsed: decimalStringSchema,
  /** What leaves cash, fees included. */
  cashDebit: decimalStringSchema,
  /** What comes in, after the fee of a sale. */
  cashCredit: decimalStringSchema,
  /** The fees inside the two. */
  costs: decimalStringSchema,
  fraction: z.object({ isin: z.string(), quantity: decimalStringSchema, amount: decimalStringSchema, side: z.enum(['sell', 'buy']) }).nullable(),
  /** The tax a sale or a dividend of it would withhold now (negative: a refund); null without tax or when nothing is taxed. */
  tax: saleTaxEstimateSchema.nullable(),
  /** cashCredit − cashDebit − tax: what the bookings move on the cash account, every fee included (negative: a loss). */
  netCash: decimalStringSchema,
  /** Cash reserved at once when the instruction is given. */
  reserve: decimalStringSchema,
  /** The instruction debits cash: it needs a TAN or the app. */
  needsAuthorisation: z.boolean(),
  /** When each part is booked. */
  bookedOn: z.object({ rights: z.iso.date().nullable(), pay: z.iso.date() }),
});
export type CaPreview = z.infer<typeof caPreviewSchema>;

/** What a CA_INSTRUCTION authorisation is bound to: the event, the option, the quantity and the amount debited. */
export function caAuthorisationData(p: { eventId: string; option: string; quantity: string | null; amount: string }) {
  return { eventId: p.eventId, option: p.option, quantity: p.quantity, amount: p.amount };
}

/**
 * The amount a CA_INSTRUCTION authorisation is bound to, from the preview: the cash reserved, or
 * what the cash account loses (tax included) when that is more. The server checks the same.
 */
export function caAuthorisationAmount(p: Pick<CaPreview, 'reserve' | 'netCash'>): string {
  return toWireAmount(Decimal.max(p.reserve, new Decimal(p.netCash).neg()));
}
