import { solveChallenge } from '@kontor/domain/proof-of-work';
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

/**
 * Kontor's embedded stand-in, a proof of work: `GET {apiBaseUrl}/api/bot-protection/challenge` →
 * `{ challenge, difficulty }`, solved here with the domain's solver (the same code the server
 * verifies with). The token is `${challenge}:${n}`; the server accepts it once. Solving blocks
 * for a moment (about 2^difficulty hashes), only when an onboarding call is sent.
 */
export function embeddedBotProtection(
  apiBaseUrl = '',
  fetchFn: typeof fetch = (...args) => fetch(...args),
  solve: (challenge: string, difficulty: number) => string = solveChallenge,
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
      // Let the page paint its loading state before the work blocks the thread.
      await new Promise((resolve) => setTimeout(resolve, 0));
      return solve(body.challenge, body.difficulty);
    },
  };
}

export function createBotProtection(config: { apiBaseUrl: string; botProtectionScriptUrl: string | null }): BotProtection {
  return config.botProtectionScriptUrl
    ? scriptBotProtection(config.botProtectionScriptUrl)
    : embeddedBotProtection(config.apiBaseUrl);
}
