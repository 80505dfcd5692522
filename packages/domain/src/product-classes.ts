import type { InstrumentType } from './enums';

/**
 * The product classes of the appropriateness test (§63(10) WpHG), without zod and the account
 * opening's validators: the order ticket checks an order's class; onboarding.ts re-exports this.
 */

export const PRODUCT_CLASSES = ['SHARES', 'ETFS', 'FUNDS', 'DERIVATIVES', 'CRYPTO'] as const;
export type ProductClass = (typeof PRODUCT_CLASSES)[number];
export const PRODUCT_CLASS_LABELS: Readonly<Record<ProductClass, string>> = {
  SHARES: 'Aktien',
  ETFS: 'ETFs',
  FUNDS: 'Fonds',
  DERIVATIVES: 'Derivate',
  CRYPTO: 'Kryptowerte',
};

const PRODUCT_CLASS_OF_TYPE: Readonly<Record<InstrumentType, ProductClass | null>> = {
  AKTIE: 'SHARES',
  ETF: 'ETFS',
  FONDS: 'FUNDS',
  DERIVAT: 'DERIVATIVES',
  KRYPTO: 'CRYPTO',
  INDEX: null,
  WAEHRUNG: null,
  ROHSTOFF: null,
};

/** The product class whose appropriateness an order checks; null: no check (indices, currencies, commodities). */
export const productClassOf = (type: InstrumentType | string): ProductClass | null => PRODUCT_CLASS_OF_TYPE[type as InstrumentType] ?? null;
