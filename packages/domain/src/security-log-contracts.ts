import { z } from 'zod';

/**
 * The security log (Sicherheitsprotokoll): what happened to the customer's access and money, as
 * the customer reads it in the settings. Written append-only, kept SECURITY_LOG_RETENTION_YEARS.
 *
 * - GET /api/security-log ?cursor&limit → SecurityLogPage (newest first; `cursor` is the
 *   `nextCursor` of the page before)
 */

export const SECURITY_EVENT_KINDS = [
  'SIGN_IN',
  'SIGN_IN_FAILED',
  'LOCKED_OUT',
  'MFA_CHANGED',
  'PASSWORD_CHANGED',
  'MOBILE_NUMBER_CHANGED',
  'DEVICE_FORGOTTEN',
  'DEVICE_ENROLLED',
  'DEVICE_RETIRED',
  'PAYOUT',
  'REFERENCE_ACCOUNT_CHANGED',
  'EMAIL_CHANGED',
  'OAUTH_GRANTED',
  'OAUTH_REVOKED',
  /** TAN authorisation locked after too many wrong TANs in a row; `detail` is the end of the lock (ISO instant). */
  'TAN_LOCKED',
] as const;
export type SecurityEventKind = (typeof SECURITY_EVENT_KINDS)[number];

/** How long an entry is kept; the purge removes only what is older. */
export const SECURITY_LOG_RETENTION_YEARS = 3;
export const SECURITY_LOG_PAGE_DEFAULT = 20;
export const SECURITY_LOG_PAGE_MAX = 100;

export const securityEventSchema = z.object({
  id: z.uuid(),
  kind: z.enum(SECURITY_EVENT_KINDS),
  at: z.iso.datetime({ offset: true }),
  /** Browser and operating system from the User-Agent, e.g. "Chrome 131 · Windows"; null when unknown. */
  device: z.string().nullable(),
  /** LOCAL: loopback or a private network ("Lokales Netz"); PUBLIC: `country` says where, when known. */
  network: z.enum(['LOCAL', 'PUBLIC']).nullable(),
  /** ISO 3166-1 alpha-2, e.g. "DE"; the app names it in the customer's language. */
  country: z.string().length(2).nullable(),
  /** The client address, shortened (IPv4 without its last part, IPv6 to its /48). */
  address: z.string().nullable(),
  /** What the event was about: the app's device name, the application's name, a masked IBAN, a payout's amount in EUR. */
  detail: z.string().nullable(),
});
export type SecurityEvent = z.infer<typeof securityEventSchema>;

export const securityLogQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(SECURITY_LOG_PAGE_MAX).default(SECURITY_LOG_PAGE_DEFAULT),
});
export const securityLogPageSchema = z.object({ events: z.array(securityEventSchema), nextCursor: z.string().nullable() });
export type SecurityLogPage = z.infer<typeof securityLogPageSchema>;
