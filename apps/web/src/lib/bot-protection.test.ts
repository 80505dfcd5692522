import { afterEach, describe, expect, it, vi } from 'vitest';
import { createBotProtection, scriptBotProtection } from './bot-protection';

afterEach(() => {
  delete window.AwsWafIntegration;
});

describe('bot protection', () => {
  it('with a configured script: loads it, then asks AwsWafIntegration for the token', async () => {
    const loadScript = vi.fn(async () => {
      window.AwsWafIntegration = { getToken: async () => 'aws-waf-token' };
    });
    const protection = scriptBotProtection('https://waf.example/challenge.js', loadScript);
    await expect(protection.getToken()).resolves.toBe('aws-waf-token');
    expect(loadScript).toHaveBeenCalledWith('https://waf.example/challenge.js');
  });

  it('fails when the script did not provide AwsWafIntegration', async () => {
    const protection = scriptBotProtection('https://waf.example/challenge.js', async () => {});
    await expect(protection.getToken()).rejects.toThrow(/AwsWafIntegration/);
  });

  it("without a script URL uses Kontor's endpoint under the API base URL", async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ challenge: 'v1.n.k0.1.m', difficulty: 1 }), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    try {
      await createBotProtection({ apiBaseUrl: 'https://api.kontor.example', botProtectionScriptUrl: null }).getToken();
      expect(fetch).toHaveBeenCalledWith('https://api.kontor.example/api/bot-protection/challenge', expect.anything());
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
