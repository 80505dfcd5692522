import type { UserRow } from './store.ts';

export type PoolSettings = {
  poolId: string;
  clientIds: readonly string[];
  /** ON: every user must have a second factor; users without one set up TOTP at sign-in. */
  mfa: 'ON' | 'OPTIONAL';
  maxFailedAttempts: number;
  lockMs: number;
  smsCodeTtlMs: number;
  emailCodeTtlMs: number;
  /** A password reset's code (by e-mail): short, as it opens the account's first factor. */
  resetCodeTtlMs: number;
  challengeTtlMs: number;
  /**
   * The attributes the app client may write itself (the provider's WriteAttributes of an app
   * client). Kontor owns the rest: e-mail and mobile number change only through its own flows,
   * with a TAN, by the administrative calls.
   */
  writeAttributes: readonly string[];
  /** The app client's ExplicitAuthFlows: the flows InitiateAuth takes (refresh is always on). */
  authFlows: readonly ('USER_SRP_AUTH' | 'USER_PASSWORD_AUTH' | 'CUSTOM_AUTH')[];
  /** The provider's AllowAdminCreateUserOnly: users come only from the account opening, SignUp is refused. */
  allowAdminCreateUserOnly: boolean;
};

export const DEFAULT_POOL_SETTINGS = {
  mfa: 'ON',
  maxFailedAttempts: 5,
  lockMs: 15 * 60_000,
  smsCodeTtlMs: 5 * 60_000,
  emailCodeTtlMs: 24 * 60 * 60_000,
  resetCodeTtlMs: 15 * 60_000,
  challengeTtlMs: 5 * 60_000,
  writeAttributes: ['locale'],
  // No CUSTOM_AUTH unless a hook is configured: a code by SMS alone would be one factor.
  authFlows: ['USER_SRP_AUTH', 'USER_PASSWORD_AUTH'],
  allowAdminCreateUserOnly: true,
} as const;

/** The pluggable custom-auth hook (CUSTOM_AUTH flow). */
export interface CustomAuthHook {
  createChallenge(user: UserRow): Promise<{ publicParameters: Record<string, string>; privateState: Record<string, string> }>;
  verify(answer: string, privateState: Record<string, string>): Promise<boolean>;
}
