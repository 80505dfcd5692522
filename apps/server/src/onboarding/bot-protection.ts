import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { BOT_PROTECTION_FAILED_MESSAGE, BOT_PROTECTION_HEADER, type BotProtectionChallenge } from '@kontor/domain/onboarding-contracts';
import { CHALLENGE_VERSION, checkProofOfWork } from '@kontor/domain/proof-of-work';
import type { Clock } from '../platform/clock.ts';
import type { Db } from '../platform/db.ts';
import { AppError } from '../platform/errors.ts';
import type { OnboardingStore } from './store.ts';

/** A challenge is good for this long after it was issued. */
export const CHALLENGE_TTL_MS = 10 * 60_000;
/** Used challenges are swept at most this often. */
const SWEEP_EVERY_MS = 60_000;

export type BotCheck = 'ok' | 'missing' | 'malformed' | 'forged' | 'expired' | 'future' | 'replayed';

/**
 * Kontor's own bot protection (spec §7 `x-aws-waf-token`): a signed proof-of-work challenge, so no
 * outside service is needed. A token is good once: the challenge's hash goes into
 * bot_protection_tokens_used in the request that spends it.
 */
export function botProtection(deps: { db: Db; store: (db: Db) => OnboardingStore; clock: Clock; difficulty: number; secret?: Buffer }) {
  const secret = deps.secret ?? randomBytes(32);
  const mac = (signed: string) => createHmac('sha256', secret).update(signed).digest('base64url');
  let lastSweep = 0;

  function issue(): BotProtectionChallenge {
    const signed = [CHALLENGE_VERSION, randomBytes(16).toString('base64url'), deps.clock.now().getTime().toString(36), String(deps.difficulty)].join('.');
    return { challenge: `${signed}.${mac(signed)}`, difficulty: deps.difficulty };
  }

  async function check(token: string | undefined): Promise<BotCheck> {
    if (!token) return 'missing';
    const parsed = checkProofOfWork(token);
    if (!parsed) return 'malformed';
    const expected = Buffer.from(mac(parsed.challenge.signed));
    const given = Buffer.from(parsed.challenge.mac);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'forged';
    const now = deps.clock.now().getTime();
    const issuedAt = parsed.challenge.issuedAtMs;
    if (issuedAt > now + 5_000) return 'future';
    if (now - issuedAt > CHALLENGE_TTL_MS) return 'expired';
    const hash = createHash('sha256').update(parsed.challengeText).digest('hex');
    if (!(await deps.store(deps.db).useChallenge(hash, new Date(issuedAt + CHALLENGE_TTL_MS)))) return 'replayed';
    if (now - lastSweep > SWEEP_EVERY_MS) {
      lastSweep = now;
      await deps.store(deps.db).sweepChallenges(new Date(now));
    }
    return 'ok';
  }

  /** The preHandler of every state-changing onboarding route: 403 with the same words whatever failed. */
  async function require(req: FastifyRequest): Promise<void> {
    const header = req.headers[BOT_PROTECTION_HEADER];
    const result = await check(typeof header === 'string' ? header : undefined);
    if (result === 'ok') return;
    // The reason only; never the token.
    req.log.info({ botProtection: result }, 'bot protection refused a request');
    throw new AppError(403, BOT_PROTECTION_FAILED_MESSAGE);
  }

  return { issue, check, require };
}

export type BotProtection = ReturnType<typeof botProtection>;
