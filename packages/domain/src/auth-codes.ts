/**
 * The machine-readable `code`s of refusals the web app acts on. Without zod, so that the web's API
 * client (in every page's first load) can read them; auth-contracts re-exports them.
 */

/**
 * The machine-readable `code` of the 403 a money or authorisation call gets after
 * MONEY_IDLE_LIMIT_MS without activity in its session: the web app answers it with the step-up.
 */
export const SESSION_IDLE_CODE = 'SESSION_IDLE';

/** The `code` of the 423 after too many wrong TANs in a row: TAN authorisation is locked for the customer, a new TAN would not help. */
export const TAN_CUSTOMER_LOCKED_CODE = 'TAN_CUSTOMER_LOCKED';
