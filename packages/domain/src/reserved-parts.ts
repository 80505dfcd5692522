import Decimal from 'decimal.js';

/**
 * What the reserved money is held for, without zod: the depot's first load shows these lines;
 * money-contracts.ts (with `reservedPartsSchema`) re-exports this module.
 */

export const RESERVED_PURPOSES = ['openOrders', 'corporateActions', 'payouts'] as const;
export type ReservedPurpose = (typeof RESERVED_PURPOSES)[number];

/** One decimal string per purpose (money-contracts.ts, `reservedPartsSchema`). */
export type ReservedParts = Record<ReservedPurpose, string>;

/** The lines a customer sees: open orders and corporate actions always, payouts when money is held for one. */
export const shownReservedParts = (parts: ReservedParts): ReservedPurpose[] => RESERVED_PURPOSES.filter((p) => p !== 'payouts' || !new Decimal(parts.payouts).isZero());

/** Ledger refs of holds: a corporate-action instruction's is `ca:<event>:<sub>`, a payout's `payout:<id>`, an order's its id. */
export function reservedPurposeOf(ref: string | null): ReservedPurpose {
  if (ref?.startsWith('ca:')) return 'corporateActions';
  if (ref?.startsWith('payout:')) return 'payouts';
  return 'openOrders';
}
