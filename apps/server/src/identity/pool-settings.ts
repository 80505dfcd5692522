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
  challengeTtlMs: number;
};

export const DEFAULT_POOL_SETTINGS = {
  mfa: 'ON',
  maxFailedAttempts: 5,
  lockMs: 15 * 60_000,
  smsCodeTtlMs: 5 * 60_000,
  emailCodeTtlMs: 24 * 60 * 60_000,
  challengeTtlMs: 5 * 60_000,
} as const;

/** The pluggable custom-auth hook (CUSTOM_AUTH flow). */
export interface CustomAuthHook {
  createChallenge(user: UserRow): Promise<{ publicParameters: Record<string, string>; privateState: Record<string, string> }>;
  verify(answer: string, privateState: Record<string, string>): Promise<boolean>;
}
