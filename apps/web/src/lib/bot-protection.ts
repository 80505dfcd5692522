import { loadScript as defaultLoadScript } from './script-loader';

/**
 * Source of the `x-aws-waf-token` header for the onboarding calls (spec §7). Production loads the
 * provider's challenge script; the embedded default asks Kontor's own token endpoint.
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

/** Kontor's embedded stand-in: `GET {apiBaseUrl}/api/bot-protection/token` → `{ token }`. */
export function embeddedBotProtection(apiBaseUrl = '', fetchFn: typeof fetch = (...args) => fetch(...args)): BotProtection {
  return {
    async getToken() {
      const response = await fetchFn(`${apiBaseUrl}/api/bot-protection/token`, {
        credentials: 'include',
        headers: { Accept: 'application/json' },
      });
      if (!response.ok) throw new Error(`Bot protection token answered ${response.status}`);
      const body = (await response.json()) as { token?: unknown };
      if (typeof body.token !== 'string' || body.token === '') throw new Error('Bot protection token missing');
      return body.token;
    },
  };
}

export function createBotProtection(config: { apiBaseUrl: string; botProtectionScriptUrl: string | null }): BotProtection {
  return config.botProtectionScriptUrl
    ? scriptBotProtection(config.botProtectionScriptUrl)
    : embeddedBotProtection(config.apiBaseUrl);
}
