import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * The bot protection of account opening (spec §7 `x-aws-waf-token`) as a proof of work, so no outside
 * service is needed. Kontor issues a signed challenge
 * `v1.<nonce base64url>.<issuedAt ms base36>.<difficulty>.<hmac base64url>`; the browser finds the
 * smallest integer n ≥ 0 such that SHA-256(`${challenge}:${n}`) has at least `difficulty` leading
 * zero bits, and sends `${challenge}:${n}` as the token. The hash rule lives here once, for the
 * browser's solver and the server's check alike (the HMAC stays on the server, it needs the secret).
 */

export const CHALLENGE_VERSION = 'v1';
/** The highest difficulty a challenge may name: beyond it a browser would work for minutes. */
export const MAX_DIFFICULTY = 32;

/** Leading zero bits of a byte string (0 to 8·length). */
export function leadingZeroBits(bytes: Uint8Array): number {
  let bits = 0;
  for (const byte of bytes) {
    if (byte === 0) {
      bits += 8;
      continue;
    }
    return bits + Math.clz32(byte) - 24;
  }
  return bits;
}

/** Whether `${challenge}:${n}` hashes to at least `difficulty` leading zero bits. */
export function satisfiesDifficulty(challenge: string, n: number, difficulty: number): boolean {
  return leadingZeroBits(sha256(utf8ToBytes(`${challenge}:${n}`))) >= difficulty;
}

/**
 * The token for a challenge: `${challenge}:${n}` with the smallest n that meets the difficulty.
 * Synchronous (about 2^difficulty hashes on average); a browser may run it in a worker.
 */
export function solveChallenge(challenge: string, difficulty: number): string {
  // A difficulty beyond the cap (or no number at all) would never end.
  if (!Number.isInteger(difficulty) || difficulty < 0 || difficulty > MAX_DIFFICULTY) throw new RangeError(`difficulty out of range: ${difficulty}`);
  for (let n = 0; ; n++) if (satisfiesDifficulty(challenge, n, difficulty)) return `${challenge}:${n}`;
}

/**
 * The same token, worked out in batches with a pause between them (a browser paints and answers in
 * the pauses) and the chance so far that a solution would have been found, for a progress bar
 * (1 − e^(−n / 2^difficulty): a likelihood, not a promise).
 */
export async function solveChallengeInSteps(
  challenge: string,
  difficulty: number,
  o: { pause: () => Promise<void>; progress?: (share: number) => void; batch?: number },
): Promise<string> {
  if (!Number.isInteger(difficulty) || difficulty < 0 || difficulty > MAX_DIFFICULTY) throw new RangeError(`difficulty out of range: ${difficulty}`);
  const batch = o.batch ?? 2_000;
  const expected = 2 ** difficulty;
  for (let n = 0; ; n++) {
    if (satisfiesDifficulty(challenge, n, difficulty)) {
      o.progress?.(1);
      return `${challenge}:${n}`;
    }
    if ((n + 1) % batch === 0) {
      o.progress?.(1 - Math.exp(-(n + 1) / expected));
      await o.pause();
    }
  }
}

export type ParsedChallenge = {
  /** The part the HMAC covers: `v1.<nonce>.<issuedAt>.<difficulty>`. */
  signed: string;
  nonce: string;
  issuedAtMs: number;
  difficulty: number;
  mac: string;
};

const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** The parts of a challenge, or null when it is not well-formed. */
export function parseChallenge(challenge: string): ParsedChallenge | null {
  const parts = challenge.split('.');
  if (parts.length !== 5) return null;
  const [version, nonce, issued, difficultyText, mac] = parts as [string, string, string, string, string];
  if (version !== CHALLENGE_VERSION || !BASE64URL.test(nonce) || !BASE64URL.test(mac)) return null;
  if (!/^[0-9a-z]{1,12}$/.test(issued) || !/^\d{1,2}$/.test(difficultyText)) return null;
  const difficulty = Number(difficultyText);
  if (difficulty > MAX_DIFFICULTY) return null;
  return { signed: parts.slice(0, 4).join('.'), nonce, issuedAtMs: parseInt(issued, 36), difficulty, mac };
}

export type ParsedToken = { challenge: ParsedChallenge; challengeText: string; n: number };

/**
 * A token's challenge and counter when it is well-formed and its work is done (the hash meets the
 * difficulty the challenge names); null otherwise. Signature, age and single use are the server's.
 */
export function checkProofOfWork(token: string): ParsedToken | null {
  if (token.length > 300) return null;
  const at = token.lastIndexOf(':');
  if (at < 0) return null;
  const challengeText = token.slice(0, at);
  const counter = token.slice(at + 1);
  // Canonical decimal only, so one solution has exactly one token text (single use holds).
  if (!/^(0|[1-9]\d{0,15})$/.test(counter)) return null;
  const challenge = parseChallenge(challengeText);
  if (!challenge) return null;
  const n = Number(counter);
  if (!Number.isSafeInteger(n) || !satisfiesDifficulty(challengeText, n, challenge.difficulty)) return null;
  return { challenge, challengeText, n };
}
