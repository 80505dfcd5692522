import Decimal from 'decimal.js';
import { z } from 'zod';
import { authorisationResultSchema } from './auth-contracts';
import { decimalStringSchema, isDecimalString } from './money';

/**
 * The contracts of moving money (spec §7 /api/moneytransaction, /api/user/account/iban). The spec
 * shows no fields, so these are Kontor's; server and web use exactly these schemas.
 *
 * - GET    /api/moneytransaction                       → MoneyOverview (cash figures, accounts, mandate, open payouts)
 * - GET    /api/moneytransaction/history?month&kind     → AccountHistory (Kontoumsätze with running balance)
 * - GET    /api/moneytransaction/history.csv?month&kind → the same as CSV (semicolon, German numbers)
 * - POST   /api/moneytransaction/payouts               payout (Idempotency-Key, authorisation) → 201 Payout
 * - GET    /api/moneytransaction/payouts/{id}           → Payout
 * - DELETE /api/moneytransaction/payouts/{id}           cancel before it is executed → Payout
 * - POST   /api/moneytransaction/mandate               sign the SEPA direct debit mandate (authorisation) → 201 Mandate
 * - POST   /api/moneytransaction/debits                collect by direct debit (Idempotency-Key) → 201 DirectDebit
 * - GET    /api/user/account/iban                      → ReferenceAccount (masked)
 * - PUT    /api/user/account/iban                      set the reference account while none is set → ReferenceAccount
 */

/** How much of a direct debit is credited as buying power at once, before it settles (outstanding per customer). Decision. */
export const DIRECT_DEBIT_INSTANT_LIMIT = '1000.00';

/** A direct debit settles this many banking days after it is requested (SEPA core: D+2). */
export const DIRECT_DEBIT_SETTLEMENT_DAYS = 2;

/** Kontor's account that customers transfer to, and the creditor identifier of its direct debits. Decision: demo values (valid check digits). */
export const KONTOR_BANK_ACCOUNT = {
  holder: 'Kontor Wertpapierhandelsbank AG',
  iban: 'DE02120300000000202051',
  bic: 'KONTDEB1XXX',
  creditorId: 'DE98ZZZ09999999999',
} as const;

/** A money amount a customer types: above 0, at most 1.000.000,00 €, at most two decimals. */
export const moneyAmountInputSchema = decimalStringSchema.refine(
  (v) => isDecimalString(v) && new Decimal(v).gt(0) && new Decimal(v).lte(1_000_000) && new Decimal(v).decimalPlaces() <= 2,
  'Bitte geben Sie einen Betrag über 0 und bis 1.000.000,00 € mit höchstens zwei Nachkommastellen ein.',
);

/** What a MONEY_TRANSACTION authorisation's `data` holds; the challenge is bound to exactly this (amount + IBAN). */
export const moneyTransactionDataSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('PAYOUT'), amount: moneyAmountInputSchema, iban: z.string().min(1) }),
  z.object({ kind: z.literal('MANDATE'), iban: z.string().min(1) }),
]);
export type MoneyTransactionData = z.infer<typeof moneyTransactionDataSchema>;

/**
 * What the reserved money is held for, one line each; the three add up to the reserved total
 * (Kaufkraft = Kontostand − reserved). A hold's ledger ref names its purpose (`reservedPurposeOf`).
 */
export const reservedPartsSchema = z.object({
  /** Reserviert für offene Orders: open buy orders. */
  openOrders: decimalStringSchema,
  /** Reserviert für Kapitalmaßnahmen: corporate-action instructions that debit cash (a subscription). */
  corporateActions: decimalStringSchema,
  /** Reserviert für Auszahlungen: payouts held until they are sent. */
  payouts: decimalStringSchema,
});
export type ReservedParts = z.infer<typeof reservedPartsSchema>;
export const RESERVED_PURPOSES = ['openOrders', 'corporateActions', 'payouts'] as const;
export type ReservedPurpose = (typeof RESERVED_PURPOSES)[number];

/** The lines a customer sees: open orders and corporate actions always, payouts when money is held for one. */
export const shownReservedParts = (parts: ReservedParts): ReservedPurpose[] => RESERVED_PURPOSES.filter((p) => p !== 'payouts' || !new Decimal(parts.payouts).isZero());

/** Ledger refs of holds: a corporate-action instruction's is `ca:<event>:<sub>`, a payout's `payout:<id>`, an order's its id. */
export function reservedPurposeOf(ref: string | null): ReservedPurpose {
  if (ref?.startsWith('ca:')) return 'corporateActions';
  if (ref?.startsWith('payout:')) return 'payouts';
  return 'openOrders';
}

