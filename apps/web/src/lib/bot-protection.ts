import { useSyncExternalStore } from 'react';
import { solveChallengeInSteps } from '@kontor/domain/proof-of-work';
import { loadScript as defaultLoadScript } from './script-loader';

/**
 * Source of the `x-aws-waf-token` header for the onboarding calls (spec §7). Production loads the
 * provider's challenge script; the embedded default solves a proof-of-work challenge of Kontor's own.
 */
export interface BotProtection {
  getToken(): Promise<string>;
}

declare global {
  interface Window {
    AwsWafIntegration?: { getToken(): Promise<string> };
  }
}

/** The provider's challenge script defines `window.AwsWafIntegration` once it has loaded. */
export function scriptBotProtection(
  scriptUrl: string,
  loadScript: (url: string) => Promise<void> = defaultLoadScript,
): BotProtection {
  return {
    async getToken() {
      await loadScript(scriptUrl);
      const integration = window.AwsWafIntegration;
      if (!integration) throw new Error(`Bot protection script ${scriptUrl} did not provide AwsWafIntegration`);
      return integration.getToken();
    },
  };
}

/** How far the running bot check is (0–1, a likelihood), or null when none runs: the account opening shows it. */
let checkShare: number | null = null;
const checkListeners = new Set<() => void>();
function setCheckShare(share: number | null): void {
  checkShare = share;
  for (const listener of checkListeners) listener();
}
export function useBotCheckProgress(): number | null {
  return useSyncExternalStore(
    (listener) => {
      checkListeners.add(listener);
      return () => checkListeners.delete(listener);
    },
    () => checkShare,
    () => null,
  );
}

type Pacing = {
  /** Between batches: by default a macrotask, in which the page paints and answers. */
  pause?: () => Promise<void>;
  batch?: number;
};

/** The domain's solver in batches, its progress published. */
async function solveVisibly(challenge: string, difficulty: number, pacing: Pacing): Promise<string> {
  setCheckShare(0);
  try {
    return await solveChallengeInSteps(challenge, difficulty, {
      pause: pacing.pause ?? (() => new Promise((resolve) => setTimeout(resolve, 0))),
      progress: (share) => setCheckShare(share),
      ...(pacing.batch ? { batch: pacing.batch } : {}),
    });
  } finally {
    setCheckShare(null);
  }
}

/**
 * Kontor's embedded stand-in, a proof of work: `GET {apiBaseUrl}/api/bot-protection/challenge` →
 * `{ challenge, difficulty }`, solved here with the domain's solver (the same code the server
 * verifies with). The token is `${challenge}:${n}`; the server accepts it once. Solving takes a
 * moment (about 2^difficulty hashes), only when an onboarding call is sent; the page stays
 * responsive and shows how far it is.
 */
export function embeddedBotProtection(
  apiBaseUrl = '',
  fetchFn: typeof fetch = (...args) => fetch(...args),
  pacing: Pacing = {},
): BotProtection {
  return {
    async getToken() {
      const response = await fetchFn(`${apiBaseUrl}/api/bot-protection/challenge`, {
        credentials: 'include',
        cache: 'no-store',
        headers: { Accept: 'application/json' },
      });
      if (!response.ok) throw new Error(`Bot protection challenge answered ${response.status}`);
      const body = (await response.json()) as { challenge?: unknown; difficulty?: unknown };
      if (typeof body.challenge !== 'string' || body.challenge === '' || typeof body.difficulty !== 'number') {
        throw new Error('Bot protection challenge malformed');
      }
      return solveVisibly(body.challenge, body.difficulty, pacing);
    },
  };
}

export function createBotProtection(config: { apiBaseUrl: string; botProtectionScriptUrl: string | null }): BotProtection {
  return config.botProtectionScriptUrl
    ? scriptBotProtection(config.botProtectionScriptUrl)
    : embeddedBotProtection(config.apiBaseUrl);
}
