import type { ValidityType } from './order-rules';

/**
 * The customer's own choices (theme, language, the ticket's default validity) and their defaults,
 * without zod: the signed-in app applies them in its first load; customer-settings-contracts.ts,
 * with the schemas, re-exports this module.
 */

/** The app's look: the system's setting, or light or dark (<html data-theme>). */
export const THEMES = ['SYSTEM', 'LIGHT', 'DARK'] as const;
export type Theme = (typeof THEMES)[number];

/** The app's languages (spec §2: translations per language); German is the default. */
export const LANGUAGES = ['de', 'en'] as const;
export type LanguageCode = (typeof LANGUAGES)[number];

/**
 * The validities an order ticket may start with: those that need no date of their own (a `date`
 * validity is picked per order).
 */
export const DEFAULT_ORDER_VALIDITIES = ['day', 'ultimo', 'gtc'] as const satisfies readonly ValidityType[];
export type DefaultOrderValidity = (typeof DEFAULT_ORDER_VALIDITIES)[number];

/** language null: never chosen here — the language of the customer's device applies (and is stored at sign-in). */
export const DEFAULT_PREFERENCES = { theme: 'SYSTEM', defaultOrderValidity: 'day', language: null } as const;