export const cashFiguresSchema = z.object({
  /** Kaufkraft: free cash, including direct-debit money credited but not yet settled. */
  availableToBuy: decimalStringSchema,
  /** Auszahlbar: free cash that is settled and not reserved. */
  availableToPayout: decimalStringSchema,
  /** Reserviert: held for open buy orders, corporate-action instructions and payouts (`reservedParts`). */
  reserved: decimalStringSchema,
  reservedParts: reservedPartsSchema,
  /** Noch nicht abgerechnet: credited but not yet settled (direct debits, sale proceeds before value date). */
  notYetSettled: decimalStringSchema,
  /** Kontostand: free + reserved. Negative after a returned direct debit that was already spent. */
  balance: decimalStringSchema,
});
export type CashFigures = z.infer<typeof cashFiguresSchema>;

export const referenceAccountSchema = z.object({
  /** The customer's own IBAN, electronic format; a payout's challenge is bound to it. */
  iban: z.string(),
  /** Masked for display: "DE89 •••• 3000". */
  ibanMasked: z.string(),
  holder: z.string(),
  bic: z.string().nullable(),
});
export type ReferenceAccount = z.infer<typeof referenceAccountSchema>;

export const setReferenceAccountSchema = z.object({ iban: z.string().trim().min(1, 'Bitte geben Sie eine IBAN ein.').max(42) });

/** Kontor's account a transfer goes to, and the reference that names the customer. */
export const depositAccountSchema = z.object({
  holder: z.string(),
  iban: z.string(),
  bic: z.string(),
  reference: z.string(),
});

export const mandateSchema = z.object({
  mandateReference: z.string(),
  creditorId: z.string(),
  signedAt: z.iso.datetime({ offset: true }),
  ibanMasked: z.string(),
});
export type Mandate = z.infer<typeof mandateSchema>;

export const PAYOUT_STATES = ['ORDERED', 'EXECUTED', 'CANCELLED'] as const;
export type PayoutState = (typeof PAYOUT_STATES)[number];
export const payoutSchema = z.object({
  id: z.string(),
  amount: decimalStringSchema,
  ibanMasked: z.string(),
  state: z.enum(PAYOUT_STATES),
  orderedAt: z.iso.datetime({ offset: true }),
  /** The banking day it is executed on. */
  executionDate: z.iso.date(),
  cancellable: z.boolean(),
});
export type Payout = z.infer<typeof payoutSchema>;

export const payoutRequestSchema = z.object({ amount: moneyAmountInputSchema, authorisation: authorisationResultSchema });

export const DEBIT_STATES = ['PENDING', 'SETTLED', 'RETURNED'] as const;
export const directDebitSchema = z.object({
  id: z.string(),
  amount: decimalStringSchema,
  /** Credited as buying power at once (up to the instant limit). */
  creditedAtOnce: decimalStringSchema,
  state: z.enum(DEBIT_STATES),
  requestedAt: z.iso.datetime({ offset: true }),
  settlementDate: z.iso.date(),
});
export type DirectDebit = z.infer<typeof directDebitSchema>;
export const directDebitRequestSchema = z.object({ amount: moneyAmountInputSchema });

export const moneyOverviewSchema = z.object({
  cash: cashFiguresSchema,
  referenceAccount: referenceAccountSchema.nullable(),
  depositAccount: depositAccountSchema,
  directDebit: z.object({
    /** The "direct debit enabled" feature flag (spec §9). */
    enabled: z.boolean(),
    mandate: mandateSchema.nullable(),
    /** How much of a debit is credited at once. */
    instantLimit: decimalStringSchema,
  }),
  payouts: z.array(payoutSchema),
  debits: z.array(directDebitSchema),
});
export type MoneyOverview = z.infer<typeof moneyOverviewSchema>;

/** Kinds of account entries, for the history filter. */
export const ACCOUNT_ENTRY_KINDS = ['deposit', 'payout', 'buy', 'sell', 'fee', 'debit', 'debit_return'] as const;
export type AccountEntryKind = (typeof ACCOUNT_ENTRY_KINDS)[number];

export const accountHistoryQuerySchema = z.object({
  /** "2026-11" */
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Monat im Format JJJJ-MM').optional(),
  kind: z.enum(ACCOUNT_ENTRY_KINDS).optional(),
});

export const accountEntrySchema = z.object({
  id: z.string(),
  kind: z.enum(ACCOUNT_ENTRY_KINDS),
  /** Buchungstag */
  date: z.iso.date(),
  /** Valuta */
  valueDate: z.iso.date(),
  text: z.string(),
  amount: decimalStringSchema,
  /** Kontostand after this entry. */
  balance: decimalStringSchema,
});
export type AccountEntry = z.infer<typeof accountEntrySchema>;

export const accountHistorySchema = z.object({
  entries: z.array(accountEntrySchema),
  /** Months with entries, newest first, for the month filter. */
  months: z.array(z.string()),
});
export type AccountHistory = z.infer<typeof accountHistorySchema>;
